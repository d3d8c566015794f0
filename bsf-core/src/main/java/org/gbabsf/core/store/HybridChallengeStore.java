package org.gbabsf.core.store;

import java.time.Duration;
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
 * A node-local challenge cache in front of a shared (replicated) challenge store: as fast as local
 * memory for the normal case, where a UE answers on the same keep-alive connection, and still
 * correct when the answer reaches another instance.
 *
 * <ul>
 *   <li>{@link #put}: the challenge goes into the local cache and the 401 goes out at once; the
 *       shared write proceeds in the background (failures counted, never holding the 401 back). A
 *       full {@link InMemoryChallengeStore} drops its oldest challenge, whose shared copy stays; a
 *       local cache that refuses the put makes the shared write awaited instead.
 *   <li>{@link #take}: a local hit returns at once and discards the shared copy in the background;
 *       a local miss takes from the shared store. A miss there (e.g. the shared write has not
 *       landed yet) is an unknown nonce, and the UE gets a fresh 401.
 * </ul>
 *
 * A crash loses the challenges whose shared write had not landed; their UEs get a fresh 401.
 */
public final class HybridChallengeStore implements ChallengeStore {

  private static final Logger log = LoggerFactory.getLogger(HybridChallengeStore.class);

  private final ChallengeStore local;
  private final ChallengeStore shared;
  private final LongAdder localHits = new LongAdder();
  private final LongAdder sharedHits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final LongAdder sharedWriteFailures = new LongAdder();

  /** A hybrid of {@code local} (node memory) and {@code shared} (replicated). */
  public HybridChallengeStore(ChallengeStore local, ChallengeStore shared) {
    this.local = local;
    this.shared = shared;
  }

  @Override
  public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
    return local
        .put(challenge, validity)
        .handle(
            (ok, localFailure) -> {
              CompletionStage<Void> sharedWrite = safely(() -> shared.put(challenge, validity));
              if (localFailure != null) {
                return sharedWrite; // cache full: the shared copy is all there is, so await it
              }
              sharedWrite.whenComplete(
                  (v, error) -> {
                    if (error != null) {
                      sharedWriteFailures.increment();
                      log.debug(
                          "hybrid: background write to the shared store failed: {}",
                          error.toString());
                    }
                  });
              return CompletableFuture.<Void>completedFuture(null);
            })
        .thenCompose(stage -> stage);
  }

  @Override
  public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
    return local
        .take(rand)
        .thenCompose(
            hit -> {
              if (hit.isPresent()) {
                localHits.increment();
                safely(() -> shared.discard(rand))
                    .whenComplete(
                        (v, error) -> {
                          if (error != null) {
                            sharedWriteFailures.increment();
                          }
                        });
                return CompletableFuture.completedFuture(hit);
              }
              return safely(() -> shared.take(rand))
                  .thenApply(
                      remote -> {
                        if (remote.isPresent()) {
                          sharedHits.increment();
                        } else {
                          misses.increment();
                        }
                        return remote;
                      });
            });
  }

  @Override
  public CompletionStage<Void> discard(Rand rand) {
    return local.discard(rand).thenCompose(v -> shared.discard(rand));
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

  /** Takes answered by the shared store (the answer reached another instance). */
  public long sharedHits() {
    return sharedHits.sum();
  }

  /** Takes found nowhere. */
  public long misses() {
    return misses.sum();
  }

  /** Background writes or discards to the shared store that failed. */
  public long sharedWriteFailures() {
    return sharedWriteFailures.sum();
  }
}
