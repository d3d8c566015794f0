package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.http.client.FirstRequestFlood;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest flood}: the first-request flood of the hostile-peer issue, with a real UE beside
 * it. Flooders on 127.0.0.2 and up pipeline unauthenticated first requests for existing IMPIs at a
 * fixed total rate; meanwhile real UEs (generated subscribers, as the simulated HSS and {@code
 * loadtest hss} derive them) bootstrap at {@code --real-rate}. Prints how many real bootstraps
 * succeeded (and why the others failed), and from the BSF's metrics endpoint its CPU, heap, evicted
 * challenges and answers during the run; exits 1 under 99 %. Loopback only, bounded in time and
 * count.
 */
@Command(
    name = "flood",
    mixinStandardHelpOptions = true,
    description =
        "Flood a BSF with first requests from other loopback addresses while real UEs bootstrap;"
            + " report the real UEs' success.")
final class FloodCommand implements Callable<Integer> {

  @Option(names = "--bsf", defaultValue = "http://127.0.0.1:8080/", description = "BSF Ub URL.")
  URI bsf;

  @Option(names = "--realm", defaultValue = "bsf.home1.net", description = "Realm in requests.")
  String realm;

  @Option(names = "--rate", defaultValue = "3000", description = "First requests per second.")
  int rate;

  @Option(names = "--sources", defaultValue = "3", description = "Flooding addresses (127.0.0.2+).")
  int sources;

  @Option(
      names = "--subscribers",
      defaultValue = "20000",
      description = "Generated subscribers of the HSS; the flood uses all but the first 1,000.")
  int subscribers;

  @Option(names = "--domain", defaultValue = "home1.net", description = "Generated IMPI domain.")
  String domain;

  @Option(names = "--real-rate", defaultValue = "20", description = "Real bootstraps per second.")
  int realRate;

  @Option(
      names = "--duration",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description = "How long to flood (at most 10 minutes).")
  Duration duration;

  @Option(
      names = "--bsf-metrics",
      defaultValue = "http://127.0.0.1:9090/metrics",
      description = "The BSF's Prometheus endpoint, read before and after; none to skip.")
  String bsfMetrics;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (duration.compareTo(Duration.ofMinutes(10)) > 0
        || duration.compareTo(Duration.ofSeconds(1)) < 0
        || sources < 1
        || sources > 200
        || realRate < 1
        || subscribers < 1_000 + sources) {
      throw new IllegalArgumentException(
          "--duration 1s..10m, --sources 1..200, --real-rate >= 1, --subscribers > 1000 + sources");
    }
    BsfMetrics metrics = bsfMetrics.equals("none") ? null : new BsfMetrics(URI.create(bsfMetrics));
    Optional<String> before = metrics == null ? Optional.empty() : metrics.text();
    InetSocketAddress target =
        new InetSocketAddress(bsf.getHost(), bsf.getPort() > 0 ? bsf.getPort() : 80);
    GeneratedSubscriberDirectory directory = new GeneratedSubscriberDirectory(subscribers, domain);
    List<String> floodImpis = new ArrayList<>();
    for (int i = 1_000; i < subscribers; i++) {
      floodImpis.add(directory.impi(i).value());
    }
    AtomicBoolean stop = new AtomicBoolean();
    List<FirstRequestFlood> floods = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    int share = floodImpis.size() / sources;
    int perSource = Math.max(100, rate / sources);
    for (int f = 0; f < sources; f++) {
      FirstRequestFlood flood =
          new FirstRequestFlood(
              InetAddress.getByName("127.0.0." + (2 + f)),
              target,
              realm,
              floodImpis.subList(f * share, (f + 1) * share),
              perSource,
              (long) perSource * duration.toSeconds(),
              stop);
      floods.add(flood);
      Thread t = new Thread(flood, "flood-" + f);
      threads.add(t);
      t.start();
    }
    int attempted = 0;
    int succeeded = 0;
    long slowest = 0;
    Map<String, Integer> failures = new TreeMap<>();
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    try (UbClient client = new UbClient(group, target)) {
      for (int i = 0; System.nanoTime() < end; i++) {
        SimulatedUsim usim =
            new SimulatedUsim(directory.find(directory.impi(i % 1_000)).orElseThrow());
        GbaUe ue = new GbaUe(client, new UeAuthenticator(usim, "/"), realm, "/");
        GbaUe.Result r = ue.bootstrap().toCompletableFuture().get(30, TimeUnit.SECONDS);
        attempted++;
        if (r instanceof GbaUe.Result.Bootstrapped b) {
          succeeded++;
          slowest = Math.max(slowest, b.totalNanos());
        } else if (r instanceof GbaUe.Result.Failed f) {
          failures.merge(f.step() + " " + f.status() + " " + f.detail(), 1, Integer::sum);
        }
        // Real UEs arrive at --real-rate: the next one is due then.
        LockSupport.parkNanos(start + (i + 1) * 1_000_000_000L / realRate - System.nanoTime());
      }
    } finally {
      stop.set(true);
      for (Thread t : threads) {
        t.join(30_000);
      }
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
    long flooded = floods.stream().mapToLong(FirstRequestFlood::sent).sum();
    double seconds = (System.nanoTime() - start) / 1e9;
    double share100 = attempted == 0 ? 0 : 100.0 * succeeded / attempted;
    out.printf(
        "flood: %d first requests in %.1f s (%.0f/s) from %d addresses%n",
        flooded, seconds, flooded / seconds, sources);
    out.printf(
        "real UEs: %d of %d bootstraps succeeded (%.2f %%), slowest %.1f ms%n",
        succeeded, attempted, share100, slowest / 1e6);
    failures.forEach((kind, count) -> out.printf("  failed: %d x %s%n", count, kind));
    Optional<String> after = metrics == null ? Optional.empty() : metrics.text();
    if (before.isPresent() && after.isPresent()) {
      printBsf(out, before.get(), after.get(), seconds);
    } else if (metrics != null) {
      out.printf("BSF metrics: %s did not answer%n", bsfMetrics);
    }
    out.flush();
    return share100 >= 99.0 ? 0 : 1;
  }

  /** The BSF's CPU, heap, evicted challenges and answers between two scrapes. */
  private static void printBsf(PrintWriter out, String before, String after, double seconds) {
    BsfMetrics.Scrape b = BsfMetrics.parse(before);
    BsfMetrics.Scrape a = BsfMetrics.parse(after);
    if (b.cpuNanos() >= 0 && a.cpuNanos() >= 0) {
      out.printf(
          "BSF: %.2f cores of CPU on average%n", (a.cpuNanos() - b.cpuNanos()) / 1e9 / seconds);
    }
    if (a.heapBytes() >= 0) {
      out.printf("BSF: heap used %.0f MB at the end%n", a.heapBytes() / 1e6);
    }
    Map<String, Double> start = counters(before);
    counters(after)
        .forEach(
            (name, value) -> {
              double delta = value - start.getOrDefault(name, 0.0);
              if (delta > 0) {
                out.printf("BSF: %,.0f %s%n", delta, name);
              }
            });
  }

  /** The Ub answer counters and the challenge evictions of an exposition, by series. */
  static Map<String, Double> counters(String text) {
    Map<String, Double> series = new TreeMap<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("bsf_ub_responses_total{")
          || line.startsWith("bsf_store_challenges_evicted_total")) {
        int space = line.lastIndexOf(' ');
        if (space < 0) {
          continue;
        }
        try {
          series.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        } catch (NumberFormatException notASample) {
          // a malformed value: not counted
        }
      }
    }
    return series;
  }
}
