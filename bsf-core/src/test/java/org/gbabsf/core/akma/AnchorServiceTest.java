package org.gbabsf.core.akma;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.store.InMemoryAkmaContextStore;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

/** The AUSF's side of the AAnF: register, replace, refuse, remove; store failures as values. */
class AnchorServiceTest {

  private static final Supi SUPI = new Supi("imsi-001010000000001");

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-28T10:00:00Z"));
  private final InMemoryAkmaContextStore store = new InMemoryAkmaContextStore(10, clock);
  private final AnchorService service =
      new AnchorService(store, clock, Duration.ofSeconds(1), Duration.ofHours(12));

  private static AnchorService.Registration registration(String aKid, Optional<Supi> supi) {
    return new AnchorService.Registration(
        new AKid(aKid), supi, Optional.of("msisdn-4917000001"), new byte[32]);
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @Test
  void should_keep_the_context_for_the_configured_lifetime_when_registered() throws Exception {
    assertThat(await(service.register(registration("rid1.a@home1.net", Optional.of(SUPI)))))
        .isEqualTo(new AnchorOutcome.Registered(false));

    AkmaContext c = await(store.find(new AKid("rid1.a@home1.net"))).orElseThrow();
    assertThat(c.expiresAt()).isEqualTo(Instant.parse("2026-11-28T22:00:00Z"));
    assertThat(c.gpsi()).contains("msisdn-4917000001");
  }

  @Test
  void should_say_replaced_when_the_supi_registers_again() throws Exception {
    await(service.register(registration("rid1.a@home1.net", Optional.of(SUPI))));

    assertThat(await(service.register(registration("rid1.b@home1.net", Optional.of(SUPI)))))
        .isEqualTo(new AnchorOutcome.Registered(true));
    assertThat(await(store.find(new AKid("rid1.a@home1.net")))).isEmpty();
  }

  @Test
  void should_refuse_when_the_a_kid_belongs_to_another_supi() throws Exception {
    await(service.register(registration("rid1.a@home1.net", Optional.of(SUPI))));

    assertThat(
            await(
                service.register(
                    registration(
                        "rid1.a@home1.net", Optional.of(new Supi("imsi-001010000000002"))))))
        .isInstanceOf(AnchorOutcome.AKidOfAnotherSupi.class);
  }

  @Test
  void should_refuse_when_no_supi_is_given() throws Exception {
    assertThat(await(service.register(registration("rid1.a@home1.net", Optional.empty()))))
        .isInstanceOf(AnchorOutcome.SupiRequired.class);
    assertThat(store.size()).isZero();
  }

  @Test
  void should_report_whether_there_was_a_context_when_removing() throws Exception {
    await(service.register(registration("rid1.a@home1.net", Optional.of(SUPI))));

    assertThat(await(service.remove(SUPI))).isEqualTo(new AnchorOutcome.Removed(true));
    assertThat(await(service.remove(SUPI))).isEqualTo(new AnchorOutcome.Removed(false));
  }

  @Test
  void should_answer_store_unavailable_when_the_store_fails() throws Exception {
    AkmaContextStore failing =
        new AkmaContextStore() {
          @Override
          public CompletionStage<Registration> register(AkmaContext context) {
            return CompletableFuture.failedFuture(new StoreException("down"));
          }

          @Override
          public CompletionStage<Optional<AkmaContext>> find(AKid aKid) {
            return CompletableFuture.failedFuture(new StoreException("down"));
          }

          @Override
          public CompletionStage<Boolean> remove(Supi supi) {
            throw new IllegalStateException("a store bug");
          }
        };
    AnchorService broken =
        new AnchorService(failing, clock, Duration.ofSeconds(1), Duration.ofHours(12));

    assertThat(await(broken.register(registration("rid1.a@home1.net", Optional.of(SUPI)))))
        .isInstanceOf(AnchorOutcome.StoreUnavailable.class);
    assertThat(await(broken.remove(SUPI))).isInstanceOf(AnchorOutcome.StoreUnavailable.class);
  }
}
