package org.gbabsf.core.time;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most one WARN per interval for a repeated event a peer can cause (a refused FQDN, a lying
 * AUSF, an AAnF refusing the proxy): the first of an interval is logged at WARN, the others at
 * DEBUG, so that a peer repeating a fault cannot flood the log. Thread-safe, lock-free.
 */
public final class WarnLimiter {

  private final long intervalNanos;
  private final AtomicLong last;

  /** A limiter letting one WARN through per {@code interval}; the first is let through. */
  public WarnLimiter(Duration interval) {
    this.intervalNanos = interval.toNanos();
    this.last = new AtomicLong(System.nanoTime() - 2 * intervalNanos);
  }

  /** True if this event is to be logged at WARN (the first of its interval), false for DEBUG. */
  public boolean warn() {
    long now = System.nanoTime();
    long previous = last.get();
    return now - previous > intervalNanos && last.compareAndSet(previous, now);
  }
}
