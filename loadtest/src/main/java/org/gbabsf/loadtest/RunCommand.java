package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UbTransport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest run}: an open-loop load generator. Calls start at a constant arrival rate (after
 * a linear ramp) whatever the BSF does; latency is measured from the <em>scheduled</em> start, so a
 * slow BSF cannot hide its queueing (coordinated omission). Every second it records the call rate,
 * latency percentiles, and the BSF's CPU and heap from its metrics endpoint. Only the measurement
 * period counts in the summary.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Drive bootstraps at a constant rate; report latency, CPU and heap.")
final class RunCommand implements Callable<Integer> {

  @Option(
      names = "--bsf",
      defaultValue = "http://127.0.0.1:8080/",
      description = "BSF Ub URL, http:// or https:// (see --trust).")
  URI bsf;

  @Option(
      names = "--also-bsf",
      paramLabel = "URL",
      description =
          "Another instance's Ub URL (repeatable). Connections prefer each instance in turn and,"
              + " as a load balancer or a retrying UE would, send a request again to the next"
              + " one when a connection fails or a 503 comes.")
  List<URI> alsoBsf = new ArrayList<>();

  @picocli.CommandLine.Mixin UbTls tls = new UbTls();

  @Option(names = "--rate", defaultValue = "100", description = "Target calls per second.")
  double rate;

  @Option(
      names = "--ramp",
      defaultValue = "10m",
      converter = DurationConverter.class,
      description = "Linear ramp from 0 to --rate, whole seconds (default 10m, as the seed).")
  Duration ramp;

  @Option(
      names = "--duration",
      defaultValue = "60m",
      converter = DurationConverter.class,
      description = "Measurement period at --rate, whole seconds (default 60m).")
  Duration duration;

  @Option(
      names = "--subscribers",
      defaultValue = "100000",
      description = "Subscriber population user0..user<N-1>@--domain (the HSS must know them).")
  int subscribers;

  @Option(
      names = "--connections",
      defaultValue = "1000",
      description = "Keep-alive Ub connections; each carries one call at a time.")
  int connections;

  @Option(
      names = "--io-threads",
      defaultValue = "2",
      description = "Event-loop threads of the generator (UE crypto runs on them).")
  int ioThreads;

  @Option(names = "--domain", defaultValue = "home1.net", description = "IMPI domain.")
  String domain;

  @Option(names = "--realm", defaultValue = "bsf.home1.net", description = "Ub realm.")
  String realm;

  @Option(
      names = "--rebootstrap-share",
      defaultValue = "0.5",
      description = "Share of bootstraps by subscribers already holding a session from this run.")
  double rebootstrapShare;

  @Option(
      names = "--resync-share",
      defaultValue = "0",
      description = "Share of calls whose USIM finds the SQN out of range (AUTS, resync).")
  double resyncShare;

  @Option(
      names = "--wrong-response-share",
      defaultValue = "0",
      description = "Share of calls answering with a wrong RES (the BSF must challenge again).")
  double wrongShare;

  @Option(
      names = "--zn-per-bootstrap",
      defaultValue = "0",
      description = "Zn queries (BIR) by the NAF simulator after each bootstrap.")
  int znPerBootstrap;

  @Option(
      names = "--bsf-diameter",
      defaultValue = "127.0.0.1:3868",
      description = "The BSF's Diameter address for Zn, host:port.")
  String bsfDiameter;

  @Option(
      names = "--site-diameter",
      paramLabel = "[ORIGIN-HOST=]HOST:PORT",
      description =
          "The Zn address of each site's BSF (repeatable, in the order of --bsf and --also-bsf;"
              + " Origin-Host default --bsf-host), in place of --bsf-diameter: one NAF per site,"
              + " and the NAF asking about a B-TID is that of the next live site after the one"
              + " whose BSF made it (wrapping around), so that every query is a cross-site"
              + " lookup. The report then counts bootstraps, errors and Zn queries per site.")
  List<String> siteDiameter = new ArrayList<>();

  @Option(names = "--bsf-host", defaultValue = "bsf.home1.net", description = "BSF Origin-Host.")
  String bsfHost;

  @Option(names = "--bsf-realm", defaultValue = "home1.net", description = "BSF Origin-Realm.")
  String bsfRealm;

  @Option(names = "--naf-host", defaultValue = "naf.home1.net", description = "NAF Origin-Host.")
  String nafHost;

  @Option(names = "--naf-realm", defaultValue = "home1.net", description = "NAF Origin-Realm.")
  String nafRealm;

  @Option(names = "--naf-port", defaultValue = "3870", description = "NAF listen port.")
  int nafPort;

  @Option(names = "--bsf-pid", description = "PID of the BSF: CPU from /proc, live heap via jcmd.")
  Long bsfPid;

  @Option(
      names = "--cassandra-pid",
      split = ",",
      paramLabel = "PID",
      description =
          "PIDs of the Cassandra nodes on this machine (comma-separated or repeated): their CPU in"
              + " the measured window is reported, in all and per bootstrap.")
  List<Long> cassandraPids = new ArrayList<>();

  @Option(
      names = "--bsf-metrics",
      defaultValue = "http://127.0.0.1:9090/metrics",
      description = "The BSF's Prometheus endpoint, scraped every second; 'none' to skip.")
  String bsfMetrics;

  @Option(
      names = "--live-heap",
      description =
          "After the run, force a full GC in the BSF (jcmd, needs --bsf-pid) and report"
              + " the heap left: the live set.")
  boolean liveHeap;

  @Option(names = "--label", defaultValue = "", description = "A label for the report.")
  String label;

  @Option(names = "--json", description = "Write every figure and the timeline to this file.")
  Path json;

  @Option(names = "--html", description = "Write the self-contained HTML report to this file.")
  Path html;

  @picocli.CommandLine.Mixin UaLoad.Options uaOptions = new UaLoad.Options();

  @picocli.CommandLine.Mixin NbspLoad.Options nbspOptions = new NbspLoad.Options();

  @Spec CommandSpec spec;

  private UaLoad ua;
  private NbspLoad nbsp;

  private final RunMeasures measures = new RunMeasures();
  private OpenLoop schedule;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    String problem = check();
    if (problem != null) {
      spec.commandLine().getErr().println("loadtest run: " + problem);
      return 2;
    }
    nbsp = nbspOptions.enabled() ? NbspLoad.start(nbspOptions, measures::error) : null;
    List<URI> targets = new ArrayList<>(List.of(bsf));
    targets.addAll(alsoBsf);
    SiteAccounts sites =
        targets.size() > 1 ? new SiteAccounts(targets.stream().map(URI::toString).toList()) : null;
    ZnLoad naf = znPerBootstrap > 0 ? startNaf(out, sites) : null; // first: it may fail to connect
    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(ioThreads, NioIoHandler.newFactory());
    ua = uaOptions.enabled() ? new UaLoad(uaOptions, loops, measures::error) : null;
    String path = bsf.getRawPath() == null || bsf.getRawPath().isEmpty() ? "/" : bsf.getRawPath();
    Population population =
        new Population(new GeneratedSubscriberDirectory(subscribers, domain), subscribers, path);
    List<UbTransport> clients = openConnections(loops, targets);
    long rampNanos = ramp.toNanos();
    schedule = new OpenLoop(rate, rampNanos, clients, population, rebootstrapShare, measures);
    Sampler sampler =
        new Sampler(
            bsfMetrics.equals("none") ? null : new BsfMetrics(URI.create(bsfMetrics)),
            bsfPid,
            cassandraPids);

    sampler.begin();
    long start = System.nanoTime();
    long measureStart = start + rampNanos;
    long end = measureStart + duration.toNanos();
    measures.measureBetween(measureStart, end);
    CallMix mix =
        new CallMix(
            measures, sites, realm, path, resyncShare, wrongShare, naf, znPerBootstrap, ua, nbsp);
    if (ua != null) {
      ua.measureBetween(measureStart, end);
    }
    ScheduledExecutorService ticker = daemonScheduler("loadtest-sampler");
    ticker.scheduleAtFixedRate(() -> tick(sampler, start), 1, 1, TimeUnit.SECONDS);

    // The BSF's CPU at the edges of the measurement period, read on a thread of their own so
    // that neither the generator nor the per-second sampler is held up.
    ScheduledExecutorService edges = daemonScheduler("loadtest-cpu-edges");
    ScheduledFuture<Sampler.Cumulative> cpuAtStart =
        edges.schedule(sampler::cumulative, measureStart - System.nanoTime(), TimeUnit.NANOSECONDS);
    ScheduledFuture<Sampler.Cumulative> cpuAtEnd =
        edges.schedule(sampler::cumulative, end - System.nanoTime(), TimeUnit.NANOSECONDS);
    long skipped = schedule.run(mix, start, end);
    Sampler.Cumulative atMeasureStart = edge(cpuAtStart);
    Sampler.Cumulative atEnd = edge(cpuAtEnd);
    edges.shutdown();
    boolean drained = schedule.drain();
    ticker.shutdown();
    ticker.awaitTermination(5, TimeUnit.SECONDS);
    tick(sampler, start); // the last, partial second
    Histogram fcTotal = measures.measuredFirst.getIntervalHistogram();
    Histogram fullTotal = measures.measuredFull.getIntervalHistogram();
    Histogram znTotal = measures.measuredZn.getIntervalHistogram();
    Map<String, Object> figures = parameters();
    measures.figures(figures, duration.toNanos() / 1e9, atMeasureStart, atEnd);
    if (liveHeap) {
      figures.put("bsfLiveHeapAfterFullGcMb", sampler.liveHeapAfterFullGc(bsfPid));
    }
    measures.latencies(figures, fcTotal, fullTotal, znTotal);
    if (ua != null) {
      ua.figures(figures, duration.toNanos() / 1e9);
    }
    if (nbsp != null) {
      nbsp.figures(figures, duration.toNanos() / 1e9);
    }
    figures.put("outcomes", measures.outcomeCounts());
    figures.put("errors", measures.errorCounts());
    figures.put("generatorSkips", skipped);
    figures.put("allCallsFinished", drained);
    long movedToOtherBsf =
        clients.stream().mapToLong(c -> c instanceof SiteConnection s ? s.moves() : 0).sum();
    figures.put("movedToOtherBsf", movedToOtherBsf);
    if (sites != null) {
      figures.putAll(sites.figures(duration.toNanos() / 1e9, !siteDiameter.isEmpty()));
    }
    for (UbTransport c : clients) {
      c.close();
    }
    if (naf != null) {
      naf.close();
    }
    if (ua != null) {
      ua.close();
    }
    if (nbsp != null) {
      nbsp.close();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    return new RunReport(
            label,
            rate,
            ramp.toSeconds(),
            duration.toNanos() / 1e9,
            json,
            html,
            ua,
            nbsp,
            sites,
            !alsoBsf.isEmpty(),
            !siteDiameter.isEmpty())
        .write(out, figures, measures.timeline(), fcTotal, fullTotal, znTotal);
  }

  private static Sampler.Cumulative edge(ScheduledFuture<Sampler.Cumulative> f)
      throws InterruptedException {
    try {
      return f.get(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return Sampler.Cumulative.unknown();
    }
  }

  private String check() {
    if (rate <= 0) {
      return "--rate must be positive";
    }
    if (ramp.toMillis() % 1000 != 0 || duration.toMillis() % 1000 != 0 || duration.isZero()) {
      return "--ramp and --duration must be whole seconds, --duration at least 1s";
    }
    for (double share : new double[] {rebootstrapShare, resyncShare, wrongShare}) {
      if (share < 0 || share > 1) {
        return "shares must be within 0..1";
      }
    }
    if (resyncShare + wrongShare > 1) {
      return "--resync-share + --wrong-response-share must not exceed 1";
    }
    if (liveHeap && bsfPid == null) {
      return "--live-heap needs --bsf-pid";
    }
    if (!siteDiameter.isEmpty()) {
      if (siteDiameter.size() != 1 + alsoBsf.size()) {
        return "--site-diameter must be given once per site: once for --bsf and once per"
            + " --also-bsf, in the same order";
      }
      for (String d : siteDiameter) {
        try {
          ZnLoad.Target.parse(d, bsfHost);
        } catch (IllegalArgumentException e) {
          return "--site-diameter: " + e.getMessage();
        }
      }
    }
    String ub = uaOptions.check();
    return ub != null ? ub : nbspOptions.check();
  }

  private ZnLoad startNaf(PrintWriter out, SiteAccounts sites) {
    List<ZnLoad.Target> targets = new ArrayList<>();
    if (siteDiameter.isEmpty()) {
      targets.add(ZnLoad.Target.parse(bsfDiameter, bsfHost));
    } else {
      for (String d : siteDiameter) {
        targets.add(ZnLoad.Target.parse(d, bsfHost));
      }
    }
    ZnLoad.Sink sink =
        new ZnLoad.Sink() {
          @Override
          public void answered(long nanos, boolean measured) {
            measures.zn.recordValue(nanos);
            if (measured) {
              measures.measuredZn.recordValue(nanos);
              measures.measuredZnQueries.increment();
              measures.messages.add(2);
            }
          }

          @Override
          public void outcome(String kind, boolean measured) {
            measures.outcome(kind, measured);
          }

          @Override
          public void error(String kind) {
            measures.error(kind);
          }
        };
    return ZnLoad.start(out, targets, nafHost, nafRealm, nafPort, bsfRealm, sink, sites);
  }

  /** Closes one second of the timeline. */
  private void tick(Sampler sampler, long start) {
    measures.tick(
        sampler,
        start,
        schedule::offered,
        ua == null ? new Histogram(3) : ua.interval(),
        nbsp == null ? new Histogram(3) : nbsp.interval());
  }

  /** The run's parameters, the first figures of its report. */
  private Map<String, Object> parameters() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("label", label);
    f.put("targetRate", rate);
    f.put("rampSeconds", ramp.toSeconds());
    f.put("measurementSeconds", duration.toNanos() / 1e9);
    f.put("subscribers", subscribers);
    f.put("connections", connections);
    f.put("rebootstrapShare", rebootstrapShare);
    f.put("resyncShare", resyncShare);
    f.put("wrongResponseShare", wrongShare);
    f.put("znPerBootstrap", znPerBootstrap);
    return f;
  }

  /**
   * The generator's {@code --connections}: to the one BSF, or spread over the sites as a GSLB
   * would, each moving its UEs to the next site when its own fails.
   */
  private List<UbTransport> openConnections(EventLoopGroup loops, List<URI> targets) {
    List<UbTransport> clients = new ArrayList<>();
    InetSocketAddress address = UbTls.address(bsf);
    for (int i = 0; i < connections; i++) {
      if (targets.size() == 1) {
        clients.add(new UbClient(loops, address, tls.forUrl(bsf)));
        continue;
      }
      int[] order = SiteConnection.order(i, targets.size());
      List<UbClient> instances = new ArrayList<>();
      for (int site : order) {
        URI target = targets.get(site);
        instances.add(new UbClient(loops, UbTls.address(target), tls.forUrl(target)));
      }
      clients.add(new SiteConnection(instances, order));
    }
    return clients;
  }

  private static ScheduledExecutorService daemonScheduler(String name) {
    return org.gbabsf.netty.Threads.scheduler(name);
  }
}
