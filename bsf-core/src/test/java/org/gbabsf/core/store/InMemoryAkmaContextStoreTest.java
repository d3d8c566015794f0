package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.AkmaContextStoreContract;
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
}
