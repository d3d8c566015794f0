package org.gbabsf.core.port;

/**
 * A store could not do what was asked (unreachable, timed out, full). Stores complete their stages
 * exceptionally with it; the use case maps it to a 503 in one place.
 */
public final class StoreException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** With a short reason free of key material. */
  public StoreException(String message) {
    super(message);
  }

  /** With a short reason and the driver's cause. */
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
