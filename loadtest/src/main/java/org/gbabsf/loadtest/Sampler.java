package org.gbabsf.loadtest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What {@code loadtest run} samples every second: the BSF's CPU (from /proc with its PID, else from
 * its metrics endpoint), its heap and live data (metrics endpoint), and the whole box's CPU
 * (/proc/stat). Used from one thread.
 */
final class Sampler {

  /**
   * One second's reading.
   *
   * @param bsfCpuPercent BSF CPU since the last good reading, 100 % = one core; NaN if unknown
   * @param boxCpuPercent the box's busy CPU since the previous reading, 100 % = one core
   * @param heapMb BSF heap used, or -1
   * @param liveMb BSF live data after the last GC, or -1
   */
  record Reading(double bsfCpuPercent, double boxCpuPercent, double heapMb, double liveMb) {}

  /**
   * Cumulative BSF CPU at a moment.
   *
   * @param nanoTime when ({@link System#nanoTime()})
   * @param bsfCpuNanos the BSF's CPU time so far, or -1 if unknown
   * @param cassandraCpuNanos the Cassandra nodes' CPU time so far (their PIDs summed), or -1 if
   *     unknown or not asked for
   */
  record Cumulative(long nanoTime, long bsfCpuNanos, long cassandraCpuNanos) {

    /** A reading that failed: both CPU figures unknown. */
    static Cumulative unknown() {
      return new Cumulative(System.nanoTime(), -1, -1);
    }
  }

  private final BsfMetrics metrics;
  private final Long pid;
  private final java.util.List<Long> cassandraPids;
  private long lastBsfCpu = -1;
  private long lastBsfCpuAt;
  private long[] lastBox;

  Sampler(BsfMetrics metrics, Long pid, java.util.List<Long> cassandraPids) {
    this.metrics = metrics;
    this.pid = pid;
    this.cassandraPids = java.util.List.copyOf(cassandraPids);
  }

  /** The Cassandra nodes' summed CPU, -1 if there are none or one cannot be read. */
  private long cassandraCpu() {
    long sum = 0;
    for (long p : cassandraPids) {
      long cpu = ProcCpu.nanos(p);
      if (cpu < 0) {
        return -1;
      }
      sum += cpu;
    }
    return cassandraPids.isEmpty() ? -1 : sum;
  }

  /** Takes the baselines. */
  void begin() {
    lastBsfCpu = bsfCpu(scrape());
    lastBsfCpuAt = System.nanoTime();
    lastBox = boxTicks();
  }

  /**
   * The BSF's cumulative CPU now (a scrape or /proc read); safe from any thread. A failed read is
   * retried a few times, since one slow scrape must not lose the run's CPU figure.
   */
  Cumulative cumulative() {
    for (int attempt = 0; attempt < 3; attempt++) {
      long cpu = bsfCpu(scrape());
      if (cpu >= 0) {
        return new Cumulative(System.nanoTime(), cpu, cassandraCpu());
      }
    }
    return new Cumulative(System.nanoTime(), -1, cassandraCpu());
  }

  Reading read() {
    Optional<BsfMetrics.Scrape> scrape = scrape();
    long cpu = bsfCpu(scrape);
    long now = System.nanoTime();
    double cpuPercent = Double.NaN;
    if (cpu >= 0) {
      // The counter is cumulative: after a failed read, the next delta covers both seconds.
      if (lastBsfCpu >= 0 && now > lastBsfCpuAt) {
        cpuPercent = 100.0 * (cpu - lastBsfCpu) / (now - lastBsfCpuAt);
      }
      lastBsfCpu = cpu;
      lastBsfCpuAt = now;
    }
    long[] box = boxTicks();
    double boxPercent = Double.NaN;
    if (box != null && lastBox != null && box[1] > lastBox[1]) {
      int cores = Runtime.getRuntime().availableProcessors();
      boxPercent = 100.0 * cores * (box[0] - lastBox[0]) / (box[1] - lastBox[1]);
    }
    lastBox = box;
    return new Reading(
        cpuPercent,
        boxPercent,
        scrape.map(s -> s.heapBytes() < 0 ? -1.0 : s.heapBytes() / 1e6).orElse(-1.0),
        scrape.map(s -> s.liveBytes() < 0 ? -1.0 : s.liveBytes() / 1e6).orElse(-1.0));
  }

  /**
   * Forces a full GC in the BSF ({@code jcmd PID GC.run}) and returns the heap then in use, in MB:
   * the live set. NaN if jcmd or the metrics endpoint fails.
   */
  double liveHeapAfterFullGc(long bsfPid) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    try {
      Process p =
          new ProcessBuilder(jcmd.toString(), Long.toString(bsfPid), "GC.run")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return Double.NaN;
      }
    } catch (IOException e) {
      return Double.NaN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Double.NaN;
    }
    return scrape()
        .filter(s -> s.heapBytes() >= 0)
        .map(s -> s.heapBytes() / 1e6)
        .orElse(Double.NaN);
  }

  private Optional<BsfMetrics.Scrape> scrape() {
    return metrics == null ? Optional.empty() : metrics.scrape();
  }

  private long bsfCpu(Optional<BsfMetrics.Scrape> scrape) {
    if (pid != null) {
      return ProcCpu.nanos(pid);
    }
    return scrape.map(BsfMetrics.Scrape::cpuNanos).orElse(-1L);
  }

  /** {busy, total} jiffies of the whole box, or null off Linux. */
  private static long[] boxTicks() {
    try {
      String first = Files.readAllLines(Path.of("/proc/stat")).get(0);
      String[] f = first.trim().split("\\s+");
      long total = 0;
      for (int i = 1; i < f.length && i <= 8; i++) {
        total += Long.parseLong(f[i]);
      }
      long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
      return new long[] {total - idle, total};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
