package org.gbabsf.core.store;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.ChallengeStore;

/**
 * Pending challenges in this node's memory: bounded, expiring, taken once. With it, the UE's second
 * request must reach the node that sent the 401 (sticky routing); a restart loses open challenges,
 * and the UEs simply start again.
 *
 * <p><b>Full means the oldest challenge goes, never the new one.</b> A first request is
 * unauthenticated: anybody who knows IMPIs (they follow from IMSIs) can send them, each storing a
 * challenge for {@code ub.challenge-validity}. If a full store refused new challenges, such a flood
 * would deny every real UE. A real UE answers its 401 within milliseconds, so dropping the oldest
 * challenge when the bound is reached keeps it served as long as fewer than {@code maxChallenges}
 * first requests arrive during its round trip; a UE whose challenge was dropped gets a fresh 401
 * and starts again. Memory stays within the bound whatever the flood. Expired challenges are freed
 * as new ones arrive (challenges are kept in arrival order, which is their expiry order), so none
 * lingers past its validity while the store is in use.
 *
 * <p>Not chosen: one outstanding challenge per IMPI (an attacker knowing one victim's IMPI would
 * replace the victim's challenge with one request per round trip), and a per-source rate limit
 * (behind a proxy or carrier NAT every UE shares a source; a botnet has many). Dropped challenges
 * are counted ({@link #evicted()}, {@code bsf.store.challenges.evicted}).
 */
public final class InMemoryChallengeStore implements ChallengeStore {

  private record Entry(PendingChallenge challenge, Instant expiresAt) {}

  private final int maxChallenges;
  private final Clock clock;
  private final LongAdder evicted = new LongAdder();
  // Arrival order; guarded by itself. Every operation is O(1) amortised and short.
  private final LinkedHashMap<Rand, Entry> challenges = new LinkedHashMap<>();

  /** A store holding at most {@code maxChallenges}. */
  public InMemoryChallengeStore(int maxChallenges, Clock clock) {
    if (maxChallenges < 1) {
      throw new IllegalArgumentException("maxChallenges must be positive");
    }
    this.maxChallenges = maxChallenges;
    this.clock = clock;
  }

  @Override
  public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
    Instant now = clock.instant();
    synchronized (challenges) {
      freeExpired(now);
      challenges.remove(challenge.rand());
      while (challenges.size() >= maxChallenges) {
        Iterator<Map.Entry<Rand, Entry>> oldest = challenges.entrySet().iterator();
        oldest.next();
        oldest.remove();
        evicted.increment();
      }
      challenges.put(challenge.rand(), new Entry(challenge, now.plus(validity)));
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
    Entry e;
    synchronized (challenges) {
      e = challenges.remove(rand);
    }
    if (e == null || !clock.instant().isBefore(e.expiresAt())) {
      return CompletableFuture.completedFuture(Optional.empty());
    }
    return CompletableFuture.completedFuture(Optional.of(e.challenge()));
  }

  /** Frees the expired challenges at the head (the oldest). Caller holds the lock. */
  private void freeExpired(Instant now) {
    Iterator<Entry> it = challenges.values().iterator();
    while (it.hasNext()) {
      if (now.isBefore(it.next().expiresAt())) {
        return;
      }
      it.remove();
    }
  }

  /** Challenges held (expired ones are freed as new ones arrive). */
  public int size() {
    synchronized (challenges) {
      return challenges.size();
    }
  }

  /** Live challenges dropped, oldest first, to make room for new ones since the start. */
  public long evicted() {
    return evicted.sum();
  }
}
