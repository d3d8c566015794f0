package org.gbabsf.loadtest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest run}: an open-loop load generator. Bootstraps start at a constant arrival rate
 * (after a linear ramp), each on an idle simulated UE with its own keep-alive connection; latency
 * is measured from the <em>scheduled</em> start, so a slow BSF cannot hide its queueing
 * (coordinated omission). Only the measurement period counts.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Drive bootstraps at a constant rate and report latency percentiles.")
final class RunCommand implements Callable<Integer> {

  @Option(names = "--bsf", defaultValue = "http://127.0.0.1:8080/", description = "BSF Ub URL.")
  URI bsf;

  @Option(names = "--rate", defaultValue = "100", description = "Target bootstraps per second.")
  double rate;

  @Option(
      names = "--ramp",
      defaultValue = "10m",
      converter = DurationConverter.class,
      description = "Linear ramp from 0 to --rate (default 10m, as the seed benchmark).")
  Duration ramp;

  @Option(
      names = "--duration",
      defaultValue = "60m",
      converter = DurationConverter.class,
      description = "Measurement period at --rate (default 60m).")
  Duration duration;

  @Option(
      names = "--ues",
      defaultValue = "2000",
      description = "Simulated UEs (connections), user0..user<N-1>@--domain.")
  int ues;

  @Option(names = "--domain", defaultValue = "home1.net", description = "IMPI domain.")
  String domain;

  @Option(names = "--realm", defaultValue = "bsf.home1.net", description = "Ub realm.")
  String realm;

  @Option(names = "--bsf-pid", description = "PID of the BSF, to measure its CPU from /proc.")
  Long bsfPid;

  @Option(names = "--label", defaultValue = "", description = "A label for the report.")
  String label;

  @Option(names = "--json", description = "Write every figure to this JSON file.")
  Path json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    GeneratedSubscriberDirectory directory = new GeneratedSubscriberDirectory(ues, domain);
    String path = bsf.getRawPath() == null || bsf.getRawPath().isEmpty() ? "/" : bsf.getRawPath();
    InetSocketAddress address = new InetSocketAddress(bsf.getHost(), bsf.getPort());
    ArrayDeque<GbaUe> idle = new ArrayDeque<>();
    List<UbClient> clients = new ArrayList<>();
    for (int i = 0; i < ues; i++) {
      UbClient client = new UbClient(loops, address);
      clients.add(client);
      idle.add(
          new GbaUe(
              client,
              new UeAuthenticator(
                  new SimulatedUsim(directory.find(directory.impi(i)).orElseThrow()), path),
              realm,
              path));
    }
    Recorder firstChallenge = new Recorder(3);
    Recorder full = new Recorder(3);
    ConcurrentHashMap<String, AtomicInteger> errors = new ConcurrentHashMap<>();
    AtomicInteger completed = new AtomicInteger();
    AtomicInteger skipped = new AtomicInteger();
    long rampNanos = ramp.toNanos();
    long measureNanos = duration.toNanos();
    long start = System.nanoTime();
    long measureStart = start + rampNanos;
    long end = measureStart + measureNanos;
    long cpuAtMeasureStart = -1;
    int completedAtMeasureStart = 0;
    double scheduled = 0;
    long next = start;
    while (next < end) {
      long now = System.nanoTime();
      if (now < next) {
        LockSupport.parkNanos(next - now);
        continue;
      }
      if (cpuAtMeasureStart < 0 && next >= measureStart) {
        cpuAtMeasureStart = bsfCpuNanos();
        completedAtMeasureStart = completed.get();
        firstChallenge.reset();
        full.reset();
        errors.clear();
        skipped.set(0);
      }
      boolean measuring = next >= measureStart;
      long scheduledAt = next;
      GbaUe ue;
      synchronized (idle) {
        ue = idle.poll();
      }
      if (ue == null) {
        skipped.incrementAndGet(); // the generator ran out of idle UEs: reported, not hidden
      } else {
        ue.bootstrap()
            .whenComplete(
                (r, error) -> {
                  long done = System.nanoTime();
                  if (r instanceof GbaUe.Result.Bootstrapped b) {
                    long sendDelay = (done - b.totalNanos()) - scheduledAt;
                    firstChallenge.recordValue(Math.max(0, sendDelay) + b.firstChallengeNanos());
                    full.recordValue(done - scheduledAt);
                    completed.incrementAndGet();
                  } else if (r instanceof GbaUe.Result.Failed f) {
                    // A transport failure has no status: keep its exception class for diagnosis.
                    String kind =
                        f.status() == 0
                            ? f.step() + " " + f.detail().split(":", 2)[0]
                            : f.step() + " " + f.status();
                    errors.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
                  }
                  synchronized (idle) {
                    idle.add(ue);
                  }
                });
      }
      double elapsed = (next - start) / 1e9;
      double currentRate =
          next < measureStart
              ? Math.max(rate * elapsed / Math.max(1e-9, rampNanos / 1e9), rate / 100)
              : rate;
      next += (long) (1e9 / currentRate);
      scheduled += measuring ? 1 : 0;
    }
    long cpu = cpuAtMeasureStart < 0 ? -1 : bsfCpuNanos() - cpuAtMeasureStart;
    int done = completed.get() - completedAtMeasureStart;
    Histogram fc = firstChallenge.getIntervalHistogram();
    Histogram fb = full.getIntervalHistogram();
    for (UbClient c : clients) {
      c.close();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();

    double seconds = measureNanos / 1e9;
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("label", label);
    report.put("targetRate", rate);
    report.put("achievedRate", done / seconds);
    report.put("messagesPerSecond", 4 * done / seconds);
    report.put("scheduled", (long) scheduled);
    report.put("completed", done);
    report.put("skippedNoIdleUe", skipped.get());
    Map<String, Integer> errorCounts = new TreeMap<>();
    errors.forEach((k, v) -> errorCounts.put(k, v.get()));
    report.put("errors", errorCounts);
    report.put("firstRequestTo401Ms", percentiles(fc));
    report.put("fullBootstrapMs", percentiles(fb));
    if (cpu >= 0 && done > 0) {
      report.put("bsfCpuPercent", 100.0 * cpu / measureNanos);
      report.put("bsfCpuPerBootstrapMs", cpu / 1e6 / done);
    }
    out.printf(
        "%s%n| rate | achieved/s | messages/s | BSF CPU | BSF CPU per bootstrap | p50 | p90 | p95 | p99 |%n",
        label.isEmpty() ? "" : "### " + label);
    out.println("|---|---|---|---|---|---|---|---|---|");
    out.printf(
        "| %.0f/s | %.0f | %.0f | %s | %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms |%n",
        rate,
        done / seconds,
        4 * done / seconds,
        cpu >= 0 ? String.format("%.0f %%", 100.0 * cpu / measureNanos) : "n/a",
        cpu >= 0 && done > 0 ? String.format("%.3f ms", cpu / 1e6 / done) : "n/a",
        fc.getValueAtPercentile(50) / 1e6,
        fc.getValueAtPercentile(90) / 1e6,
        fc.getValueAtPercentile(95) / 1e6,
        fc.getValueAtPercentile(99) / 1e6);
    out.printf(
        "full bootstrap p50 %.2f ms, p99 %.2f ms; errors %s; generator ran out of idle UEs %d times%n",
        fb.getValueAtPercentile(50) / 1e6,
        fb.getValueAtPercentile(99) / 1e6,
        errorCounts.isEmpty() ? "none" : errorCounts,
        skipped.get());
    out.flush();
    if (json != null) {
      Files.writeString(
          json,
          new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report),
          StandardCharsets.UTF_8);
    }
    return errorCounts.isEmpty() && skipped.get() == 0 ? 0 : 1;
  }

  private static Map<String, Double> percentiles(Histogram h) {
    Map<String, Double> p = new LinkedHashMap<>();
    for (double q : new double[] {50, 90, 95, 99, 99.9}) {
      p.put(
          "p" + (q == 99.9 ? "99.9" : Integer.toString((int) q)), h.getValueAtPercentile(q) / 1e6);
    }
    p.put("max", h.getMaxValue() / 1e6);
    p.put("count", (double) h.getTotalCount());
    return p;
  }

  /** utime + stime of the BSF from /proc/PID/stat, in nanoseconds; -1 without a PID. */
  private long bsfCpuNanos() {
    if (bsfPid == null) {
      return -1;
    }
    try {
      String stat = Files.readString(Path.of("/proc", bsfPid.toString(), "stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      return ticks * 10_000_000L; // USER_HZ = 100 on Linux
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
