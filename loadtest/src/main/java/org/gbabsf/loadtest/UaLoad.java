package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import picocli.CommandLine.Option;

/**
 * The Ua share of {@code loadtest run}: after each bootstrap, {@code --ua-per-bootstrap} GETs of
 * {@code --naf-url} through the NAF authentication proxy with that UE's key ({@link UaFetch}): the
 * first answered 401 then 200, the next ones at once with the nextnonce of the previous answer.
 * Latency runs from each request's scheduled start (the end of the bootstrap, then the end of the
 * previous request) to its final answer, 401 round trip included. A final answer other than 200, or
 * an rspauth that does not verify, is an error of its kind. With {@code --proxy-pid}, the proxy's
 * CPU over the measurement period, per Ua request.
 */
final class UaLoad implements AutoCloseable {

  /** The options, mixed into {@code loadtest run}. */
  static final class Options {
    @Option(
        names = "--ua-per-bootstrap",
        defaultValue = "0",
        description =
            "GETs of --naf-url through the NAF authentication proxy after each bootstrap, with"
                + " the UE's key: the first answered 401 then 200, the next ones at once"
                + " (nextnonce).")
    int perBootstrap;

    @Option(
        names = "--naf-url",
        paramLabel = "URL",
        description =
            "A document behind the NAF proxy (Ua), e.g."
                + " http://127.0.0.1:8088/xcap-root/simservs.xml.")
    URI nafUrl;

    @Option(
        names = "--ua-host",
        paramLabel = "FQDN",
        description =
            "The NAF FQDN the UEs address (Host, Digest realm, NAF_Id of the key) when the"
                + " --naf-url host is an address; default: the --naf-url host. (--naf-host is the"
                + " Zn NAF simulator's Origin-Host.)")
    String host;

    @Option(
        names = "--naf-trust",
        paramLabel = "PEM",
        description = "CA certificates an https:// proxy's certificate must lead to.")
    Path trust;

    @Option(
        names = "--proxy-pid",
        description = "PID of the NAF proxy: its CPU over the measurement period, from /proc.")
    Long proxyPid;

    /** Why the options do not go together, or null. */
    String check() {
      if (perBootstrap < 0) {
        return "--ua-per-bootstrap must not be negative";
      }
      if (perBootstrap > 0 && nafUrl == null) {
        return "--ua-per-bootstrap needs --naf-url";
      }
      if (perBootstrap == 0 && (nafUrl != null || proxyPid != null)) {
        return "--naf-url and --proxy-pid need --ua-per-bootstrap";
      }
      return NafTarget.problem(nafUrl);
    }

    boolean enabled() {
      return perBootstrap > 0;
    }
  }

  private final Options options;
  private final NafTarget target;
  private final EventLoopGroup loops;
  private final Consumer<String> error;
  private final ArrayDeque<UbClient> idle = new ArrayDeque<>();
  private final List<UbClient> clients = new ArrayList<>();
  private final Recorder perSecond = new Recorder(3);
  private final Recorder measured = new Recorder(3);
  private final Recorder measuredChallenged = new Recorder(3);
  private final Recorder measuredAtOnce = new Recorder(3);
  private final LongAdder measuredRequests = new LongAdder();
  private final LongAdder measuredMessages = new LongAdder();
  private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();
  private final ScheduledExecutorService edges =
      org.gbabsf.netty.Threads.scheduler("loadtest-proxy-cpu");
  private ScheduledFuture<long[]> cpuAtStart;
  private ScheduledFuture<long[]> cpuAtEnd;
  private Histogram total;
  private Histogram challenged;
  private Histogram atOnce;

  /** Ua load on {@code loops}; each failure's kind goes to {@code error} too. */
  UaLoad(Options options, EventLoopGroup loops, Consumer<String> error) {
    this.options = options;
    this.target = NafTarget.of(options.nafUrl, options.host, options.trust);
    this.loops = loops;
    this.error = error;
  }

  /** Reads the proxy's CPU at the edges of the measurement period (System.nanoTime() values). */
  void measureBetween(long start, long end) {
    if (options.proxyPid == null) {
      return;
    }
    long pid = options.proxyPid;
    cpuAtStart =
        edges.schedule(
            () -> new long[] {System.nanoTime(), ProcCpu.nanos(pid)},
            start - System.nanoTime(),
            TimeUnit.NANOSECONDS);
    cpuAtEnd =
        edges.schedule(
            () -> new long[] {System.nanoTime(), ProcCpu.nanos(pid)},
            end - System.nanoTime(),
            TimeUnit.NANOSECONDS);
  }

  /** The Ua requests of one bootstrap ({@code m}: scheduled in the measurement period). */
  CompletionStage<Void> requests(GbaUe.Result.Bootstrapped b, String impi, boolean m) {
    UbClient client = take();
    UaFetch fetch = new UaFetch(client, target, b, impi);
    CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = 0; i < options.perBootstrap; i++) {
      chain = chain.thenCompose(x -> one(fetch, m));
    }
    return chain.whenComplete((x, e) -> give(client));
  }

  private CompletionStage<Void> one(UaFetch fetch, boolean m) {
    long scheduled = System.nanoTime();
    return fetch
        .get()
        .thenAccept(
            r -> {
              long took = System.nanoTime() - scheduled;
              perSecond.recordValue(took);
              if (m) {
                measured.recordValue(took);
                (r.challenged() ? measuredChallenged : measuredAtOnce).recordValue(took);
                measuredRequests.increment();
                measuredMessages.add(r.challenged() ? 4 : 2);
              }
              if (r.problem() != null) {
                errors.computeIfAbsent(r.problem(), k -> new LongAdder()).increment();
                error.accept("ua " + r.problem());
              }
            });
  }

  private UbClient take() {
    synchronized (idle) {
      UbClient c = idle.poll();
      if (c == null) {
        // At most one connection per Ub connection in use: a call holds both.
        c = target.client(loops);
        clients.add(c);
      }
      return c;
    }
  }

  private void give(UbClient c) {
    synchronized (idle) {
      idle.add(c);
    }
  }

  /** The Ua latencies completed since the last call (per-second sampling). */
  Histogram interval() {
    return perSecond.getIntervalHistogram();
  }

  /** The latencies of every Ua request scheduled in the measurement period; taken once. */
  synchronized Histogram total() {
    if (total == null) {
      total = measured.getIntervalHistogram();
      challenged = measuredChallenged.getIntervalHistogram();
      atOnce = measuredAtOnce.getIntervalHistogram();
    }
    return total;
  }

  /** Adds the Ua figures of a measurement period of {@code seconds}. */
  void figures(Map<String, Object> f, double seconds) throws InterruptedException {
    Histogram all = total();
    long n = measuredRequests.sum();
    f.put("uaPerBootstrap", options.perBootstrap);
    f.put("nafUrl", options.nafUrl.toString());
    f.put("uaHost", target.host());
    f.put("uaRequestsPerSecond", n / seconds);
    f.put("uaMessagesPerSecond", measuredMessages.sum() / seconds);
    f.put("uaMs", RunReport.percentiles(all));
    f.put("uaChallengedMs", RunReport.percentiles(challenged));
    f.put("uaAtOnceMs", RunReport.percentiles(atOnce));
    Map<String, Long> e = new TreeMap<>();
    errors.forEach((k, v) -> e.put(k, v.sum()));
    f.put("uaErrors", e);
    long[] a = edge(cpuAtStart);
    long[] b = edge(cpuAtEnd);
    edges.shutdown();
    if (a != null && b != null && a[1] >= 0 && b[1] >= 0 && b[0] > a[0]) {
      long cpu = b[1] - a[1];
      f.put("proxyCpuPercent", cpu / 1e7 / ((b[0] - a[0]) / 1e9));
      if (n > 0) {
        f.put("proxyCpuPerUaRequestMs", cpu / 1e6 / n);
      }
    }
  }

  private static long[] edge(ScheduledFuture<long[]> f) throws InterruptedException {
    if (f == null) {
      return null;
    }
    try {
      return f.get(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return null;
    }
  }

  /** The summary table's Ua row (rate, messages/s, CPU, heap, p50, p90, p95, p99). */
  List<String> tableRow(Map<String, Object> f) {
    Histogram h = total();
    return List.of(
        String.format(
            Locale.ROOT,
            "%,.0f Ua requests/s (%d per bootstrap)",
            (double) f.get("uaRequestsPerSecond"),
            options.perBootstrap),
        String.format(Locale.ROOT, "%,.0f Ua", (double) f.get("uaMessagesPerSecond")),
        f.containsKey("proxyCpuPercent")
            ? String.format(
                Locale.ROOT,
                "proxy %.0f %% (%.3f ms per Ua request)",
                (double) f.get("proxyCpuPercent"),
                (double) f.getOrDefault("proxyCpuPerUaRequestMs", Double.NaN))
            : "proxy n/a",
        "n/a",
        RunReport.msText(h, 50),
        RunReport.msText(h, 90),
        RunReport.msText(h, 95),
        RunReport.msText(h, 99));
  }

  /** The console line below the table. */
  String summaryLine() {
    Histogram h = total();
    return String.format(
        Locale.ROOT,
        "Ua through the proxy (%s as %s) p50 %s, p90 %s, p99 %s (%d requests); 401 first p99 %s"
            + " (%d), at once with nextnonce p99 %s (%d)",
        options.nafUrl,
        target.host(),
        RunReport.msText(h, 50),
        RunReport.msText(h, 90),
        RunReport.msText(h, 99),
        h.getTotalCount(),
        RunReport.msText(challenged, 99),
        challenged.getTotalCount(),
        RunReport.msText(atOnce, 99),
        atOnce.getTotalCount());
  }

  @Override
  public void close() {
    edges.shutdownNow();
    synchronized (idle) {
      for (UbClient c : clients) {
        c.close();
      }
    }
  }
}
