package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AkmaContext;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.AkmaContextStoreContract;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

class InMemoryAkmaContextStoreTest extends AkmaContextStoreContract {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-28T10:00:00Z"));

  @Override
  protected AkmaContextStore newStore() {
    return new InMemoryAkmaContextStore(1000, clock);
  }

  @Override
  protected void elapse(Duration d) {
    clock.advance(d);
  }

  @Override
  protected Instant now() {
    return clock.instant();
  }

  @Test
  void should_fail_with_a_store_error_when_full_of_live_contexts() throws Exception {
    InMemoryAkmaContextStore small = new InMemoryAkmaContextStore(1, clock);
    small
        .register(context("rid1.a@home1.net", "imsi-001010000000001", 1))
        .toCompletableFuture()
        .get(1, TimeUnit.SECONDS);

    assertThatThrownBy(
            () ->
                small
                    .register(context("rid1.b@home1.net", "imsi-001010000000002", 2))
                    .toCompletableFuture()
                    .get(1, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(StoreException.class);
  }

  @Test
  void should_make_room_when_full_of_expired_contexts() throws Exception {
    InMemoryAkmaContextStore small = new InMemoryAkmaContextStore(1, clock);
    small
        .register(context("rid1.a@home1.net", "imsi-001010000000001", 1))
        .toCompletableFuture()
        .get(1, TimeUnit.SECONDS);
    clock.advance(Duration.ofHours(2));

    small
        .register(context("rid1.b@home1.net", "imsi-001010000000002", 2))
        .toCompletableFuture()
        .get(1, TimeUnit.SECONDS);

    assertThat(small.size()).isEqualTo(1);
  }

  @Test
  void should_scan_a_full_store_at_most_once_a_second_when_registrations_keep_coming()
      throws Exception {
    InMemoryAkmaContextStore small = new InMemoryAkmaContextStore(1, clock);
    small
        .register(
            new AkmaContext(
                new AKid("rid1.a@home1.net"),
                new Supi("imsi-001010000000001"),
                Optional.empty(),
                new byte[32],
                clock.instant(),
                clock.instant().plusMillis(500)))
        .toCompletableFuture()
        .get(1, TimeUnit.SECONDS);
    assertThat(register(small, 2)).as("full of a live context: scans, refused").isFalse();
    clock.advance(Duration.ofMillis(600)); // the context has expired

    boolean withinTheSecond = register(small, 3);
    clock.advance(Duration.ofMillis(500));
    boolean afterIt = register(small, 3);

    assertThat(withinTheSecond).as("no second scan within a second: refused at once").isFalse();
    assertThat(afterIt).as("a scan a second later makes room").isTrue();
  }

  private boolean register(InMemoryAkmaContextStore store, int n) throws Exception {
    try {
      store
          .register(context("rid1." + n + "@home1.net", "imsi-00101000000000" + n, n))
          .toCompletableFuture()
          .get(1, TimeUnit.SECONDS);
      return true;
    } catch (ExecutionException e) {
      assertThat(e).hasCauseInstanceOf(StoreException.class);
      return false;
    }
  }
}
