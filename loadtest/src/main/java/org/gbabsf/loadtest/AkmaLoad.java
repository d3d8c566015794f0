package org.gbabsf.loadtest;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One phase of {@code loadtest akma}: calls started at a fixed rate whatever the AAnF does (open
 * loop; a start beyond {@code maxInFlight} is skipped and counted, never delayed), then measured:
 * the rate achieved, each call's latency from its scheduled start (no coordinated omission), its
 * outcome, and the AAnF's CPU over the phase.
 */
final class AkmaLoad {

  /**
   * What a phase measured.
   *
   * @param name the phase's name
   * @param started calls started
   * @param ok calls that did what they should
   * @param failures other outcomes by tag, with the skipped starts
   * @param latency latency of every completed call, in microseconds
   * @param seconds the phase's length
   * @param cpuNanos the AAnF's CPU over the phase, or -1 if not measured
   */
  record Phase(
      String name,
      long started,
      long ok,
      Map<String, Long> failures,
      Histogram latency,
      double seconds,
      long cpuNanos) {

    /** Successful calls a second. */
    double okPerSecond() {
      return ok / seconds;
    }

    /** The AAnF's CPU per successful call in milliseconds, or -1. */
    double cpuMillisPerCall() {
      return cpuNanos < 0 || ok == 0 ? -1 : cpuNanos / 1e6 / ok;
    }
  }

  private AkmaLoad() {}

  /**
   * Runs {@code call} (given the call's number; it completes with "ok" or a failure tag, never
   * exceptionally) {@code rate} times a second for {@code length}; {@code cpu} reads the AAnF's CPU
   * in nanoseconds (-1 if unknown).
   */
  static Phase run(
      String name,
      double rate,
      Duration length,
      int maxInFlight,
      LongFunction<CompletableFuture<String>> call,
      LongSupplier cpu) {
    Semaphore slots = new Semaphore(maxInFlight);
    Recorder latency = new Recorder(3);
    Map<String, Long> failures = new TreeMap<>();
    long[] ok = {0};
    long cpuBefore = cpu.getAsLong();
    long start = System.nanoTime();
    long end = start + length.toNanos();
    long interval = (long) (1e9 / rate);
    long next = start;
    long started = 0;
    while (next < end) {
      long now = System.nanoTime();
      if (now < next) {
        LockSupport.parkNanos(next - now);
        continue;
      }
      long scheduled = next;
      next += interval;
      if (!slots.tryAcquire()) {
        synchronized (failures) {
          failures.merge("skipped: " + maxInFlight + " in flight", 1L, Long::sum);
        }
        continue;
      }
      started++;
      call.apply(started)
          .whenComplete(
              (tag, error) -> {
                latency.recordValue(
                    Math.max(0, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - scheduled)));
                String outcome = error != null ? "error: " + error.getClass().getSimpleName() : tag;
                synchronized (failures) {
                  if (outcome.equals("ok")) {
                    ok[0]++;
                  } else {
                    failures.merge(outcome, 1L, Long::sum);
                  }
                }
                slots.release();
              });
    }
    boolean drained = waitFor(slots, maxInFlight);
    long cpuAfter = cpu.getAsLong();
    double seconds = length.toNanos() / 1e9;
    synchronized (failures) {
      if (!drained) {
        failures.merge("unfinished after 10 s", 1L, Long::sum);
      }
      return new Phase(
          name,
          started,
          ok[0],
          Map.copyOf(failures),
          latency.getIntervalHistogram(),
          seconds,
          cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore);
    }
  }

  private static boolean waitFor(Semaphore slots, int n) {
    try {
      return slots.tryAcquire(n, 10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
