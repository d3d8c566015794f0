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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UbTransport;
import org.gbabsf.loadtest.report.Sample;
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

  private final Recorder firstChallenge = new Recorder(3);
  private final Recorder full = new Recorder(3);
  private final Recorder zn = new Recorder(3);
  // Calls scheduled in the measurement period, whenever they complete: the summary's figures.
  private final Recorder measuredFirst = new Recorder(3);
  private final Recorder measuredFull = new Recorder(3);
  private final Recorder measuredZn = new Recorder(3);
  private final Recorder measuredRefusals = new Recorder(3);
  private long movedToOtherBsf;
  private SiteAccounts sites;
  private final LongAdder measuredBootstraps = new LongAdder();
  private final LongAdder measuredZnQueries = new LongAdder();
  private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> outcomes = new ConcurrentHashMap<>();
  private final AtomicLong errorsThisSecond = new AtomicLong();
  private final LongAdder messages = new LongAdder();
  private final AtomicLong inFlight = new AtomicLong();
  private volatile long measureStart;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    String problem = check();
    if (problem != null) {
      spec.commandLine().getErr().println("loadtest run: " + problem);
      return 2;
    }
    nbsp = nbspOptions.enabled() ? NbspLoad.start(nbspOptions, this::error) : null;
    List<URI> targets = new ArrayList<>(List.of(bsf));
    targets.addAll(alsoBsf);
    sites =
        targets.size() > 1 ? new SiteAccounts(targets.stream().map(URI::toString).toList()) : null;
    ZnLoad naf = znPerBootstrap > 0 ? startNaf(out) : null; // first: it may fail to connect
    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(ioThreads, NioIoHandler.newFactory());
    ua = uaOptions.enabled() ? new UaLoad(uaOptions, loops, this::error) : null;
    String path = bsf.getRawPath() == null || bsf.getRawPath().isEmpty() ? "/" : bsf.getRawPath();
    InetSocketAddress address = UbTls.address(bsf);
    Population population =
        new Population(new GeneratedSubscriberDirectory(subscribers, domain), subscribers, path);
    ArrayDeque<UbTransport> idle = new ArrayDeque<>();
    List<UbTransport> clients = new ArrayList<>();
    for (int i = 0; i < connections; i++) {
      UbTransport client;
      if (targets.size() == 1) {
        client = new UbClient(loops, address, tls.forUrl(bsf));
      } else {
        // Spread over the sites as a GSLB would; a dead site's UEs move to the next one.
        int[] order = SiteConnection.order(i, targets.size());
        List<UbClient> instances = new ArrayList<>();
        for (int site : order) {
          URI target = targets.get(site);
          instances.add(new UbClient(loops, UbTls.address(target), tls.forUrl(target)));
        }
        client = new SiteConnection(instances, order);
      }
      clients.add(client);
      idle.add(client);
    }
    Sampler sampler =
        new Sampler(
            bsfMetrics.equals("none") ? null : new BsfMetrics(URI.create(bsfMetrics)),
            bsfPid,
            cassandraPids);

    long rampNanos = ramp.toNanos();
    sampler.begin();
    long start = System.nanoTime();
    measureStart = start + rampNanos;
    long end = measureStart + duration.toNanos();
    if (ua != null) {
      ua.measureBetween(measureStart, end);
    }
    ScheduledExecutorService ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "loadtest-sampler");
              t.setDaemon(true);
              return t;
            });
    List<Sample> timeline = new ArrayList<>();
    Totals totals = new Totals();
    ticker.scheduleAtFixedRate(
        () -> tick(sampler, start, rampNanos, end, timeline, totals), 1, 1, TimeUnit.SECONDS);

    // The BSF's CPU at the edges of the measurement period, read on a thread of their own so
    // that neither the generator nor the per-second sampler is held up.
    ScheduledExecutorService edges =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "loadtest-cpu-edges");
              t.setDaemon(true);
              return t;
            });
    ScheduledFuture<Sampler.Cumulative> cpuAtStart =
        edges.schedule(sampler::cumulative, measureStart - System.nanoTime(), TimeUnit.NANOSECONDS);
    ScheduledFuture<Sampler.Cumulative> cpuAtEnd =
        edges.schedule(sampler::cumulative, end - System.nanoTime(), TimeUnit.NANOSECONDS);
    long skipped = 0;
    long next = start;
    while (next < end) {
      long now = System.nanoTime();
      if (now < next) {
        LockSupport.parkNanos(next - now);
        continue;
      }
      long scheduledAt = next;
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
        skipped++; // the generator ran out of idle connections or subscribers: reported
        error(client == null ? "generator: no idle connection" : "generator: no idle subscriber");
      } else {
        inFlight.incrementAndGet();
        UbTransport c = client;
        call(c, subscriber, scheduledAt, path, naf)
            .whenComplete(
                (holds, error) -> {
                  synchronized (idle) {
                    idle.add(c);
                  }
                  population.release(subscriber, Boolean.TRUE.equals(holds));
                  inFlight.decrementAndGet();
                });
      }
      next += (long) (1e9 / offered(next - start, rampNanos));
    }
    Sampler.Cumulative atMeasureStart = edge(cpuAtStart);
    Sampler.Cumulative atEnd = edge(cpuAtEnd);
    edges.shutdown();
    boolean drained = drain();
    ticker.shutdown();
    ticker.awaitTermination(5, TimeUnit.SECONDS);
    tick(sampler, start, rampNanos, end, timeline, totals); // the last, partial second
    Histogram fcTotal = measuredFirst.getIntervalHistogram();
    Histogram fullTotal = measuredFull.getIntervalHistogram();
    Histogram znTotal = measuredZn.getIntervalHistogram();
    Map<String, Object> figures =
        figures(
            timeline,
            totals,
            atMeasureStart,
            atEnd,
            fcTotal,
            fullTotal,
            znTotal,
            sampler,
            skipped,
            drained);
    movedToOtherBsf =
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
        .write(out, figures, timeline, fcTotal, fullTotal, znTotal);
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

  private double offered(long sinceStart, long rampNanos) {
    if (sinceStart >= rampNanos) {
      return rate;
    }
    return Math.max(rate * sinceStart / (double) rampNanos, Math.min(rate, 1.0));
  }

  /** One call of the mix; completes with whether the subscriber now holds a session. */
  private CompletionStage<Boolean> call(
      UbTransport client, Population.Subscriber s, long scheduledAt, String path, ZnLoad naf) {
    boolean measured = scheduledAt >= measureStart;
    SiteConnection site = client instanceof SiteConnection c ? c : null;
    if (site != null) {
      site.beginCall();
    }
    double kind = ThreadLocalRandom.current().nextDouble();
    boolean resync = kind < resyncShare;
    boolean wrong = !resync && kind < resyncShare + wrongShare;
    if (resync) {
      s.usim.desynchronise(s.usim.highestSqn() + 1000);
    }
    boolean rebootstrap = s.holdsSession;
    GbaUe ue = new GbaUe(client, s.authenticator, realm, path);
    long sendDelay = Math.max(0, System.nanoTime() - scheduledAt);
    return ue.bootstrap(wrong)
        .thenCompose(
            r -> {
              long done = System.nanoTime();
              if (wrong) {
                return CompletableFuture.completedFuture(
                    wrongResponseDone(r, sendDelay, measured, s.holdsSession, site));
              }
              if (r instanceof GbaUe.Result.Bootstrapped b) {
                firstChallenge.recordValue(sendDelay + b.firstChallengeNanos());
                full.recordValue(done - scheduledAt);
                if (measured) {
                  measuredFirst.recordValue(sendDelay + b.firstChallengeNanos());
                  measuredFull.recordValue(done - scheduledAt);
                  measuredBootstraps.increment();
                }
                int minted = site == null ? 0 : Math.max(0, site.lastSite());
                if (sites != null) {
                  sites.bootstrapped(minted, measured);
                }
                if (resync && b.resyncs() == 0) {
                  error("resync: USIM accepted a stale SQN");
                  siteFailed(site);
                }
                outcome(
                    b.resyncs() > 0
                        ? "bootstrap with resync"
                        : rebootstrap ? "re-bootstrap" : "fresh bootstrap",
                    measured);
                if (measured) {
                  messages.add(4 + 2L * b.resyncs());
                }
                CompletionStage<Void> zn =
                    naf == null
                        ? CompletableFuture.completedFuture(null)
                        : naf.queries(b, s.authenticator.impi(), znPerBootstrap, measured, minted);
                CompletionStage<Void> viaNafs =
                    ua == null
                        ? zn
                        : zn.thenCompose(x -> ua.requests(b, s.authenticator.impi(), measured));
                return (nbsp == null
                        ? viaNafs
                        : viaNafs.thenCompose(
                            x -> nbsp.requests(b, s.authenticator.impi(), measured)))
                    .thenApply(x -> true);
              }
              GbaUe.Result.Failed f = (GbaUe.Result.Failed) r;
              if (measured
                  && f.step().equals("initial")
                  && f.status() == 503
                  && f.firstChallengeNanos() >= 0) {
                measuredRefusals.recordValue(sendDelay + f.firstChallengeNanos());
              }
              error(
                  f.status() == 0
                      ? f.step() + " " + f.detail().split(":", 2)[0]
                      : f.step() + " " + f.status());
              siteFailed(site);
              return CompletableFuture.completedFuture(false);
            });
  }

  /**
   * Counts a failed bootstrap against the site whose BSF answered its first request, or, if none
   * did, the connection's home site.
   */
  private void siteFailed(SiteConnection site) {
    if (sites != null && site != null) {
      sites.bootstrapFailed(site.firstSite() >= 0 ? site.firstSite() : site.home());
    }
  }

  private ZnLoad startNaf(PrintWriter out) {
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
            zn.recordValue(nanos);
            if (measured) {
              measuredZn.recordValue(nanos);
              measuredZnQueries.increment();
              messages.add(2);
            }
          }

          @Override
          public void outcome(String kind, boolean measured) {
            RunCommand.this.outcome(kind, measured);
          }

          @Override
          public void error(String kind) {
            RunCommand.this.error(kind);
          }
        };
    return ZnLoad.start(out, targets, nafHost, nafRealm, nafPort, bsfRealm, sink, sites);
  }

  private boolean wrongResponseDone(
      GbaUe.Result r, long sendDelay, boolean measured, boolean heldSession, SiteConnection site) {
    if (r instanceof GbaUe.Result.Failed f && f.step().equals("answer") && f.status() == 403) {
      // ub.max-failures wrong answers within ub.failure-window lock the IMPI out: expected.
      outcome("wrong response, IMPI locked out (403)", measured);
    } else if (r instanceof GbaUe.Result.Failed f
        && f.step().equals("answer")
        && f.status() == 401) {
      outcome("wrong response challenged again", measured);
      if (f.firstChallengeNanos() >= 0) {
        firstChallenge.recordValue(sendDelay + f.firstChallengeNanos());
        if (measured) {
          measuredFirst.recordValue(sendDelay + f.firstChallengeNanos());
        }
      }
      if (measured) {
        messages.add(4);
      }
    } else {
      error(
          "wrong response answered "
              + (r instanceof GbaUe.Result.Failed f ? f.step() + " " + f.status() : "200"));
      siteFailed(site);
    }
    return heldSession;
  }

  /** Counts an expected outcome of a call scheduled in the measurement period. */
  private void outcome(String kind, boolean measured) {
    if (!measured) {
      return;
    }
    outcomes.computeIfAbsent(kind, k -> new LongAdder()).increment();
  }

  private void error(String kind) {
    errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
    errorsThisSecond.incrementAndGet();
  }

  /** Waits up to 10 s for calls in flight; true if none is left. */
  private boolean drain() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(10_000_000L);
    }
    return inFlight.get() == 0;
  }

  /** Heap and box CPU over the measured seconds, accumulated by the sampler thread. */
  private static final class Totals {
    double boxCpuPercentSum;
    long boxSamples;
    double heapMbSum;
    long heapSamples;
    double heapMbMax;
  }

  private void tick(
      Sampler sampler, long start, long rampNanos, long end, List<Sample> timeline, Totals totals) {
    Histogram fc = firstChallenge.getIntervalHistogram();
    Histogram fb = full.getIntervalHistogram();
    Histogram zq = zn.getIntervalHistogram();
    Histogram uq = ua == null ? new Histogram(3) : ua.interval();
    Histogram nq = nbsp == null ? new Histogram(3) : nbsp.interval();
    long errs = errorsThisSecond.getAndSet(0);
    Sampler.Reading reading = sampler.read();
    long now = System.nanoTime();
    double t = (now - start) / 1e9;
    // An interval counts as measured if it lies mostly inside [measureStart, end].
    boolean measuring = now - 500_000_000L >= measureStart && now - 500_000_000L < end;
    synchronized (timeline) {
      if (measuring) {
        if (Double.isFinite(reading.boxCpuPercent())) {
          totals.boxCpuPercentSum += reading.boxCpuPercent();
          totals.boxSamples++;
        }
        if (reading.heapMb() >= 0) {
          totals.heapMbSum += reading.heapMb();
          totals.heapSamples++;
          totals.heapMbMax = Math.max(totals.heapMbMax, reading.heapMb());
        }
      }
      timeline.add(
          new Sample(
              Math.round(t * 10) / 10.0,
              measuring,
              offered((long) ((t - 0.5) * 1e9), rampNanos),
              fb.getTotalCount(),
              errs,
              ms(fc, 50),
              ms(fc, 90),
              ms(fc, 99),
              ms(fb, 99),
              zq.getTotalCount(),
              ms(zq, 99),
              reading.bsfCpuPercent(),
              reading.boxCpuPercent(),
              reading.heapMb() >= 0 ? reading.heapMb() : Double.NaN,
              reading.liveMb() > 0 ? reading.liveMb() : Double.NaN,
              uq.getTotalCount(),
              ms(uq, 99),
              nq.getTotalCount(),
              ms(nq, 99)));
    }
  }

  private static double ms(Histogram h, double q) {
    return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(q) / 1e6;
  }

  private Map<String, Object> figures(
      List<Sample> timeline,
      Totals totals,
      Sampler.Cumulative atMeasureStart,
      Sampler.Cumulative atEnd,
      Histogram fcTotal,
      Histogram fullTotal,
      Histogram znTotal,
      Sampler sampler,
      long skipped,
      boolean drained)
      throws InterruptedException {
    Map<String, Object> f = new LinkedHashMap<>();
    double seconds = duration.toNanos() / 1e9;
    long bootstraps = measuredBootstraps.sum();
    f.put("label", label);
    f.put("targetRate", rate);
    f.put("rampSeconds", ramp.toSeconds());
    f.put("measurementSeconds", seconds);
    f.put("subscribers", subscribers);
    f.put("connections", connections);
    f.put("rebootstrapShare", rebootstrapShare);
    f.put("resyncShare", resyncShare);
    f.put("wrongResponseShare", wrongShare);
    f.put("znPerBootstrap", znPerBootstrap);
    f.put("achievedBootstrapsPerSecond", bootstraps / seconds);
    f.put("ubAndZnMessagesPerSecond", messages.sum() / seconds);
    f.put("znQueriesPerSecond", measuredZnQueries.sum() / seconds);
    f.put("boxCores", Runtime.getRuntime().availableProcessors());
    if (totals.boxSamples > 0) {
      f.put("boxCpuPercent", totals.boxCpuPercentSum / totals.boxSamples);
    }
    if (atMeasureStart.bsfCpuNanos() >= 0 && atEnd.bsfCpuNanos() >= 0) {
      long cpu = atEnd.bsfCpuNanos() - atMeasureStart.bsfCpuNanos();
      double window = (atEnd.nanoTime() - atMeasureStart.nanoTime()) / 1e9;
      f.put("bsfCpuPercent", cpu / 1e7 / window);
      if (bootstraps > 0) {
        // All of the BSF's CPU in the window (the whole call mix, metrics scrapes included)
        // over the bootstraps scheduled in it.
        f.put("bsfCpuPerBootstrapMs", cpu / 1e6 / bootstraps);
      }
    }
    if (atMeasureStart.cassandraCpuNanos() >= 0 && atEnd.cassandraCpuNanos() >= 0) {
      long cpu = atEnd.cassandraCpuNanos() - atMeasureStart.cassandraCpuNanos();
      double window = (atEnd.nanoTime() - atMeasureStart.nanoTime()) / 1e9;
      f.put("cassandraCpuPercent", cpu / 1e7 / window);
      if (bootstraps > 0) {
        f.put("cassandraCpuPerBootstrapMs", cpu / 1e6 / bootstraps);
      }
    }
    if (totals.heapSamples > 0) {
      f.put("bsfHeapAverageMb", totals.heapMbSum / totals.heapSamples);
      f.put("bsfHeapMaxMb", totals.heapMbMax);
    }
    double lastLive = Double.NaN;
    for (Sample s : timeline) {
      if (Double.isFinite(s.liveMb())) {
        lastLive = s.liveMb();
      }
    }
    if (Double.isFinite(lastLive)) {
      f.put("bsfLiveDataAfterLastGcMb", lastLive);
    }
    if (liveHeap) {
      f.put("bsfLiveHeapAfterFullGcMb", sampler.liveHeapAfterFullGc(bsfPid));
    }
    f.put("firstRequestTo401Ms", RunReport.percentiles(fcTotal));
    f.put("fullBootstrapMs", RunReport.percentiles(fullTotal));
    f.put("znBirToBiaMs", RunReport.percentiles(znTotal));
    f.put("firstRequestTo503Ms", RunReport.percentiles(measuredRefusals.getIntervalHistogram()));
    if (ua != null) {
      ua.figures(f, seconds);
    }
    if (nbsp != null) {
      nbsp.figures(f, seconds);
    }
    Map<String, Long> o = new TreeMap<>();
    outcomes.forEach((k, v) -> o.put(k, v.sum()));
    f.put("outcomes", o);
    f.put("errors", errorCounts());
    f.put("generatorSkips", skipped);
    f.put("allCallsFinished", drained);
    return f;
  }

  private Map<String, Long> errorCounts() {
    Map<String, Long> e = new TreeMap<>();
    errors.forEach((k, v) -> e.put(k, v.sum()));
    return e;
  }
}
