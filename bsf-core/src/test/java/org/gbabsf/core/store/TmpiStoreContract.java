package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.TmpiStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The contract of {@link TmpiStore}, run against every implementation. */
public abstract class TmpiStoreContract {

  private TmpiStore store;

  /** A fresh, empty store. */
  protected abstract TmpiStore newStore();

  /** Lets at least {@code d} pass as far as the store's expiry is concerned. */
  protected abstract void elapse(Duration d);

  /** The time the store considers "now". */
  protected abstract Instant now();

  @BeforeEach
  void createStore() {
    store = newStore();
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /** A TMPI derived as a bootstrap would, distinct per {@code seed}. */
  protected static Tmpi tmpi(int seed, Impi impi) {
    byte[] ks = new byte[32];
    byte[] rand = new byte[16];
    for (int i = 0; i < 16; i++) {
      rand[i] = (byte) (seed * 31 + i);
      ks[i] = (byte) (seed + i);
    }
    return Tmpi.derive(ks, Rand.of(rand), impi, "bsf.home1.net");
  }

  @Test
  void should_find_the_impi_when_its_tmpi_was_put() throws Exception {
    Impi impi = new Impi("alice@home1.net");
    Tmpi t = tmpi(1, impi);
    await(store.put(t, impi, now().plus(Duration.ofDays(1))));

    assertThat(await(store.find(t))).contains(impi);
  }

  @Test
  void should_find_nothing_when_the_tmpi_was_never_put() throws Exception {
    assertThat(await(store.find(tmpi(2, new Impi("nobody@home1.net"))))).isEmpty();
  }

  @Test
  void should_find_nothing_when_the_mapping_has_expired() throws Exception {
    Impi impi = new Impi("bob@home1.net");
    Tmpi t = tmpi(3, impi);
    await(store.put(t, impi, now().plus(Duration.ofSeconds(2))));

    elapse(Duration.ofSeconds(3));

    assertThat(await(store.find(t))).isEmpty();
  }

  @Test
  void should_keep_each_users_tmpi_apart_when_several_are_put() throws Exception {
    Impi alice = new Impi("alice@home1.net");
    Impi bob = new Impi("bob@home1.net");
    Tmpi ta = tmpi(4, alice);
    Tmpi tb = tmpi(4, bob);
    await(store.put(ta, alice, now().plus(Duration.ofDays(1))));
    await(store.put(tb, bob, now().plus(Duration.ofDays(1))));

    assertThat(await(store.find(ta))).contains(alice);
    assertThat(await(store.find(tb))).contains(bob);
  }

  @Test
  void should_find_both_when_one_user_was_given_two_tmpis() throws Exception {
    Impi impi = new Impi("carol@home1.net");
    Tmpi first = tmpi(5, impi);
    Tmpi second = tmpi(6, impi);
    await(store.put(first, impi, now().plus(Duration.ofDays(1))));
    await(store.put(second, impi, now().plus(Duration.ofDays(1))));

    assertThat(await(store.find(first))).contains(impi);
    assertThat(await(store.find(second))).contains(impi);
  }

  @Test
  void should_find_nothing_when_the_tmpi_was_removed() throws Exception {
    Impi impi = new Impi("dave@home1.net");
    Tmpi old = tmpi(7, impi);
    Tmpi next = tmpi(8, impi);
    await(store.put(old, impi, now().plus(Duration.ofDays(1))));
    await(store.put(next, impi, now().plus(Duration.ofDays(1))));

    await(store.remove(old));

    assertThat(await(store.find(old))).isEmpty();
    assertThat(await(store.find(next))).contains(impi);
  }

  @Test
  void should_complete_when_removing_a_tmpi_it_never_had() throws Exception {
    Tmpi never = tmpi(9, new Impi("eve@home1.net"));

    await(store.remove(never));

    assertThat(await(store.find(never))).isEmpty();
  }
}
