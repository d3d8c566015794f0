package org.gbabsf.core.akma;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The AKMA contexts of the AAnF (TS 33.535 §6.1): the latest per SUPI, found by A-KID, kept until
 * their expiry. Failures complete the stage exceptionally with {@link
 * org.gbabsf.core.port.StoreException}.
 */
public interface AkmaContextStore {

  /** What a registration did. */
  enum Registration {
    /** The SUPI had no context. */
    REGISTERED,
    /** The SUPI's previous context, and with it its A-KID, is gone (a re-authentication). */
    REPLACED,
    /** Refused: the A-KID names a context of another SUPI, which stays as it was. */
    A_KID_OF_ANOTHER_SUPI
  }

  /** Stores {@code context} as its SUPI's only one; completes once the write is acknowledged. */
  CompletionStage<Registration> register(AkmaContext context);

  /** The live context of {@code aKid}, or empty if unknown, replaced, removed or expired. */
  CompletionStage<Optional<AkmaContext>> find(AKid aKid);

  /** Removes the context of {@code supi} (Context_Remove); true if there was one. */
  CompletionStage<Boolean> remove(Supi supi);
}
