package org.gbabsf.core.domain;

import java.util.Objects;

/**
 * IP Multimedia Private Identity (TS 23.003 §13.3), the user name a UE presents on Ub (TS 24.109
 * §4.5.2). It is an identifier, not key material, and may be logged.
 *
 * @param value the IMPI in NAI form, e.g. {@code user1_private@home1.net}
 */
public record Impi(String value) {

  /** Longest IMPI accepted; NAIs are bounded to 253 octets by RFC 7542 §2.2, with some slack. */
  public static final int MAX_LENGTH = 256;

  /** Validates the IMPI: non-blank, bounded, printable ASCII/UTF-8 without control characters. */
  public Impi {
    Objects.requireNonNull(value, "value");
    if (!isValid(value)) {
      throw new IllegalArgumentException("not a valid IMPI");
    }
  }

  /**
   * True if {@code candidate} can be an IMPI; used by decoders to reject input without throwing.
   */
  public static boolean isValid(String candidate) {
    if (candidate == null || candidate.isBlank() || candidate.length() > MAX_LENGTH) {
      return false;
    }
    for (int i = 0; i < candidate.length(); i++) {
      char c = candidate.charAt(i);
      if (c < 0x21 || c == 0x7f) {
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
