package org.gbabsf.core.port;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;

/**
 * Pending 401 challenges, keyed by RAND. A challenge is taken once: after {@link #take} returns it,
 * no later take returns it again, so a nonce cannot be replayed. Failures complete the stage
 * exceptionally with {@link StoreException}.
 */
public interface ChallengeStore {

  /** Keeps {@code challenge} for at most {@code validity}. */
  CompletionStage<Void> put(PendingChallenge challenge, Duration validity);

  /** Removes and returns the challenge for {@code rand}, or empty if absent or expired. */
  CompletionStage<Optional<PendingChallenge>> take(Rand rand);

  /**
   * Removes the challenge for {@code rand} without reading it. Stores where a blind delete is
   * cheaper than a take override this.
   */
  default CompletionStage<Void> discard(Rand rand) {
    return take(rand).thenApply(ignored -> null);
  }
}
