package org.gbabsf.core.akma;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.akma.AkmaContextStore.Registration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The contract of {@link AkmaContextStore} (TS 33.535 §6.1), run against every implementation. */
public abstract class AkmaContextStoreContract {

  private AkmaContextStore store;

  /** A fresh, empty store. */
  protected abstract AkmaContextStore newStore();

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

  /** A context of {@code supi} under {@code aKid}, K_AKMA filled with {@code key}, for an hour. */
  protected AkmaContext context(String aKid, String supi, int key) {
    byte[] kAkma = new byte[32];
    java.util.Arrays.fill(kAkma, (byte) key);
    return new AkmaContext(
        new AKid(aKid),
        new Supi(supi),
        Optional.of("msisdn-491700000" + key),
        kAkma,
        now(),
        now().plus(Duration.ofHours(1)));
  }

  @Test
  void should_find_every_field_when_a_context_was_registered() throws Exception {
    AkmaContext c = context("rid1.atid1@home1.net", "imsi-001010000000001", 1);

    assertThat(await(store.register(c))).isEqualTo(Registration.REGISTERED);
    AkmaContext found = await(store.find(c.aKid())).orElseThrow();

    assertThat(found.aKid()).isEqualTo(c.aKid());
    assertThat(found.supi()).isEqualTo(c.supi());
    assertThat(found.gpsi()).isEqualTo(c.gpsi());
    assertThat(found.kAkma()).isEqualTo(c.kAkma());
    assertThat(found.registeredAt()).isEqualTo(c.registeredAt());
    assertThat(found.expiresAt()).isEqualTo(c.expiresAt());
  }

  @Test
  void should_forget_the_old_a_kid_when_the_supi_registers_again() throws Exception {
    AkmaContext first = context("rid1.atid1@home1.net", "imsi-001010000000001", 1);
    AkmaContext second = context("rid1.atid2@home1.net", "imsi-001010000000001", 2);
    await(store.register(first));

    assertThat(await(store.register(second))).isEqualTo(Registration.REPLACED);
    assertThat(await(store.find(first.aKid()))).isEmpty();
    assertThat(await(store.find(second.aKid())).orElseThrow().kAkma()).isEqualTo(second.kAkma());
  }

  @Test
  void should_refuse_and_keep_the_holder_when_an_a_kid_of_another_supi_is_registered()
      throws Exception {
    AkmaContext holder = context("rid1.atid1@home1.net", "imsi-001010000000001", 1);
    AkmaContext thief = context("rid1.atid1@home1.net", "imsi-001010000000002", 9);
    await(store.register(holder));

    assertThat(await(store.register(thief))).isEqualTo(Registration.A_KID_OF_ANOTHER_SUPI);
    assertThat(await(store.find(holder.aKid())).orElseThrow().supi()).isEqualTo(holder.supi());
  }

  @Test
  void should_find_nothing_when_the_a_kid_is_unknown() throws Exception {
    assertThat(await(store.find(new AKid("rid1.unknown@home1.net")))).isEmpty();
  }

  @Test
  void should_find_nothing_when_the_context_was_removed() throws Exception {
    AkmaContext c = context("rid1.atid1@home1.net", "imsi-001010000000001", 1);
    await(store.register(c));

    assertThat(await(store.remove(c.supi()))).isTrue();
    assertThat(await(store.find(c.aKid()))).isEmpty();
    assertThat(await(store.remove(c.supi()))).isFalse();
  }

  @Test
  void should_find_nothing_when_the_context_has_expired() throws Exception {
    AkmaContext c = context("rid1.atid1@home1.net", "imsi-001010000000001", 1);
    await(store.register(c));

    elapse(Duration.ofHours(1).plusSeconds(1));

    assertThat(await(store.find(c.aKid()))).isEmpty();
  }

  @Test
  void should_register_anew_when_the_previous_context_has_expired() throws Exception {
    await(store.register(context("rid1.atid1@home1.net", "imsi-001010000000001", 1)));
    elapse(Duration.ofHours(2));

    AkmaContext fresh = context("rid1.atid2@home1.net", "imsi-001010000000001", 2);

    assertThat(await(store.register(fresh))).isEqualTo(Registration.REGISTERED);
    assertThat(await(store.find(fresh.aKid()))).isPresent();
  }
}
