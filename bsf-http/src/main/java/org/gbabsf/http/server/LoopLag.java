package org.gbabsf.http.server;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The lag of a group of event loops: each loop runs a probe every {@link #PERIOD_MILLIS} and
 * records how late it ran; {@link #nanos()} is the largest lag of the probes that ran in about the
 * last {@link #SPAN} probes of each loop. A loop that is busy or starved of CPU runs its probe
 * late; an idle one runs it on time. Costs one scheduled task per loop per period.
 */
final class LoopLag implements AutoCloseable {

  /** Probe period. */
  static final long PERIOD_MILLIS = 10;

  /** Probes per loop whose lags are kept. */
  static final int SPAN = 10;

  private final AtomicLongArray lags;
  private final int loops;
  private volatile boolean closed;

  /** Starts probing every loop of {@code group}; the group's shutdown ends the probes. */
  LoopLag(EventLoopGroup group) {
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
    long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PERIOD_MILLIS);
    try {
      loop.schedule(
          () -> {
            lags.set(index * SPAN + slot, Math.max(0, System.nanoTime() - due));
            schedule(loop, index, (slot + 1) % SPAN);
          },
          PERIOD_MILLIS,
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
