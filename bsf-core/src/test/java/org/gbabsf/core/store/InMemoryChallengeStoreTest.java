package org.gbabsf.core.store;

import java.time.Duration;
import java.time.Instant;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.testing.MutableClock;

class InMemoryChallengeStoreTest extends ChallengeStoreContract {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

  @Override
  protected ChallengeStore newStore() {
    return new InMemoryChallengeStore(1000, clock);
  }

  @Override
  protected void elapse(Duration d) {
    clock.advance(d);
  }

  @Override
  protected Instant now() {
    return clock.instant();
  }

  @org.junit.jupiter.api.Test
  void should_drop_the_oldest_challenge_and_count_it_when_a_new_one_arrives_at_the_bound() {
    InMemoryChallengeStore store = new InMemoryChallengeStore(2, clock);
    var a = org.gbabsf.core.testing.Fixtures.challenge("a@home1.net", clock.instant());
    var b = org.gbabsf.core.testing.Fixtures.challenge("b@home1.net", clock.instant());
    var c = org.gbabsf.core.testing.Fixtures.challenge("c@home1.net", clock.instant());

    store.put(a, Duration.ofMinutes(5));
    store.put(b, Duration.ofMinutes(5));
    store.put(c, Duration.ofMinutes(5));

    org.assertj.core.api.Assertions.assertThat(store.size()).isEqualTo(2);
    org.assertj.core.api.Assertions.assertThat(store.evicted()).isEqualTo(1);
    org.assertj.core.api.Assertions.assertThat(store.take(a.rand()).toCompletableFuture().join())
        .isEmpty();
    org.assertj.core.api.Assertions.assertThat(store.take(c.rand()).toCompletableFuture().join())
        .contains(c);
  }

  @org.junit.jupiter.api.Test
  void should_free_expired_challenges_without_counting_them_when_new_ones_arrive() {
    InMemoryChallengeStore store = new InMemoryChallengeStore(1000, clock);
    for (int i = 0; i < 100; i++) {
      store.put(
          org.gbabsf.core.testing.Fixtures.challenge("u" + i + "@home1.net", clock.instant()),
          Duration.ofSeconds(30));
    }
    clock.advance(Duration.ofSeconds(31));

    store.put(
        org.gbabsf.core.testing.Fixtures.challenge("late@home1.net", clock.instant()),
        Duration.ofSeconds(30));

    org.assertj.core.api.Assertions.assertThat(store.size()).isEqualTo(1);
    org.assertj.core.api.Assertions.assertThat(store.evicted()).isZero();
  }

  @org.junit.jupiter.api.Test
  void should_free_expired_challenges_when_a_challenge_is_taken() {
    InMemoryChallengeStore store = new InMemoryChallengeStore(1000, clock);
    for (int i = 0; i < 100; i++) {
      store.put(
          org.gbabsf.core.testing.Fixtures.challenge("u" + i + "@home1.net", clock.instant()),
          Duration.ofSeconds(30));
    }
    var fresh = org.gbabsf.core.testing.Fixtures.challenge("fresh@home1.net", clock.instant());
    clock.advance(Duration.ofSeconds(31));
    store.put(fresh, Duration.ofSeconds(30));
    clock.advance(Duration.ofSeconds(31));

    org.assertj.core.api.Assertions.assertThat(
            store.take(fresh.rand()).toCompletableFuture().join())
        .isEmpty();
    org.assertj.core.api.Assertions.assertThat(store.size()).isZero();
  }

  @org.junit.jupiter.api.Test
  void should_stay_within_the_bound_and_count_every_drop_when_flooded() {
    InMemoryChallengeStore store = new InMemoryChallengeStore(50, clock);
    var last = org.gbabsf.core.testing.Fixtures.challenge("last@home1.net", clock.instant());
    for (int i = 0; i < 10_000; i++) {
      store.put(
          org.gbabsf.core.testing.Fixtures.challenge("f" + i + "@home1.net", clock.instant()),
          Duration.ofMinutes(5));
    }
    store.put(last, Duration.ofMinutes(5));

    org.assertj.core.api.Assertions.assertThat(store.size()).isEqualTo(50);
    org.assertj.core.api.Assertions.assertThat(store.evicted()).isEqualTo(10_001 - 50);
    org.assertj.core.api.Assertions.assertThat(store.take(last.rand()).toCompletableFuture().join())
        .contains(last);
  }
}
