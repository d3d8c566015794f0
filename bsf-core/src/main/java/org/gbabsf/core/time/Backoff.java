package org.gbabsf.core.time;

import java.time.Duration;

/**
 * The delay before retrying something that keeps failing: {@code first}, then twice the previous
 * delay, never more than {@code max}; back to {@code first} after a success. One owner: not
 * thread-safe (callers hold their own lock).
 */
public final class Backoff {

  private final Duration first;
  private final Duration max;
  private Duration next;

  /**
   * Starts at {@code first}, doubling up to {@code max}.
   *
   * @throws IllegalArgumentException if {@code first} is not positive or {@code max} is shorter
   */
  public Backoff(Duration first, Duration max) {
    if (first.isZero() || first.isNegative() || max.compareTo(first) < 0) {
      throw new IllegalArgumentException("need 0 < first <= max, got " + first + " and " + max);
    }
    this.first = first;
    this.max = max;
    this.next = first;
  }

  /** The delay before the next attempt, after a failure; the one after it is twice as long. */
  public Duration next() {
    Duration now = next;
    next = doubled(next, max);
    return now;
  }

  /** After a success: the next failure waits {@code first} again. */
  public void reset() {
    next = first;
  }

  /** Twice {@code d}, but not more than {@code max}. */
  public static Duration doubled(Duration d, Duration max) {
    Duration twice = d.multipliedBy(2);
    return twice.compareTo(max) > 0 ? max : twice;
  }
}
