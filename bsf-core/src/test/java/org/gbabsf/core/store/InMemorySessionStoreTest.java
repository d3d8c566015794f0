package org.gbabsf.core.store;

import java.time.Duration;
import java.time.Instant;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.testing.MutableClock;

class InMemorySessionStoreTest extends SessionStoreContract {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

  @Override
  protected SessionStore newStore() {
    return new InMemorySessionStore(1000, clock);
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
