package org.gbabsf.core.akma;

import java.util.Objects;

/**
 * The AKMA Key Identifier (TS 33.535 §6.1): an NAI {@code username@realm} whose username carries
 * the routing indicator and the A-TID. The BSF treats it as an opaque, byte-exact key: its layout
 * is checked only as far as an NAI goes (a username, one {@code @}, a realm; printable ASCII).
 *
 * @param value the A-KID as the AUSF registered it
 */
public record AKid(String value) {

  /** Longest A-KID accepted from a peer (RFC 7542 §2.2 advises NAIs of at most 253 octets). */
  public static final int MAX_LENGTH = 253;

  /** Validates the shape. */
  public AKid {
    Objects.requireNonNull(value, "value");
    int at = value.indexOf('@');
    if (at <= 0
        || at == value.length() - 1
        || value.indexOf('@', at + 1) >= 0
        || value.length() > MAX_LENGTH
        || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw new IllegalArgumentException("not an A-KID: username@realm of printable ASCII");
    }
  }

  /** The realm (after {@code @}): the home network, safe to log. */
  public String realm() {
    return value.substring(value.indexOf('@') + 1);
  }

  /** Redacted: the username holds the A-TID. Use {@link #value()}. */
  @Override
  public String toString() {
    return "AKid[…@" + realm() + "]";
  }
}
