package org.gbabsf.core.store;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.StoreException;

/**
 * Pending challenges in this node's memory: bounded, expiring, taken once. With it, the UE's second
 * request must reach the node that sent the 401 (sticky routing); a restart loses open challenges,
 * and the UEs simply start again.
 */
public final class InMemoryChallengeStore implements ChallengeStore {

  private final BoundedExpiringMap<Rand, PendingChallenge> map;
  private final Clock clock;

  /** A store holding at most {@code maxChallenges}. */
  public InMemoryChallengeStore(int maxChallenges, Clock clock) {
    this.map = new BoundedExpiringMap<>(maxChallenges, clock);
    this.clock = clock;
  }

  @Override
  public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
    if (!map.put(challenge.rand(), challenge, clock.instant().plus(validity))) {
      return CompletableFuture.failedFuture(new StoreException("challenge store full"));
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
    return CompletableFuture.completedFuture(map.take(rand));
  }

  /** Challenges held (including expired ones not yet purged). */
  public int size() {
    return map.size();
  }
}
