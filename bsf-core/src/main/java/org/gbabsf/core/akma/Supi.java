package org.gbabsf.core.akma;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A Subscription Permanent Identifier as the SBI writes it (TS 29.571 §5.3.2, type Supi): {@code
 * imsi-} and 5 to 15 digits, or {@code nai-}, {@code gci-}, {@code gli-} and an identifier.
 *
 * @param value the SUPI text
 */
public record Supi(String value) {

  private static final Pattern SUPI =
      Pattern.compile("imsi-[0-9]{5,15}|nai-[^\\s@]+@[^\\s@]+|gci-\\S+|gli-\\S+");

  /** Longest SUPI accepted from a peer. */
  public static final int MAX_LENGTH = 4 + 253;

  /** Validates the SUPI's shape. */
  public Supi {
    Objects.requireNonNull(value, "value");
    if (value.length() > MAX_LENGTH || !SUPI.matcher(value).matches()) {
      throw new IllegalArgumentException("not a SUPI: imsi-digits, nai-, gci- or gli-");
    }
  }

  /** Whether the SUPI is an IMSI, the type the AKMA key derivation takes today. */
  public boolean isImsi() {
    return value.startsWith("imsi-");
  }

  /** Redacted: a SUPI is a subscriber's permanent identity. Use {@link #value()}. */
  @Override
  public String toString() {
    return "Supi[" + value.substring(0, value.indexOf('-')) + "-…]";
  }
}
