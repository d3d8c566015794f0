package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.LongSupplier;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest hss}: the Zh HSS simulator as a standalone process, or with {@code --n65} the HSS
 * of N65 and the UDM of N68 over HTTP/2 ({@link SbaHss}), until SIGTERM/Ctrl-C.
 */
@Command(
    name = "hss",
    mixinStandardHelpOptions = true,
    description =
        "Run an HSS simulator with Milenage subscribers, until stopped: Zh (Diameter, TS 29.109),"
            + " or with --n65 N65 (TS 29.562) and N68 (TS 29.503) over HTTP/2 (h2c).")
final class HssCommand implements Callable<Integer> {

  /** Options that only the Zh simulator has. */
  private static final Set<String> ZH_ONLY =
      Set.of(
          "--origin-host", "--realm", "--error-share", "--error-code", "--silent", "--tcp-nodelay");

  @Option(
      names = "--n65",
      description =
          "Serve N65 (nhss-gba-ueau, nhss-gba-sdm) and N68 (nudm-ueau) over HTTP/2 with prior"
              + " knowledge (h2c) instead of Zh: the BSF's hss.type=n65 with n65.instances, or"
              + " hss.type=udm with udm.instances, pointing at http://ADDRESS:PORT.")
  boolean n65;

  @Option(
      names = "--mcc",
      defaultValue = "001",
      description = "With --n65: the home network's MCC, for N68's IMSI-based IMPIs.")
  String mcc;

  @Option(
      names = "--mnc",
      defaultValue = "01",
      description = "With --n65: the home network's MNC (2 or 3 digits).")
  String mnc;

  @Option(names = "--origin-host", defaultValue = "hss1.home1.net", description = "Origin-Host.")
  String originHost;

  @Option(names = "--realm", defaultValue = "home1.net", description = "Origin-Realm.")
  String realm;

  @Option(
      names = {"--address", "--listen-address"},
      defaultValue = "127.0.0.1",
      description = "Listen address.")
  String address;

  @Option(
      names = "--port",
      description = "Listen port (default 3869; 8090 with --n65; 0: ephemeral).")
  Integer port;

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
      names = "--guss-timestamp",
      defaultValue = "start",
      description =
          "Extension/timestamp of every GUSS: 'start' (when the simulator started), 'none', or an"
              + " instant such as 2026-01-01T00:00:00Z. A Zh MAR whose GUSS-Timestamp equals it"
              + " gets an MAA without the GUSS (TS 29.109).")
  String gussTimestamp;

  @Option(
      names = "--uicc-type",
      paramLabel = "IMPI=TYPE",
      description =
          "Make IMPI's GUSS say uiccType TYPE instead of GBA, e.g. user3@home1.net=GBA_U (or any"
              + " other text, for a type the BSF does not know); repeatable.")
  List<String> uiccTypes = new ArrayList<>();

  @Option(
      names = "--delay",
      defaultValue = "0ms",
      converter = DurationConverter.class,
      description = "Added before every answer (fault injection; Zh and N65).")
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

  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CompletableFuture<InetSocketAddress> listening = new CompletableFuture<>();

  /** The GUSS timestamp of {@code --guss-timestamp} (checked by {@link #check}). */
  private static Optional<Instant> gussTimestamp(String text) {
    return switch (text) {
      case "none" -> Optional.empty();
      case "start" -> Optional.of(Instant.now());
      default -> Optional.of(Instant.parse(text));
    };
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    String problem = check();
    if (problem != null) {
      spec.commandLine().getErr().println("loadtest hss: " + problem);
      return 2;
    }
    SubscriberDirectory subscribers =
        csv != null
            ? CsvSubscriberDirectory.read(csv)
            : new GeneratedSubscriberDirectory(generatedCount, domain);
    SimulatedGuss guss = guss();
    PrintWriter out = spec.commandLine().getOut();
    Runnable close;
    LongSupplier requests;
    String unit;
    InetSocketAddress bound;
    if (n65) {
      SbaHss hss =
          SbaHss.start(address, port == null ? 8090 : port, subscribers, guss, mcc, mnc, delay);
      close = hss::close;
      requests = hss::requests;
      unit = "requests";
      bound = hss.address();
      out.printf(
          "HSS simulator listening on %s (HTTP/2 with prior knowledge): N65 nhss-gba-ueau,"
              + " nhss-gba-sdm; N68 nudm-ueau (MCC %s, MNC %s)%n",
          hss.apiRoot(), mcc, mnc);
    } else {
      int p = port == null ? 3869 : port;
      ZhHssSimulator hss =
          ZhHssSimulator.start(
              new ZhHssSimulator.Settings(originHost, realm, address, p, tcpNoDelay),
              subscribers,
              guss);
      hss.faults(new ZhHssSimulator.Faults(delay, errorShare, errorCode, silent));
      close = hss::close;
      requests = hss::requests;
      unit = "MARs";
      bound = new InetSocketAddress(address, p);
      out.printf("HSS simulator %s (realm %s) listening on %s:%d%n", originHost, realm, address, p);
    }
    out.flush();
    Thread hook =
        new Thread(
            () -> {
              close.run();
              stopped.countDown();
            },
            "hss-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    listening.complete(bound);
    stopped.await();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
      close.run(); // stopped by stop(), not by a signal
    } catch (IllegalStateException shuttingDown) {
      // The hook has closed it.
    }
    out.printf("HSS simulator stopped after %d %s%n", requests.getAsLong(), unit);
    out.flush();
    return 0;
  }

  /** The GUSSs of the options (checked by {@link #check}). */
  SimulatedGuss guss() {
    SimulatedGuss guss =
        new SimulatedGuss(
            gussLifetime, SimulatedGuss.Uss.parseList(uss), gussTimestamp(gussTimestamp));
    for (String entry : uiccTypes) {
      int eq = entry.lastIndexOf('=');
      guss = guss.withUiccType(new Impi(entry.substring(0, eq)), entry.substring(eq + 1));
    }
    return guss;
  }

  private String check() {
    if (!gussTimestamp.equals("none") && !gussTimestamp.equals("start")) {
      try {
        Instant.parse(gussTimestamp);
      } catch (java.time.format.DateTimeParseException e) {
        return "--guss-timestamp must be start, none or an instant such as 2026-01-01T00:00:00Z";
      }
    }
    for (String entry : uiccTypes) {
      int eq = entry.lastIndexOf('=');
      if (eq < 0
          || !Impi.isValid(entry.substring(0, eq))
          || !entry.substring(eq + 1).matches("[\\x21-\\x7e]+")) {
        return "--uicc-type must be IMPI=TYPE, e.g. user3@home1.net=GBA_U, got '" + entry + "'";
      }
    }
    if (!n65) {
      return null;
    }
    List<String> zhOnly =
        spec.commandLine().getParseResult().matchedOptions().stream()
            .map(o -> o.longestName())
            .filter(ZH_ONLY::contains)
            .toList();
    if (!zhOnly.isEmpty()) {
      return String.join(", ", zhOnly) + ": Zh only, not with --n65";
    }
    if (!mcc.matches("[0-9]{3}") || !mnc.matches("[0-9]{2,3}")) {
      return "--mcc must be 3 digits and --mnc 2 or 3";
    }
    return null;
  }

  /** Where the simulator listens, once it does (tests). */
  CompletableFuture<InetSocketAddress> listening() {
    return listening;
  }

  /** Stops the simulator as SIGTERM does (tests running it in their JVM). */
  void stop() {
    stopped.countDown();
  }
}
