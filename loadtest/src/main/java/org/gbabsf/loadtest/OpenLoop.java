package org.gbabsf.loadtest;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.gbabsf.http.client.UbTransport;

/**
 * The schedule of {@code loadtest run}: calls start at the offered rate (a linear ramp to {@code
 * rate}, then flat) whatever the BSF does, each on an idle connection with an idle subscriber; a
 * start with neither is skipped and counted, never delayed (coordinated omission). Runs on the
 * calling thread until the end of the run, then waits for the calls in flight.
 */
final class OpenLoop {

  private final double rate;
  private final long rampNanos;
  private final ArrayDeque<UbTransport> idle;
  private final Population population;
  private final double rebootstrapShare;
  private final RunMeasures measures;
  private final AtomicLong inFlight = new AtomicLong();

  /**
   * A schedule of {@code rate} calls a second after a ramp of {@code rampNanos}, over {@code
   * connections} and {@code population}, a share {@code rebootstrapShare} of the calls being a
   * subscriber's new bootstrap; skips are told to {@code measures}.
   */
  OpenLoop(
      double rate,
      long rampNanos,
      List<UbTransport> connections,
      Population population,
      double rebootstrapShare,
      RunMeasures measures) {
    this.rate = rate;
    this.rampNanos = rampNanos;
    this.idle = new ArrayDeque<>(connections);
    this.population = population;
    this.rebootstrapShare = rebootstrapShare;
    this.measures = measures;
  }

  /**
   * Starts the calls of {@code mix} from {@code start} until {@code end} (System.nanoTime); returns
   * how many starts were skipped for want of an idle connection or subscriber.
   */
  long run(CallMix mix, long start, long end) {
    long skipped = 0;
    long next = start;
    while (next < end) {
      long now = System.nanoTime();
      if (now < next) {
        LockSupport.parkNanos(next - now);
        continue;
      }
      if (!startOne(mix, next)) {
        skipped++;
      }
      next += (long) (1e9 / offered(next - start));
    }
    return skipped;
  }

  /** Starts one call scheduled at {@code scheduledAt}; false if it had to be skipped. */
  private boolean startOne(CallMix mix, long scheduledAt) {
    UbTransport client;
    synchronized (idle) {
      client = idle.poll();
    }
    Population.Subscriber subscriber = client == null ? null : population.take(rebootstrapShare);
    if (client == null || subscriber == null) {
      if (client != null) {
        synchronized (idle) {
          idle.add(client);
        }
      }
      // the generator ran out of idle connections or subscribers: reported
      measures.error(
          client == null ? "generator: no idle connection" : "generator: no idle subscriber");
      return false;
    }
    inFlight.incrementAndGet();
    mix.call(client, subscriber, scheduledAt)
        .whenComplete(
            (holds, error) -> {
              synchronized (idle) {
                idle.add(client);
              }
              population.release(subscriber, Boolean.TRUE.equals(holds));
              inFlight.decrementAndGet();
            });
    return true;
  }

  /** The rate offered {@code sinceStart} nanoseconds into the run. */
  double offered(long sinceStart) {
    if (sinceStart >= rampNanos) {
      return rate;
    }
    return Math.max(rate * sinceStart / (double) rampNanos, Math.min(rate, 1.0));
  }

  /** Waits up to 10 s for calls in flight; true if none is left. */
  boolean drain() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(10_000_000L);
    }
    return inFlight.get() == 0;
  }
}
