package org.gbabsf.core.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock tests move by hand, so that expiry is tested without waiting. */
public final class MutableClock extends Clock {

  private final AtomicReference<Instant> now;

  /** A clock standing at {@code start}. */
  public MutableClock(Instant start) {
    this.now = new AtomicReference<>(start);
  }

  /** Moves the clock forward. */
  public void advance(Duration d) {
    now.updateAndGet(t -> t.plus(d));
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now.get();
  }
}
