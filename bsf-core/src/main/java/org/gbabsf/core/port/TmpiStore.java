package org.gbabsf.core.port;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Tmpi;

/**
 * The BSF's TMPI → IMPI mapping (TS 33.220 §4.5.2, Annex B.4): written when a bootstrap allocates a
 * TMPI, read when a UE presents one as its username, removed once a bootstrap under it succeeded
 * (the UE holds the next one then), so that a UE has one live TMPI, not one per bootstrap. Entries
 * outlive the session whose Ks made them: a UE presents its TMPI at its next bootstrap, normally
 * once that Ks has expired. Failures complete the stage exceptionally with {@link StoreException}.
 */
public interface TmpiStore {

  /**
   * Maps {@code tmpi} to {@code impi} until {@code expiresAt}; completes once the write is
   * acknowledged. A TMPI is a 192-bit KDF output, so two IMPIs never share one; writing the same
   * TMPI again (a replayed answer) overwrites it with the same IMPI.
   */
  CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt);

  /** The IMPI {@code tmpi} stands for, or empty if it is unknown or has expired. */
  CompletionStage<Optional<Impi>> find(Tmpi tmpi);

  /**
   * Forgets {@code tmpi}, once a bootstrap under it has given the UE its next one; completes once
   * the removal is acknowledged. Removing an unknown TMPI is not an error.
   */
  CompletionStage<Void> remove(Tmpi tmpi);
}
