package org.gbabsf.core.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.ChallengeStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node-local challenge cache in front of a shared (replicated) challenge store: as fast as local
 * memory for the normal case, where a UE answers on the same keep-alive connection, and still
 * correct when the answer reaches another instance (docs/storage.md, "Challenge store modes").
 *
 * <ul>
 *   <li>{@link #put}: the challenge goes into the local cache and the 401 goes out at once. The
 *       shared copy is written only if the challenge is still pending after {@link
 *       Settings#writeDelay}: most answers arrive within milliseconds on the same connection, and
 *       then neither the write nor its delete ever reaches the shared store. A zero delay writes at
 *       once, in the background. Failed writes are counted and never hold the 401 back. A local
 *       cache that refuses the put makes the shared write awaited instead.
 *   <li>{@link #take}: a local hit returns at once (and deletes the shared copy, after its write,
 *       if one was made). A local miss takes from the shared store; not found there, it is read
 *       again after the issuing instance's write delay has passed, and a last time at {@link
 *       Settings#missWait}, so that an answer sent to another instance right after the 401 still
 *       finds its challenge. Found nowhere, it is an unknown nonce and the UE gets a fresh 401.
 *   <li>{@link #flush}: writes every challenge still deferred, for a shutdown.
 * </ul>
 *
 * A crash loses the challenges whose shared write had not landed; their UEs get a fresh 401.
 * Nothing here blocks: waits are tasks on {@link Delays}.
 */
public final class HybridChallengeStore implements ChallengeStore {

  private static final Logger log = LoggerFactory.getLogger(HybridChallengeStore.class);

  /** The time a deferred write is given to land before another instance reads again. */
  static final Duration SETTLE = Duration.ofMillis(50);

  /**
   * How the hybrid defers its writes and waits for those of other instances.
   *
   * @param writeDelay how long a challenge stays only in memory before it is written to the shared
   *     store (zero: written at once, in the background)
   * @param missWait how long, after a challenge is found neither locally nor in the shared store,
   *     the shared store is read again before the answer is treated as an unknown nonce (zero: not
   *     read again); it must cover the other instances' write delay and their write's latency
   * @param maxDeferred bound on challenges held back at once; beyond it, writes go out at once
   */
  public record Settings(Duration writeDelay, Duration missWait, int maxDeferred) {

    /** Checks the bounds. */
    public Settings {
      if (writeDelay.isNegative() || missWait.isNegative() || maxDeferred < 0) {
        throw new IllegalArgumentException("negative hybrid store setting");
      }
    }

    /** Writes at once and never reads again: the hybrid of earlier releases. */
    public static Settings immediate() {
      return new Settings(Duration.ZERO, Duration.ZERO, 0);
    }
  }

  /** A challenge whose shared copy is not settled: not yet written, or being written. */
  private static final class Unsettled {
    final PendingChallenge challenge;
    final Duration validity;
    boolean taken; // guarded by this
    CompletionStage<Void> write; // guarded by this; null until the write starts

    Unsettled(PendingChallenge challenge, Duration validity) {
      this.challenge = challenge;
      this.validity = validity;
    }
  }

  private final ChallengeStore local;
  private final ChallengeStore shared;
  private final Settings settings;
  private final Delays delays;
  private final List<Duration> rereads;
  private final ConcurrentHashMap<Rand, Unsettled> unsettled = new ConcurrentHashMap<>();
  // Takes of a RAND still settling on this instance: the last one's end (its shared delete done).
  private final ConcurrentHashMap<Rand, CompletableFuture<Void>> settling =
      new ConcurrentHashMap<>();
  private final LongAdder localHits = new LongAdder();
  private final LongAdder sharedHits = new LongAdder();
  private final LongAdder lateSharedHits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder sharedWriteFailures = new LongAdder();
  private final LongAdder writesMade = new LongAdder();
  private final LongAdder writesSaved = new LongAdder();

  /** A hybrid that writes at once and never reads again ({@link Settings#immediate()}). */
  public HybridChallengeStore(ChallengeStore local, ChallengeStore shared) {
    this(local, shared, Settings.immediate(), (delay, task) -> false);
  }

  /** A hybrid of {@code local} (node memory) and {@code shared} (replicated). */
  public HybridChallengeStore(
      ChallengeStore local, ChallengeStore shared, Settings settings, Delays delays) {
    this.local = local;
    this.shared = shared;
    this.settings = settings;
    this.delays = delays;
    this.rereads = rereads(settings);
  }

  /**
   * The waits between the reads after a shared miss: one once the write delay and {@link #SETTLE}
   * have passed, one at {@code missWait}; none beyond {@code missWait}.
   */
  private static List<Duration> rereads(Settings s) {
    List<Duration> waits = new ArrayList<>();
    Duration first = s.writeDelay().plus(SETTLE);
    if (first.compareTo(s.missWait()) < 0) {
      waits.add(first);
      waits.add(s.missWait().minus(first));
    } else if (!s.missWait().isZero()) {
      waits.add(s.missWait());
    }
    return List.copyOf(waits);
  }

  @Override
  public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
    return local
        .put(challenge, validity)
        .handle(
            (ok, localFailure) -> {
              if (localFailure != null) {
                // cache full: the shared copy is all there is, so await it
                writesMade.increment();
                return safely(() -> shared.put(challenge, validity));
              }
              Unsettled u = new Unsettled(challenge, validity);
              unsettled.put(challenge.rand(), u);
              if (settings.writeDelay().isZero()
                  || unsettled.size() > settings.maxDeferred()
                  || !delays.after(settings.writeDelay(), () -> settle(u))) {
                settle(u);
              }
              return CompletableFuture.<Void>completedFuture(null);
            })
        .thenCompose(stage -> stage);
  }

  /**
   * Writes the shared copy of {@code u} unless it was taken; a write already under way is returned,
   * so that {@link #flush} waits for it too.
   */
  private CompletionStage<Void> settle(Unsettled u) {
    CompletionStage<Void> write;
    synchronized (u) {
      if (u.taken) {
        return CompletableFuture.completedFuture(null);
      }
      if (u.write != null) {
        return u.write;
      }
      write = safely(() -> shared.put(u.challenge, u.validity));
      u.write = write;
    }
    writesMade.increment();
    return write.whenComplete(
        (v, error) -> {
          unsettled.remove(u.challenge.rand(), u);
          if (error != null) {
            sharedWriteFailures.increment();
            log.debug("hybrid: write to the shared store failed: {}", error.toString());
          }
        });
  }

  @Override
  public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
    // Takes of one RAND on this instance run one after the other, each once the previous one's
    // shared copy is deleted: else a take that missed the cache a moment after another took the
    // challenge from it found the shared copy still there, and both won (a replayed answer, or the
    // same answer sent twice, took one challenge twice). Across instances the shared store's take
    // decides alone. Replays are rare: the first take of a RAND waits for nothing.
    CompletableFuture<Void> settled = new CompletableFuture<>();
    CompletableFuture<Void> earlier = settling.put(rand, settled);
    CompletionStage<Optional<PendingChallenge>> taken =
        earlier == null
            ? takeOnce(rand, settled)
            : earlier.thenCompose(v -> takeOnce(rand, settled));
    settled.whenComplete((v, e) -> settling.remove(rand, settled));
    return taken;
  }

  /** One take; completes {@code settled} once its shared copy, if it took one here, is gone. */
  private CompletionStage<Optional<PendingChallenge>> takeOnce(
      Rand rand, CompletableFuture<Void> settled) {
    return local
        .take(rand)
        .thenCompose(
            hit -> {
              if (hit.isPresent()) {
                localHits.increment();
                dropSharedCopy(rand).whenComplete((v, e) -> settled.complete(null));
                return CompletableFuture.completedFuture(hit);
              }
              CompletionStage<Optional<PendingChallenge>> fromShared = fromShared(rand);
              fromShared.whenComplete((v, e) -> settled.complete(null));
              return fromShared;
            })
        .whenComplete(
            (v, e) -> {
              if (e != null) {
                settled.complete(null);
              }
            });
  }

  /**
   * After a local take or discard: the write not made is saved; one in flight is followed by the
   * delete; one made earlier is deleted now.
   */
  private CompletionStage<Void> dropSharedCopy(Rand rand) {
    Unsettled u = unsettled.remove(rand);
    CompletionStage<Void> written = CompletableFuture.completedFuture(null);
    if (u != null) {
      synchronized (u) {
        u.taken = true;
        if (u.write == null) {
          writesSaved.increment();
          return written;
        }
        written = u.write;
      }
    }
    CompletionStage<Void> delete =
        written.handle((v, e) -> null).thenCompose(v -> safely(() -> shared.discard(rand)));
    delete.whenComplete(
        (v, error) -> {
          if (error != null) {
            sharedWriteFailures.increment();
          }
        });
    return delete;
  }

  /** Takes from the shared store, reading again after {@link #rereads} while it misses. */
  private CompletionStage<Optional<PendingChallenge>> fromShared(Rand rand) {
    return Rereads.read(() -> safely(() -> shared.take(rand)), rereads, delays)
        .thenApply(
            r -> {
              if (r.value().isPresent()) {
                (r.rereads() == 0 ? sharedHits : lateSharedHits).increment();
              } else {
                misses.increment();
              }
              return r.value();
            });
  }

  @Override
  public CompletionStage<Void> discard(Rand rand) {
    return local.discard(rand).thenCompose(v -> dropSharedCopy(rand));
  }

  /**
   * Writes every challenge still held back, for a shutdown: the UEs answering after it find their
   * challenge at another instance. Completes when every write has landed or failed.
   */
  public CompletionStage<Void> flush() {
    List<CompletableFuture<Void>> writes = new ArrayList<>();
    for (Unsettled u : unsettled.values()) {
      writes.add(settle(u).handle((v, e) -> (Void) null).toCompletableFuture());
    }
    if (!writes.isEmpty()) {
      log.info("Hybrid store: writing {} pending challenges to the shared store", writes.size());
    }
    return CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0]));
  }

  /** A stage from {@code call}, or a failed one if the call throws instead of failing it. */
  private static <T> CompletionStage<T> safely(
      java.util.function.Supplier<CompletionStage<T>> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** Takes answered from this node's memory. */
  public long localHits() {
    return localHits.sum();
  }

  /** Takes answered by the shared store at once (the answer reached another instance). */
  public long sharedHits() {
    return sharedHits.sum();
  }

  /** Takes answered by the shared store on a later read, once the issuer's write had landed. */
  public long lateSharedHits() {
    return lateSharedHits.sum();
  }

  /** Takes found nowhere, after every read. */
  public long misses() {
    return misses.sum();
  }

  /** Writes or deletes to the shared store that failed. */
  public long sharedWriteFailures() {
    return sharedWriteFailures.sum();
  }

  /** Challenges written to the shared store. */
  public long writesMade() {
    return writesMade.sum();
  }

  /** Challenges taken or discarded before their deferred write: a write and a delete saved. */
  public long writesSaved() {
    return writesSaved.sum();
  }

  /** Challenges held back now, not yet written or being written. */
  public int unsettled() {
    return unsettled.size();
  }
}
