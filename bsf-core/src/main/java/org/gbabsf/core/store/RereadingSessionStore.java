package org.gbabsf.core.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.SessionStore;

/**
 * A session store whose lookups wait for replication: a B-TID that a BSF in another site (another
 * Cassandra DC) made a moment ago may not have reached this DC yet, so a {@link #find} that misses
 * reads again after {@link #REREADS} until {@code missWait} has passed, before the NAF is told the
 * B-TID is unknown (docs/storage.md, "Multi-DC"). Writes pass through. Nothing blocks: the waits
 * are tasks on {@link Delays}.
 */
public final class RereadingSessionStore implements SessionStore {

  /** The times after the first miss at which the store is read again, within the miss wait. */
  static final List<Duration> REREADS =
      List.of(Duration.ofMillis(20), Duration.ofMillis(60), Duration.ofMillis(150));

  private final SessionStore store;
  private final Delays delays;
  private final List<Duration> waits;
  private final LongConsumer foundAfterNanos;
  private final LongAdder found = new LongAdder();
  private final LongAdder missed = new LongAdder();

  /**
   * Lookups of {@code store} that read again for up to {@code missWait}.
   *
   * @param foundAfterNanos told, for each session found on a later read, how long after the first
   *     miss (the replication delay the lookup saw)
   */
  public RereadingSessionStore(
      SessionStore store, Duration missWait, Delays delays, LongConsumer foundAfterNanos) {
    this.store = store;
    this.delays = delays;
    this.waits = waits(missWait);
    this.foundAfterNanos = foundAfterNanos;
  }

  /** The waits between reads: those of {@link #REREADS} before {@code missWait}, then it. */
  static List<Duration> waits(Duration missWait) {
    List<Duration> waits = new ArrayList<>();
    Duration at = Duration.ZERO;
    for (Duration point : REREADS) {
      if (point.compareTo(missWait) >= 0) {
        break;
      }
      waits.add(point.minus(at));
      at = point;
    }
    if (missWait.compareTo(at) > 0) {
      waits.add(missWait.minus(at));
    }
    return List.copyOf(waits);
  }

  @Override
  public CompletionStage<Void> put(SecurityAssociation session) {
    return store.put(session);
  }

  @Override
  public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
    return Rereads.read(() -> store.find(btid), waits, delays)
        .thenApply(
            r -> {
              if (r.rereads() > 0 || (r.value().isEmpty() && !waits.isEmpty())) {
                if (r.value().isPresent()) {
                  found.increment();
                  foundAfterNanos.accept(System.nanoTime() - r.firstMissNanos());
                } else {
                  missed.increment();
                }
              }
              return r.value();
            });
  }

  @Override
  public boolean accepting() {
    return store.accepting();
  }

  /** Lookups that missed at first and found the session on a later read. */
  public long found() {
    return found.sum();
  }

  /** Lookups that found nothing on any read. */
  public long missed() {
    return missed.sum();
  }
}
