package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.testing.Fixtures;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class HybridChallengeStoreTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

  /** The port contract holds for the hybrid as a whole. */
  @Nested
  class Contract extends ChallengeStoreContract {
    @Override
    protected ChallengeStore newStore() {
      return new HybridChallengeStore(
          new InMemoryChallengeStore(100, clock), new InMemoryChallengeStore(100, clock));
    }

    @Override
    protected void elapse(Duration d) {
      clock.advance(d);
    }

    @Override
    protected Instant now() {
      return clock.instant();
    }
  }

  /** A shared store whose writes can be held back or failed, standing in for a remote one. */
  private static final class ControlledShared implements ChallengeStore {
    final InMemoryChallengeStore data;
    CompletableFuture<Void> pendingWrite;
    boolean failWrites;
    int discards;

    ControlledShared(MutableClock clock) {
      this.data = new InMemoryChallengeStore(100, clock);
    }

    @Override
    public CompletionStage<Void> put(PendingChallenge c, Duration validity) {
      if (failWrites) {
        return CompletableFuture.failedFuture(new StoreException("down"));
      }
      pendingWrite = new CompletableFuture<>();
      return pendingWrite.thenCompose(v -> data.put(c, validity));
    }

    @Override
    public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
      return data.take(rand);
    }

    @Override
    public CompletionStage<Void> discard(Rand rand) {
      discards++;
      return data.discard(rand);
    }
  }

  @Test
  void should_answer_put_without_waiting_for_the_shared_write_when_the_cache_has_room() {
    ControlledShared shared = new ControlledShared(clock);
    HybridChallengeStore store =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());

    CompletableFuture<Void> put = store.put(c, Duration.ofMinutes(5)).toCompletableFuture();

    assertThat(put).isCompleted();
    assertThat(shared.pendingWrite).isNotCompleted();
  }

  @Test
  void should_serve_from_the_cache_and_discard_the_shared_copy_when_taken_on_the_same_node()
      throws Exception {
    ControlledShared shared = new ControlledShared(clock);
    HybridChallengeStore store =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
    store.put(c, Duration.ofMinutes(5));
    shared.pendingWrite.complete(null);

    Optional<PendingChallenge> taken = store.take(c.rand()).toCompletableFuture().get();

    assertThat(taken).isPresent();
    assertThat(store.localHits()).isEqualTo(1);
    assertThat(shared.discards).isEqualTo(1);
    assertThat(shared.data.take(c.rand()).toCompletableFuture().get()).isEmpty();
  }

  @Test
  void should_take_from_the_shared_store_when_the_answer_reaches_another_node() throws Exception {
    ControlledShared shared = new ControlledShared(clock);
    HybridChallengeStore issuing =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    HybridChallengeStore other =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
    issuing.put(c, Duration.ofMinutes(5));
    shared.pendingWrite.complete(null);

    assertThat(other.take(c.rand()).toCompletableFuture().get()).isPresent();
    assertThat(other.sharedHits()).isEqualTo(1);
  }

  @Test
  void should_miss_when_the_shared_write_has_not_landed_and_another_node_is_asked()
      throws Exception {
    ControlledShared shared = new ControlledShared(clock);
    HybridChallengeStore issuing =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    HybridChallengeStore other =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
    issuing.put(c, Duration.ofMinutes(5));

    assertThat(other.take(c.rand()).toCompletableFuture().get()).isEmpty();
    assertThat(other.misses()).isEqualTo(1);
  }

  @Test
  void should_count_and_not_fail_the_put_when_the_background_shared_write_fails() {
    ControlledShared shared = new ControlledShared(clock);
    shared.failWrites = true;
    HybridChallengeStore store =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);

    CompletableFuture<Void> put =
        store
            .put(Fixtures.challenge("a@home1.net", clock.instant()), Duration.ofMinutes(5))
            .toCompletableFuture();

    assertThat(put).isCompletedWithValue(null);
    assertThat(store.sharedWriteFailures()).isEqualTo(1);
  }

  @Test
  void should_find_the_challenge_in_the_shared_store_when_the_full_cache_dropped_it() {
    HybridChallengeStore store =
        new HybridChallengeStore(
            new InMemoryChallengeStore(1, clock), new InMemoryChallengeStore(10, clock));
    var a = Fixtures.challenge("a@home1.net", clock.instant());
    store.put(a, Duration.ofMinutes(5)).toCompletableFuture().join();
    store
        .put(Fixtures.challenge("b@home1.net", clock.instant()), Duration.ofMinutes(5))
        .toCompletableFuture()
        .join();

    assertThat(store.take(a.rand()).toCompletableFuture().join()).contains(a);
    assertThat(store.sharedHits()).isEqualTo(1);
  }
}
