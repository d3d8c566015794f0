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
}
