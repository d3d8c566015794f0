package org.gbabsf.core.domain;

import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import org.gbabsf.core.crypto.GbaKdf;

/**
 * A temporary IMPI (TS 33.220 §4.3, Annex B.4): {@code TEMP@tmpi.bsf.3gppnetwork.org}, TEMP the
 * base64 encoding of the 24 most significant octets of a KDF over the previous bootstrap's Ks. A UE
 * that has one sends it as the Digest username on Ub instead of its IMPI, so the IMPI does not
 * travel in clear at every bootstrap.
 *
 * <p>A TMPI is an identifier, not key material: it travels in clear on Ub and may be logged. It is
 * not to be logged next to the IMPI it stands for, which would undo what it is for.
 *
 * @param value the whole TMPI, e.g. {@code
 *     WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4a@tmpi.bsf.3gppnetwork.org}
 */
public record Tmpi(String value) {

  /** The realm of every TMPI (TS 33.220 Annex B.4). */
  public static final String DOMAIN = "tmpi.bsf.3gppnetwork.org";

  private static final String SUFFIX = "@" + DOMAIN;

  /** 24 octets in base64: 32 characters, no padding. */
  private static final int USER_PART_LENGTH = 32;

  /**
   * Checks the form: 32 base64 characters (24 octets), then {@code @tmpi.bsf.3gppnetwork.org}; the
   * realm is kept in lower case, the user part as it is (base64 is case-sensitive).
   */
  public Tmpi {
    Objects.requireNonNull(value, "value");
    if (!isWellFormed(value)) {
      throw new IllegalArgumentException("not a TMPI of TS 33.220 Annex B.4");
    }
    value = value.substring(0, USER_PART_LENGTH) + SUFFIX;
  }

  /**
   * True if {@code username} is in the TMPI realm: TS 33.220 §4.5.2 has the BSF tell a TMPI from an
   * IMPI "from the structure of the username parameter". Case-insensitive in the realm only.
   */
  public static boolean inTmpiRealm(String username) {
    if (username == null || username.length() < SUFFIX.length()) {
      return false;
    }
    int from = username.length() - SUFFIX.length();
    for (int i = 0; i < SUFFIX.length(); i++) {
      char c = username.charAt(from + i);
      // ASCII case folding only: no Unicode letter may stand in for the realm's.
      char lower = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
      if (lower != SUFFIX.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** The TMPI {@code username} is, if it has the form of Annex B.4; else empty. */
  public static Optional<Tmpi> parse(String username) {
    return isWellFormed(username) ? Optional.of(new Tmpi(username)) : Optional.empty();
  }

  /**
   * The TMPI a bootstrapping run allocates (TS 33.220 Annex B.4): the UE derives the same value
   * from the same Ks and RAND, and presents it at its next bootstrap.
   */
  public static Tmpi derive(byte[] ks, Rand rand, Impi impi, String bsfName) {
    byte[] octets = GbaKdf.tmpi(ks, rand.octets(), impi.value(), bsfName);
    return new Tmpi(Base64.getEncoder().encodeToString(octets) + SUFFIX);
  }

  private static boolean isWellFormed(String candidate) {
    if (!inTmpiRealm(candidate) || candidate.length() != USER_PART_LENGTH + SUFFIX.length()) {
      return false;
    }
    String user = candidate.substring(0, USER_PART_LENGTH);
    for (int i = 0; i < user.length(); i++) {
      char c = user.charAt(i);
      boolean base64 =
          (c >= 'A' && c <= 'Z')
              || (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == '+'
              || c == '/';
      if (!base64) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return value;
  }
}
