package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

class InMemoryTmpiStoreTest extends TmpiStoreContract {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T10:00:00Z"));

  @Override
  protected TmpiStore newStore() {
    return new InMemoryTmpiStore(1000, clock);
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
  void should_refuse_a_mapping_with_store_full_when_the_bound_is_reached() {
    InMemoryTmpiStore small = new InMemoryTmpiStore(1, clock);
    Impi a = new Impi("a@home1.net");
    Impi b = new Impi("b@home1.net");
    small.put(tmpi(1, a), a, clock.instant().plus(Duration.ofDays(1)));

    assertThatThrownBy(
            () ->
                small
                    .put(tmpi(2, b), b, clock.instant().plus(Duration.ofDays(1)))
                    .toCompletableFuture()
                    .join())
        .hasCauseInstanceOf(StoreException.class)
        .hasMessageContaining("TMPI store full");
    assertThat(small.find(tmpi(1, a)).toCompletableFuture().join()).contains(a);
  }
}
