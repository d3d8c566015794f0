package org.gbabsf.core.domain;

import java.util.Arrays;
import java.util.Base64;

/**
 * The 128-bit RAND of an authentication vector (TS 33.102 §6.3.2). It keys the pending challenge
 * and, base64-encoded, forms the local part of the B-TID (TS 33.220 §4.5.2). RAND is not secret on
 * its own, but it is kept out of logs to avoid correlating sessions with users.
 */
public final class Rand {

  /** Length of RAND in octets. */
  public static final int LENGTH = 16;

  private final byte[] octets;
  private final int hash;

  private Rand(byte[] octets) {
    this.octets = octets;
    this.hash = Arrays.hashCode(octets);
  }

  /** Copies 16 octets into a RAND. */
  public static Rand of(byte[] octets) {
    if (octets == null || octets.length != LENGTH) {
      throw new IllegalArgumentException("RAND must be 16 octets");
    }
    return new Rand(octets.clone());
  }

  /** Reads RAND from the first 16 octets of {@code source} (e.g. a decoded nonce). */
  public static Rand prefixOf(byte[] source) {
    if (source == null || source.length < LENGTH) {
      throw new IllegalArgumentException("need at least 16 octets");
    }
    return new Rand(Arrays.copyOf(source, LENGTH));
  }

  /** A copy of the 16 octets. */
  public byte[] octets() {
    return octets.clone();
  }

  /** Standard base64 with padding, as used in the B-TID. */
  public String base64() {
    return Base64.getEncoder().encodeToString(octets);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rand other && Arrays.equals(octets, other.octets);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return "Rand[16 octets]";
  }
}
