package org.gbabsf.http.server;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The lag of a group of event loops: each loop runs a probe every period and records how late it
 * ran; {@link #nanos()} is the largest lag of the last {@link #SPAN} probes of each loop. A loop
 * that is busy or starved of CPU runs its probe late; an idle one runs it on time. Costs one
 * scheduled task, so one wake-up of an idle loop, per loop per period: about 0.1 ms of CPU each on
 * the benchmark VM, so 1 % of a core at {@link #ADMISSION_PERIOD_MILLIS}.
 */
final class LoopLag implements AutoCloseable {

  /** Probe period when the admission reads the lag: it decides every 100 ms. */
  static final long ADMISSION_PERIOD_MILLIS = 10;

  /** Probe period when only the gauge reads it. */
  static final long GAUGE_PERIOD_MILLIS = 100;

  /** Probes per loop whose lags are kept. */
  static final int SPAN = 10;

  private final AtomicLongArray lags;
  private final int loops;
  private final long periodMillis;
  private volatile boolean closed;

  /**
   * Starts probing every loop of {@code group} every {@code periodMillis}; the group's shutdown
   * ends the probes.
   */
  LoopLag(EventLoopGroup group, long periodMillis) {
    this.periodMillis = periodMillis;
    List<EventExecutor> executors = new ArrayList<>();
    group.forEach(executors::add);
    this.loops = executors.size();
    this.lags = new AtomicLongArray(loops * SPAN);
    for (int i = 0; i < loops; i++) {
      schedule(executors.get(i), i, 0);
    }
  }

  private void schedule(EventExecutor loop, int index, int slot) {
    if (closed) {
      return;
    }
    long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(periodMillis);
    try {
      loop.schedule(
          () -> {
            lags.set(index * SPAN + slot, Math.max(0, System.nanoTime() - due));
            schedule(loop, index, (slot + 1) % SPAN);
          },
          periodMillis,
          TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
      // the group is shutting down: no more probes
    }
  }

  /** The largest recent lag of any loop, in nanoseconds. */
  long nanos() {
    long max = 0;
    for (int i = 0; i < lags.length(); i++) {
      max = Math.max(max, lags.get(i));
    }
    return max;
  }

  @Override
  public void close() {
    closed = true;
  }
}
