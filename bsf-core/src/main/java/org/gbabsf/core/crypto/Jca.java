package org.gbabsf.core.crypto;

import java.security.GeneralSecurityException;

/**
 * The single place where checked JCA exceptions are turned into {@link IllegalStateException}.
 *
 * <p>The algorithms used by this package (AES, HMAC-SHA-256, MD5) are mandatory for every Java SE
 * implementation (Java SE 17 "Security Algorithm Requirements"), so a {@link
 * GeneralSecurityException} here means a broken runtime, not bad input.
 */
final class Jca {

  private Jca() {}

  /**
   * A JCA operation that may throw a checked {@link GeneralSecurityException}.
   *
   * @param <T> the result type
   */
  @FunctionalInterface
  interface Call<T> {
    T call() throws GeneralSecurityException;
  }

  /**
   * Runs {@code call}, wrapping any {@link GeneralSecurityException} in an {@link
   * IllegalStateException}.
   */
  static <T> T unchecked(Call<T> call) {
    try {
      return call.call();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("JCA provider failure", e);
    }
  }
}
