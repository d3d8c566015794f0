package org.gbabsf.core.akma;

import java.time.Instant;
import java.util.Optional;

/**
 * The answer to an AF's key request (Naanf_AKMA_ApplicationKey_Get and AnonUser_Get, TS 29.535
 * §5.2.2.3), as a value: the SBI maps it to 200, 204 or 503 in one place.
 */
public sealed interface AfKeyOutcome {

  /**
   * K_AF for the AF.
   *
   * @param kAf the 32-byte K_AF (key material: never printed)
   * @param expiresAt when K_AF expires: never after K_AKMA
   * @param supi the SUPI, only for a caller allowed to see it and not for AnonUser_Get
   * @param gpsi the GPSI, when known, on the same terms
   */
  record Key(byte[] kAf, Instant expiresAt, Optional<Supi> supi, Optional<String> gpsi)
      implements AfKeyOutcome {
    /** Copies the key. */
    public Key {
      kAf = kAf.clone();
    }

    /** A copy of K_AF. */
    @Override
    public byte[] kAf() {
      return kAf.clone();
    }

    /** Without K_AF or the identities. */
    @Override
    public String toString() {
      return "Key[expires " + expiresAt + "]";
    }
  }

  /**
   * No live context for the A-KID (TS 29.535: 204, "the requested AKMA material does not exist").
   */
  record NoContext() implements AfKeyOutcome {}

  /** The store did not answer within its budget. */
  record StoreUnavailable() implements AfKeyOutcome {}
}
