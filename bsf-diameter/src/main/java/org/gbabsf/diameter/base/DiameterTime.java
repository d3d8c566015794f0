package org.gbabsf.diameter.base;

import java.time.Instant;

/**
 * The Time format of RFC 6733 §4.3.1: seconds since 1900-01-01 UTC in 32 bits (NTP, RFC 5905).
 * Values with the top bit clear are in NTP era 1 (after 2036-02-07), as RFC 6733 prescribes.
 */
public final class DiameterTime {

  private static final long EPOCH_OFFSET = 2_208_988_800L; // 1900-01-01 to 1970-01-01
  private static final long ERA = 1L << 32;

  private DiameterTime() {}

  /** The 32-bit value of {@code t}. */
  public static long toNtp(Instant t) {
    return (t.getEpochSecond() + EPOCH_OFFSET) & 0xFFFF_FFFFL;
  }

  /** The instant of a 32-bit value. */
  public static Instant fromNtp(long ntp) {
    long seconds = ntp < (1L << 31) ? ntp + ERA : ntp;
    return Instant.ofEpochSecond(seconds - EPOCH_OFFSET);
  }
}
