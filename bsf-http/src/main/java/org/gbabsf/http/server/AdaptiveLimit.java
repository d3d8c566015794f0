package org.gbabsf.http.server;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Ub admission under overload: how many first requests a second the BSF takes on, adapted to what
 * its CPU can serve, so that the excess gets 503 at once instead of joining a queue that delays
 * everyone; plus the hard cap on requests in flight ({@code ub.max-in-flight}).
 *
 * <p>The signal is the event-loop lag ({@link LoopLag}): how late a task scheduled on the Ub event
 * loops runs. It grows when the CPU is saturated (every thread waits for it, and requests wait in
 * socket buffers before they are even read) and stays near zero when requests are slow for another
 * reason, such as a slow HSS, which is therefore not taken for overload. A limit on requests in
 * flight would not see that queue: it is in front of the decoder, and a request served without
 * waiting for I/O is never in flight for long. Every {@link #WINDOW}:
 *
 * <ul>
 *   <li>lag above {@code maxLag} at the end of this window and of the one before: the first
 *       requests allowed per window drop to {@link #DECREASE} of those admitted in the last window
 *       (never under {@link #MIN_PER_WINDOW}); a single late window (a GC pause, a CPU quota's
 *       throttling) changes nothing;
 *   <li>lag fine and first requests refused: the allowance rises by {@link #INCREASE};
 *   <li>lag fine and nothing refused: no limit.
 * </ul>
 *
 * <p>Only first requests are held to the allowance. Answers to a challenge ({@link
 * #tryAcquireAnswer}) complete a bootstrap whose vector the HSS has already spent: refusing them
 * would waste that work and make the UE start over, so they are held to the hard cap alone.
 *
 * <p>Thread-safe; the window turns over in whichever thread calls after the window's end.
 */
final class AdaptiveLimit {

  /** Length of a decision window. */
  static final long WINDOW = 100_000_000L; // 100 ms

  /** Never fewer first requests admitted per window than this (50 a second). */
  static final int MIN_PER_WINDOW = 5;

  /** Factor applied to the admitted first requests when the lag is too high. */
  static final double DECREASE = 0.8;

  /** Factor applied to the allowance when it refused requests and the lag is fine. */
  static final double INCREASE = 1.2;

  /** The allowance when nothing limits first requests. */
  static final int UNLIMITED = Integer.MAX_VALUE;

  private final int hardCap;
  private final long maxLagNanos;
  private final LongSupplier lagNanos;
  private final LongSupplier nanoTime;
  private final AtomicInteger inFlight;
  private final AtomicLong windowStart;
  private final AtomicInteger admittedInWindow = new AtomicInteger();
  private final AtomicLong refusedInWindow = new AtomicLong();
  private volatile int allowedPerWindow = UNLIMITED;
  private boolean lateBefore;

  /**
   * An admission over {@code inFlight}.
   *
   * @param hardCap never more than this in flight
   * @param maxLagNanos the event-loop lag above which first requests are limited; 0: never
   * @param lagNanos the current event-loop lag
   */
  AdaptiveLimit(
      int hardCap,
      long maxLagNanos,
      LongSupplier lagNanos,
      AtomicInteger inFlight,
      LongSupplier nanoTime) {
    this.hardCap = hardCap;
    this.maxLagNanos = maxLagNanos;
    this.lagNanos = lagNanos;
    this.inFlight = inFlight;
    this.nanoTime = nanoTime;
    this.windowStart = new AtomicLong(nanoTime.getAsLong());
  }

  /**
   * Takes a place for a first request if the allowance and the hard cap permit.
   *
   * @return true if the request may proceed (then call {@link #release})
   */
  boolean tryAcquire() {
    maybeTurnWindow();
    if (admittedInWindow.incrementAndGet() > allowedPerWindow) {
      admittedInWindow.decrementAndGet();
      refusedInWindow.incrementAndGet();
      return false;
    }
    if (!takePlace()) {
      admittedInWindow.decrementAndGet();
      return false;
    }
    return true;
  }

  /**
   * Takes a place for an answer to a challenge: bounded by the hard cap only.
   *
   * @return true if the request may proceed (then call {@link #release})
   */
  boolean tryAcquireAnswer() {
    maybeTurnWindow();
    return takePlace();
  }

  private boolean takePlace() {
    if (inFlight.incrementAndGet() > hardCap) {
      inFlight.decrementAndGet();
      return false;
    }
    return true;
  }

  /** Frees the place of a request. */
  void release() {
    inFlight.decrementAndGet();
  }

  private void maybeTurnWindow() {
    if (maxLagNanos == 0) {
      return;
    }
    long start = windowStart.get();
    long now = nanoTime.getAsLong();
    if (now - start >= WINDOW && windowStart.compareAndSet(start, now)) {
      turnWindow();
    }
  }

  /** Only the thread that moved {@code windowStart} gets here. */
  private void turnWindow() {
    int admitted = admittedInWindow.getAndSet(0);
    long refused = refusedInWindow.getAndSet(0);
    int allowed = allowedPerWindow;
    boolean late = lagNanos.getAsLong() > maxLagNanos;
    boolean lateTwice = late && lateBefore;
    lateBefore = late;
    if (lateTwice) {
      allowedPerWindow = Math.max(MIN_PER_WINDOW, (int) (Math.min(allowed, admitted) * DECREASE));
    } else if (late) {
      return; // one late window: wait for the next before acting
    } else if (refused > 0) {
      allowedPerWindow = (int) Math.min(UNLIMITED - 1L, (long) Math.ceil(allowed * INCREASE) + 1);
    } else {
      allowedPerWindow = UNLIMITED;
    }
  }

  /** First requests allowed a second now, or -1 while nothing limits them. */
  double allowedPerSecond() {
    int allowed = allowedPerWindow;
    return allowed == UNLIMITED ? -1 : allowed * (1e9 / WINDOW);
  }
}
