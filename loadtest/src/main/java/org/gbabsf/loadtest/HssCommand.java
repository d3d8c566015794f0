package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loadtest hss}: the Zh HSS simulator as a standalone process, until SIGTERM/Ctrl-C. */
@Command(
    name = "hss",
    mixinStandardHelpOptions = true,
    description =
        "Run an HSS simulator speaking Zh (Diameter, TS 29.109) with Milenage subscribers, until"
            + " stopped.")
final class HssCommand implements Callable<Integer> {

  @Option(names = "--origin-host", defaultValue = "hss1.home1.net", description = "Origin-Host.")
  String originHost;

  @Option(names = "--realm", defaultValue = "home1.net", description = "Origin-Realm.")
  String realm;

  @Option(names = "--address", defaultValue = "127.0.0.1", description = "Listen address.")
  String address;

  @Option(names = "--port", defaultValue = "3869", description = "Listen port (default 3869).")
  int port;

  @Option(
      names = "--subscribers-csv",
      description = "CSV impi,k,opc,amf,sqn (hex); default: the generated range.")
  Path csv;

  @Option(
      names = "--generated-count",
      defaultValue = "100000",
      description = "Generated subscribers user<N>@<domain> (docs/simulators.md).")
  long generatedCount;

  @Option(names = "--domain", defaultValue = "home1.net", description = "Generated IMPI domain.")
  String domain;

  @Option(
      names = "--guss-lifetime",
      defaultValue = "1h",
      converter = DurationConverter.class,
      description = "lifeTime put in each GUSS.")
  Duration gussLifetime;

  @Option(
      names = "--uss",
      defaultValue = "1:default:1",
      description =
          "USS list of every GUSS, TYPE[:GROUP[:FLAG+FLAG]] separated by ';' (default:"
              + " ${DEFAULT-VALUE}).")
  String uss;

  @Option(
      names = "--delay",
      defaultValue = "0ms",
      converter = DurationConverter.class,
      description = "Added before every answer (fault injection).")
  Duration delay;

  @Option(
      names = "--error-share",
      defaultValue = "0",
      description = "Share of requests (0..1) answered with --error-code.")
  double errorShare;

  @Option(names = "--error-code", defaultValue = "3004", description = "Result-Code of errors.")
  long errorCode;

  @Option(names = "--silent", description = "Answer nothing (the BSF times out).")
  boolean silent;

  @Option(
      names = "--tcp-nodelay",
      defaultValue = "true",
      negatable = true,
      description = "TCP_NODELAY on connections (default on).")
  boolean tcpNoDelay;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    SubscriberDirectory subscribers =
        csv != null
            ? CsvSubscriberDirectory.read(csv)
            : new GeneratedSubscriberDirectory(generatedCount, domain);
    ZhHssSimulator hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings(originHost, realm, address, port, tcpNoDelay),
            subscribers,
            new SimulatedGuss(gussLifetime, SimulatedGuss.Uss.parseList(uss)));
    hss.faults(new ZhHssSimulator.Faults(delay, errorShare, errorCode, silent));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  hss.close();
                  stopped.countDown();
                },
                "hss-shutdown"));
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "HSS simulator %s (realm %s) listening on %s:%d%n", originHost, realm, address, port);
    out.flush();
    stopped.await();
    out.printf("HSS simulator stopped after %d MARs%n", hss.requests());
    out.flush();
    return 0;
  }
}
