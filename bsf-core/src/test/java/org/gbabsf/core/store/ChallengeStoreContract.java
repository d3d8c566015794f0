package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.testing.Fixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link ChallengeStore}, run against every implementation. Subclasses supply the
 * store and a way to let time pass ({@link #elapse}): a mutable clock in memory, real time against
 * Cassandra.
 *
 * <p>Concurrent takes of one challenge: at least one taker gets it, and every taker that gets it
 * gets the same challenge, so the same session results (documented in docs/storage.md). Stores that
 * can promise exactly one winner say so with {@link #exactlyOneTaker()}.
 */
public abstract class ChallengeStoreContract {

  private ChallengeStore store;

  /** A fresh, empty store. */
  protected abstract ChallengeStore newStore();

  /** Lets at least {@code d} pass as far as the store's expiry is concerned. */
  protected abstract void elapse(Duration d);

  /** The time the store considers "now", for building values. */
  protected abstract Instant now();

  /** True if concurrent takes of one challenge have exactly one winner. */
  protected boolean exactlyOneTaker() {
    return true;
  }

  /** The shortest validity the store honours precisely (Cassandra TTLs are whole seconds). */
  protected Duration shortValidity() {
    return Duration.ofSeconds(1);
  }

  @BeforeEach
  void createStore() {
    store = newStore();
  }

  private <T> T await(java.util.concurrent.CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void should_return_the_challenge_when_taken_after_put() throws Exception {
    PendingChallenge c = Fixtures.challenge("alice@home1.net", now());
    await(store.put(c, Duration.ofMinutes(5)));

    Optional<PendingChallenge> taken = await(store.take(c.rand()));

    assertThat(taken).isPresent();
    assertThat(taken.get().impi()).isEqualTo(c.impi());
    assertThat(taken.get().vector().xres()).isEqualTo(c.vector().xres());
    assertThat(taken.get().vector().autn()).isEqualTo(c.vector().autn());
    assertThat(taken.get().vector().ks()).isEqualTo(c.vector().ks());
    assertThat(taken.get().guss().rawXml()).isEqualTo(c.guss().rawXml());
  }

  @Test
  void should_return_empty_when_taken_a_second_time() throws Exception {
    PendingChallenge c = Fixtures.challenge("bob@home1.net", now());
    await(store.put(c, Duration.ofMinutes(5)));
    await(store.take(c.rand()));

    assertThat(await(store.take(c.rand()))).isEmpty();
  }

  @Test
  void should_return_empty_when_key_is_absent() throws Exception {
    assertThat(await(store.take(Fixtures.randomRand()))).isEmpty();
  }

  @Test
  void should_return_empty_when_validity_has_passed() throws Exception {
    PendingChallenge c = Fixtures.challenge("carol@home1.net", now());
    await(store.put(c, shortValidity()));

    elapse(shortValidity().plusMillis(1500));

    assertThat(await(store.take(c.rand()))).isEmpty();
  }

  @Test
  void should_give_every_concurrent_taker_the_same_challenge_when_taken_concurrently()
      throws Exception {
    PendingChallenge c = Fixtures.challenge("dave@home1.net", now());
    await(store.put(c, Duration.ofMinutes(5)));

    List<CompletableFuture<Optional<PendingChallenge>>> takes = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      takes.add(
          CompletableFuture.supplyAsync(() -> store.take(c.rand()))
              .thenCompose(s -> s)
              .toCompletableFuture());
    }
    List<PendingChallenge> winners = new ArrayList<>();
    for (CompletableFuture<Optional<PendingChallenge>> t : takes) {
      t.get(10, TimeUnit.SECONDS).ifPresent(winners::add);
    }
    if (exactlyOneTaker()) {
      assertThat(winners).hasSize(1);
    } else {
      assertThat(winners).isNotEmpty();
    }
    assertThat(winners)
        .allSatisfy(w -> assertThat(w.vector().ks()).isEqualTo(c.vector().ks()))
        .allSatisfy(w -> assertThat(w.impi()).isEqualTo(c.impi()));
    assertThat(await(store.take(c.rand()))).isEmpty();
  }

  @Test
  void should_keep_a_large_guss_intact_when_stored() throws Exception {
    PendingChallenge small = Fixtures.challenge("erin@home1.net", now());
    PendingChallenge c =
        new PendingChallenge(
            small.impi(), small.vector(), Fixtures.guss(300, Duration.ofHours(2)), now());
    assertThat(c.guss().rawXml().length()).isGreaterThan(20_000);
    await(store.put(c, Duration.ofMinutes(5)));

    PendingChallenge taken = await(store.take(c.rand())).orElseThrow();

    assertThat(taken.guss().rawXml()).isEqualTo(c.guss().rawXml());
    assertThat(taken.guss().ussList()).isEqualTo(c.guss().ussList());
    assertThat(taken.guss().lifetime()).isEqualTo(c.guss().lifetime());
  }

  @Test
  void should_keep_challenges_apart_when_one_impi_has_several() throws Exception {
    PendingChallenge first = Fixtures.challenge("frank@home1.net", now());
    PendingChallenge second = Fixtures.challenge("frank@home1.net", now());
    await(store.put(first, Duration.ofMinutes(5)));
    await(store.put(second, Duration.ofMinutes(5)));

    assertThat(await(store.take(second.rand())).orElseThrow().vector().xres())
        .isEqualTo(second.vector().xres());
    assertThat(await(store.take(first.rand())).orElseThrow().vector().xres())
        .isEqualTo(first.vector().xres());
  }
}
