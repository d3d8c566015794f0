package org.gbabsf.core.akma;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.crypto.AkmaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.store.InMemoryAkmaContextStore;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** K_AF for an authorised AF: the vector of AkmaKdfTest end to end, expiry and identities. */
class AfKeyServiceTest {

  private static final byte[] K_AKMA =
      Hex.decode("bba5e95f1205d4f1c217b91e08ec3509ad62cfbf43f474c6bf495da83132c95e");
  private static final byte[] AF_ID = AkmaKdf.afId("af.example.com", Hex.decode("0100000002"));
  private static final AKid A_KID = new AKid("rid1.atid1@home1.net");

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-28T10:00:00Z"));
  private final InMemoryAkmaContextStore store = new InMemoryAkmaContextStore(10, clock);
  private final AfKeyService service =
      new AfKeyService(store, clock, Duration.ofSeconds(1), Duration.ofMinutes(30));

  @BeforeEach
  void registerContext() throws Exception {
    store
        .register(
            new AkmaContext(
                A_KID,
                new Supi("imsi-001010000000001"),
                Optional.of("msisdn-4917000001"),
                K_AKMA,
                clock.instant(),
                clock.instant().plus(Duration.ofHours(1))))
        .toCompletableFuture()
        .get(1, TimeUnit.SECONDS);
  }

  private AfKeyOutcome ask(AKid aKid, boolean identities) throws Exception {
    return ask(aKid, identities, identities);
  }

  private AfKeyOutcome ask(AKid aKid, boolean supi, boolean gpsi) throws Exception {
    return service
        .handle(new AfKeyService.Request(aKid, AF_ID, supi, gpsi))
        .toCompletableFuture()
        .get(5, TimeUnit.SECONDS);
  }

  @Test
  void should_derive_k_af_of_the_spec_vector_when_the_context_exists() throws Exception {
    AfKeyOutcome.Key key = (AfKeyOutcome.Key) ask(A_KID, true);

    assertThat(Hex.encode(key.kAf()))
        .isEqualTo("a89042785c95e56bdce5ed364111c15a6aeaef7dcac87d51f5da66e5c6557adf");
    assertThat(key.supi()).contains(new Supi("imsi-001010000000001"));
    assertThat(key.gpsi()).contains("msisdn-4917000001");
    assertThat(key.toString()).doesNotContain("a89042").doesNotContain("0010100");
  }

  @Test
  void should_give_neither_supi_nor_gpsi_when_identities_are_not_allowed() throws Exception {
    AfKeyOutcome.Key key = (AfKeyOutcome.Key) ask(A_KID, false);

    assertThat(key.supi()).isEmpty();
    assertThat(key.gpsi()).isEmpty();
  }

  @Test
  void should_give_the_gpsi_without_the_supi_when_only_the_gpsi_is_allowed() throws Exception {
    AfKeyOutcome.Key key = (AfKeyOutcome.Key) ask(A_KID, false, true);

    assertThat(key.supi()).isEmpty();
    assertThat(key.gpsi()).contains("msisdn-4917000001");
  }

  @Test
  void should_expire_k_af_after_its_lifetime_when_k_akma_lives_longer() throws Exception {
    assertThat(((AfKeyOutcome.Key) ask(A_KID, true)).expiresAt())
        .isEqualTo(Instant.parse("2026-11-28T10:30:00Z"));
  }

  @Test
  void should_expire_k_af_with_k_akma_when_k_akma_ends_first() throws Exception {
    clock.advance(Duration.ofMinutes(45));

    assertThat(((AfKeyOutcome.Key) ask(A_KID, true)).expiresAt())
        .isEqualTo(Instant.parse("2026-11-28T11:00:00Z"));
  }

  @Test
  void should_answer_no_context_when_the_a_kid_is_unknown_or_expired() throws Exception {
    assertThat(ask(new AKid("rid1.other@home1.net"), true))
        .isInstanceOf(AfKeyOutcome.NoContext.class);

    clock.advance(Duration.ofHours(1));

    assertThat(ask(A_KID, true)).isInstanceOf(AfKeyOutcome.NoContext.class);
  }

  @Test
  void should_answer_store_unavailable_when_the_store_does_not_answer_in_time() throws Exception {
    AkmaContextStore silent =
        new AkmaContextStore() {
          @Override
          public CompletionStage<Registration> register(AkmaContext context) {
            return new CompletableFuture<>();
          }

          @Override
          public CompletionStage<Optional<AkmaContext>> find(AKid aKid) {
            return new CompletableFuture<>();
          }

          @Override
          public CompletionStage<Boolean> remove(Supi supi) {
            return new CompletableFuture<>();
          }
        };
    AfKeyService slow =
        new AfKeyService(silent, clock, Duration.ofMillis(50), Duration.ofMinutes(30));

    assertThat(
            slow.handle(new AfKeyService.Request(A_KID, AF_ID, true, true))
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS))
        .isInstanceOf(AfKeyOutcome.StoreUnavailable.class);
  }
}
