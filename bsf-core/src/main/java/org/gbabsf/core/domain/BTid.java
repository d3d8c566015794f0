package org.gbabsf.core.domain;

import java.util.Objects;

/**
 * Bootstrapping Transaction Identifier, {@code base64(RAND)@BSF_servers_domain_name} (TS 33.220
 * §4.5.2). It names a security association towards NAFs.
 *
 * @param value the B-TID text
 */
public record BTid(String value) {

  /** Longest B-TID accepted from a peer (base64 of 16 octets is 24 chars, plus a hostname). */
  public static final int MAX_LENGTH = 24 + 1 + 253;

  /** Validates the B-TID has a local part and a domain. */
  public BTid {
    Objects.requireNonNull(value, "value");
    int at = value.indexOf('@');
    if (at <= 0 || at == value.length() - 1 || value.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("not a B-TID");
    }
  }

  /** Builds the B-TID of TS 33.220 §4.5.2 from RAND and the BSF server name. */
  public static BTid of(Rand rand, String bsfServerName) {
    return new BTid(rand.base64() + "@" + bsfServerName);
  }

  /** The domain part (after {@code @}): safe to log. */
  public String domain() {
    return value.substring(value.indexOf('@') + 1);
  }

  /** Redacted: the local part is base64(RAND), which is never logged. Use {@link #value()}. */
  @Override
  public String toString() {
    return "BTid[…@" + domain() + "]";
  }
}
