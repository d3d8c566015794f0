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
import org.gbabsf.core.testing.ManualDelays;
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

  /** The contract holds when every wait is a re-read made at once (delays run inline). */
  @Nested
  class ContractWithRereads extends Contract {
    @Override
    protected ChallengeStore newStore() {
      return new HybridChallengeStore(
          new InMemoryChallengeStore(100, clock),
          new InMemoryChallengeStore(100, clock),
          new HybridChallengeStore.Settings(Duration.ofMillis(200), Duration.ofMillis(500), 1000),
          ManualDelays.inline());
    }
  }

  /** Writes deferred by a write delay, and the re-reads of an instance that missed. */
  @Nested
  class Deferred {
    private static final Duration DELAY = Duration.ofMillis(200);
    private static final Duration WAIT = Duration.ofMillis(600);
    private final ManualDelays delays = new ManualDelays();
    private final ControlledShared shared = new ControlledShared(clock);

    private HybridChallengeStore node(int maxDeferred) {
      return new HybridChallengeStore(
          new InMemoryChallengeStore(10, clock),
          shared,
          new HybridChallengeStore.Settings(DELAY, WAIT, maxDeferred),
          delays);
    }

    @Test
    void should_write_nothing_to_the_shared_store_when_the_answer_arrives_within_the_write_delay()
        throws Exception {
      HybridChallengeStore store = node(100);
      PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
      store.put(c, Duration.ofMinutes(5));

      delays.advance(Duration.ofMillis(10));
      assertThat(store.take(c.rand()).toCompletableFuture().get()).contains(c);
      delays.advance(DELAY);

      assertThat(shared.pendingWrite).isNull();
      assertThat(shared.discards).isZero();
      assertThat(store.writesSaved()).isEqualTo(1);
      assertThat(store.writesMade()).isZero();
      assertThat(store.unsettled()).isZero();
    }

    @Test
    void should_write_the_challenge_when_it_is_still_pending_after_the_write_delay()
        throws Exception {
      HybridChallengeStore store = node(100);
      PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
      store.put(c, Duration.ofMinutes(5));

      delays.advance(DELAY.minusMillis(1));
      assertThat(shared.pendingWrite).isNull();
      delays.advance(Duration.ofMillis(1));
      shared.pendingWrite.complete(null);

      assertThat(store.writesMade()).isEqualTo(1);
      assertThat(store.unsettled()).isZero();
      assertThat(shared.data.take(c.rand()).toCompletableFuture().get()).contains(c);
    }

    @Test
    void should_find_the_challenge_on_a_later_read_when_another_instance_gets_the_answer_first()
        throws Exception {
      HybridChallengeStore issuing = node(100);
      HybridChallengeStore other = node(100);
      PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
      issuing.put(c, Duration.ofMinutes(5));

      CompletableFuture<Optional<PendingChallenge>> taken =
          other.take(c.rand()).toCompletableFuture();
      assertThat(taken).isNotDone();
      delays.advance(DELAY);
      shared.pendingWrite.complete(null);
      delays.advance(HybridChallengeStore.SETTLE);

      assertThat(taken).isCompletedWithValue(Optional.of(c));
      assertThat(other.lateSharedHits()).isEqualTo(1);
      assertThat(other.misses()).isZero();
    }

    @Test
    void should_miss_after_the_last_read_when_no_instance_wrote_the_challenge() {
      HybridChallengeStore store = node(100);
      Rand unknown = Fixtures.challenge("a@home1.net", clock.instant()).rand();

      CompletableFuture<Optional<PendingChallenge>> taken =
          store.take(unknown).toCompletableFuture();
      delays.advance(DELAY.plus(HybridChallengeStore.SETTLE));
      assertThat(taken).isNotDone();
      delays.advance(WAIT);

      assertThat(taken).isCompletedWithValue(Optional.empty());
      assertThat(store.misses()).isEqualTo(1);
      assertThat(delays.scheduled()).isZero();
    }

    @Test
    void should_delete_the_shared_copy_after_its_write_when_taken_while_the_write_is_in_flight()
        throws Exception {
      HybridChallengeStore store = node(100);
      PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
      store.put(c, Duration.ofMinutes(5));
      delays.advance(DELAY);

      assertThat(store.take(c.rand()).toCompletableFuture().get()).contains(c);
      assertThat(shared.discards).isZero();
      shared.pendingWrite.complete(null);

      assertThat(shared.discards).isEqualTo(1);
      assertThat(shared.data.take(c.rand()).toCompletableFuture().get()).isEmpty();
    }

    @Test
    void should_write_every_held_challenge_when_flushed() throws Exception {
      HybridChallengeStore store = node(100);
      PendingChallenge a = Fixtures.challenge("a@home1.net", clock.instant());
      store.put(a, Duration.ofMinutes(5));

      CompletableFuture<Void> flushed = store.flush().toCompletableFuture();
      assertThat(flushed).isNotDone();
      shared.pendingWrite.complete(null);

      assertThat(flushed).isCompleted();
      assertThat(shared.data.take(a.rand()).toCompletableFuture().get()).contains(a);
      delays.advance(DELAY);
      assertThat(store.writesMade()).isEqualTo(1);
    }

    @Test
    void should_wait_for_a_write_already_under_way_when_flushed() {
      HybridChallengeStore store = node(100);
      store.put(Fixtures.challenge("a@home1.net", clock.instant()), Duration.ofMinutes(5));
      delays.advance(DELAY); // the deferred write starts and is in flight

      CompletableFuture<Void> flushed = store.flush().toCompletableFuture();
      assertThat(flushed).isNotDone();
      shared.pendingWrite.complete(null);

      assertThat(flushed).isCompleted();
      assertThat(store.writesMade()).isEqualTo(1);
    }

    @Test
    void should_write_at_once_when_more_challenges_than_the_bound_are_held_back() {
      HybridChallengeStore store = node(1);
      store.put(Fixtures.challenge("a@home1.net", clock.instant()), Duration.ofMinutes(5));
      assertThat(shared.pendingWrite).isNull();

      store.put(Fixtures.challenge("b@home1.net", clock.instant()), Duration.ofMinutes(5));

      assertThat(shared.pendingWrite).isNotNull();
      assertThat(store.writesMade()).isEqualTo(1);
    }

    @Test
    void should_write_at_once_when_the_delays_refuse_the_task() {
      delays.refuse = true;
      HybridChallengeStore store = node(100);

      store.put(Fixtures.challenge("a@home1.net", clock.instant()), Duration.ofMinutes(5));

      assertThat(shared.pendingWrite).isNotNull();
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

    CompletableFuture<Void> heldDiscards = CompletableFuture.completedFuture(null);

    @Override
    public CompletionStage<Void> discard(Rand rand) {
      discards++;
      return heldDiscards.thenCompose(v -> data.discard(rand));
    }
  }

  @Test
  void should_give_the_challenge_once_when_taken_again_here_before_its_shared_copy_is_deleted()
      throws Exception {
    ControlledShared shared = new ControlledShared(clock);
    HybridChallengeStore store =
        new HybridChallengeStore(new InMemoryChallengeStore(10, clock), shared);
    PendingChallenge c = Fixtures.challenge("a@home1.net", clock.instant());
    store.put(c, Duration.ofMinutes(5));
    shared.pendingWrite.complete(null); // written to the shared store
    shared.heldDiscards = new CompletableFuture<>(); // its delete is slow

    Optional<PendingChallenge> first = store.take(c.rand()).toCompletableFuture().get();
    CompletableFuture<Optional<PendingChallenge>> again =
        store.take(c.rand()).toCompletableFuture();
    shared.heldDiscards.complete(null);

    assertThat(first).isPresent();
    assertThat(again.get(5, java.util.concurrent.TimeUnit.SECONDS))
        .as("the shared copy, still there when the second take began, is not given again")
        .isEmpty();
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
