package org.gbabsf.core.sim;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.Impi;

/**
 * A range of subscribers {@code user<N>@<domain>}, N in [0, count), whose secrets are derived from
 * the IMPI so that an HSS simulator and a UE simulator in different processes agree without sharing
 * a file:
 *
 * <pre>
 *   K   = first 16 octets of SHA-256("gba-bsf-sim:K:"   ‖ IMPI)
 *   OPc = first 16 octets of SHA-256("gba-bsf-sim:OPc:" ‖ IMPI)
 *   AMF = 0000, initial SQN = 0
 * </pre>
 *
 * These keys are for testing only: anyone who knows an IMPI knows its K.
 */
public final class GeneratedSubscriberDirectory implements SubscriberDirectory {

  private static final String PREFIX = "user";

  private final long count;
  private final String suffix;

  /** The range {@code user0@domain} … {@code user<count-1>@domain}. */
  public GeneratedSubscriberDirectory(long count, String domain) {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative");
    }
    this.count = count;
    this.suffix = "@" + domain;
  }

  /** The IMPI of subscriber number {@code n}. */
  public Impi impi(long n) {
    if (n < 0 || n >= count) {
      throw new IllegalArgumentException("subscriber " + n + " is outside [0, " + count + ")");
    }
    return new Impi(PREFIX + n + suffix);
  }

  @Override
  public List<Impi> impis(int limit) {
    List<Impi> out = new ArrayList<>();
    for (long n = 0; n < count && out.size() < limit; n++) {
      out.add(impi(n));
    }
    return out;
  }

  /** Number of subscribers in the range. */
  public long count() {
    return count;
  }

  @Override
  public Optional<Subscriber> find(Impi impi) {
    String v = impi.value();
    if (!v.startsWith(PREFIX) || !v.endsWith(suffix)) {
      return Optional.empty();
    }
    String digits = v.substring(PREFIX.length(), v.length() - suffix.length());
    if (digits.isEmpty()
        || digits.length() > 18
        || (digits.length() > 1 && digits.charAt(0) == '0')) {
      return Optional.empty();
    }
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        return Optional.empty();
      }
    }
    long n = Long.parseLong(digits);
    return n < count ? Optional.of(derive(impi)) : Optional.empty();
  }

  /** The documented derivation, for any IMPI. */
  public static Subscriber derive(Impi impi) {
    return new Subscriber(
        impi, secret("gba-bsf-sim:K:", impi), secret("gba-bsf-sim:OPc:", impi), new byte[2], 0);
  }

  private static byte[] secret(String label, Impi impi) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(label.getBytes(StandardCharsets.UTF_8));
      return Arrays.copyOf(sha.digest(impi.value().getBytes(StandardCharsets.UTF_8)), 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JRE", e);
    }
  }
}
