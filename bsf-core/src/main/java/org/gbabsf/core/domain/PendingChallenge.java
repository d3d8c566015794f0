package org.gbabsf.core.domain;

import java.time.Instant;

/**
 * A 401 challenge waiting for the UE's answer: the vector the nonce was built from, the GUSS that
 * came with it, and who it was issued to. Stored keyed by RAND, taken once.
 *
 * @param impi the IMPI the vector was fetched for
 * @param vector the authentication vector
 * @param guss the user's GUSS, fetched with the vector
 * @param issuedAt when the 401 was built
 */
public record PendingChallenge(
    Impi impi, AuthenticationVector vector, Guss guss, Instant issuedAt) {

  /** The store key. */
  public Rand rand() {
    return vector.rand();
  }
}
