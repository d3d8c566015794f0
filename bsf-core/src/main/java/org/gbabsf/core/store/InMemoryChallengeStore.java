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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * as challenges are put or taken (they are kept in arrival order, which is their expiry order), so
 * none lingers past its validity while the store is in use.
 *
 * <p>Not chosen: one outstanding challenge per IMPI (an attacker knowing one victim's IMPI would
 * replace the victim's challenge with one request per round trip). A per-source rate limit is no
 * substitute (behind a proxy or carrier NAT every UE shares a source; a botnet has many); the HTTP
 * adapter offers one as an optional extra ({@code ub.source-limit.rate}). Dropped challenges are
 * counted ({@link #evicted()}, {@code bsf.store.challenges.evicted}) and reported at WARN at most
 * once per {@link #LOG_INTERVAL}, without RANDs or IMPIs.
 */
public final class InMemoryChallengeStore implements ChallengeStore {

  /** The shortest time between two WARN lines about dropped challenges. */
  static final Duration LOG_INTERVAL = Duration.ofMinutes(1);

  private static final Logger log = LoggerFactory.getLogger(InMemoryChallengeStore.class);

  private record Entry(PendingChallenge challenge, Instant expiresAt) {}

  private final int maxChallenges;
  private final Clock clock;
  private final LongAdder evicted = new LongAdder();
  // Arrival order; guarded by itself. Every operation is O(1) amortised and short.
  private final LinkedHashMap<Rand, Entry> challenges = new LinkedHashMap<>();
  // Guarded by challenges: drops not yet reported, and when the next report may be logged.
  private long unreported;
  private Instant nextReport = Instant.MIN;

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
    long report = 0;
    synchronized (challenges) {
      freeExpired(now);
      challenges.remove(challenge.rand());
      while (challenges.size() >= maxChallenges) {
        Iterator<Map.Entry<Rand, Entry>> oldest = challenges.entrySet().iterator();
        oldest.next();
        oldest.remove();
        evicted.increment();
        unreported++;
      }
      challenges.put(challenge.rand(), new Entry(challenge, now.plus(validity)));
      if (unreported > 0 && !now.isBefore(nextReport)) {
        report = unreported;
        unreported = 0;
        nextReport = now.plus(LOG_INTERVAL);
      }
    }
    if (report > 0) {
      log.warn(
          "Challenge store full ({} challenges, store.memory.max-challenges): dropped the {} oldest"
              + " since the last report (a flood of first requests?); their UEs get a fresh 401."
              + " Counted in bsf.store.challenges.evicted",
          maxChallenges,
          report);
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
    Instant now = clock.instant();
    Entry e;
    synchronized (challenges) {
      e = challenges.remove(rand);
      freeExpired(now);
    }
    if (e == null || !now.isBefore(e.expiresAt())) {
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

  /** Challenges held (expired ones are freed at the next put or take). */
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
