package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
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
 *
 * <p>This class holds the options; a run is its setup ({@link RunSetup}), its schedule ({@link
 * OpenLoop}), its sampling ({@link MeasuredWindow}), then its figures ({@link RunFigures}) and
 * report ({@link RunReport}).
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
      names = "--tmpi",
      description =
          "UEs announce 3gpp-gba-tmpi and present, from their second bootstrap on, the TMPI the"
              + " BSF gave them (TS 33.220 Annex B.4); one the BSF does not know sends them back"
              + " to their IMPI.")
  boolean tmpi;

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

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    String problem = check();
    if (problem != null) {
      spec.commandLine().getErr().println("loadtest run: " + problem);
      return 2;
    }
    RunMeasures measures = new RunMeasures();
    RunSetup setup = RunSetup.open(this, out, measures);
    RunFigures figures;
    try (setup) {
      OpenLoop schedule = setup.schedule();
      MeasuredWindow window =
          MeasuredWindow.open(
              sampler(), measures, schedule::offered, setup.ua(), setup.nbsp(), ramp, duration);
      long skipped = schedule.run(setup.mix(), window.start(), window.end());
      MeasuredWindow.Edges cpu = window.cpuAtEdges();
      boolean drained = schedule.drain();
      window.stop();
      figures =
          RunFigures.assemble(
              this, measures, setup.loads(), window.sampler(), cpu, skipped, drained);
    }
    return report(setup).write(out, figures, measures.timeline());
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

  /** The sampler of the BSF (its metrics endpoint, its PID) and the Cassandra nodes. */
  private Sampler sampler() {
    return new Sampler(
        bsfMetrics.equals("none") ? null : new BsfMetrics(URI.create(bsfMetrics)),
        bsfPid,
        cassandraPids);
  }

  /** The report of the run, over what {@code setup} opened. */
  private RunReport report(RunSetup setup) {
    return new RunReport(
        label,
        rate,
        ramp.toSeconds(),
        duration.toNanos() / 1e9,
        json,
        html,
        setup.ua(),
        setup.nbsp(),
        setup.sites(),
        !alsoBsf.isEmpty(),
        !siteDiameter.isEmpty());
  }
}
