package org.gbabsf.loadtest;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.nbsp.NbspClient;
import picocli.CommandLine.Option;

/**
 * The Nbsp_GBA share of {@code loadtest run}: after each bootstrap, {@code --nbsp-per-bootstrap}
 * BootstrappingInfoRequests for that B-TID (TS 29.309), one after the other, all bootstraps' on one
 * shared {@link SbiClient} (HTTP/2 streams multiplexed on its connections), as NAF {@code
 * --nbsp-naf-fqdn} with the access token of {@code --nbsp-token-file}. Latency runs from each
 * request's scheduled start (the end of the bootstrap, then the end of the previous request) to its
 * answer. An answer other than 200, no answer, or a 200 whose meKeyMaterial is not the UE's own
 * Ks_ext_NAF is an error of its kind.
 */
final class NbspLoad implements AutoCloseable {

  /** The options, mixed into {@code loadtest run}. */
  static final class Options {
    @Option(
        names = "--nbsp-per-bootstrap",
        defaultValue = "0",
        description =
            "Nbsp_GBA requests (HTTP/2) for the B-TID after each bootstrap, each key compared"
                + " with the UE's.")
    int perBootstrap;

    @Option(
        names = "--nbsp-url",
        paramLabel = "URL",
        description =
            "The BSF's Nbsp apiRoot: http://host:port (h2c, its sbi.port) or https://host:port"
                + " (h2, the JVM's CAs).")
    URI url;

    @Option(
        names = "--nbsp-token-file",
        paramLabel = "FILE",
        description =
            "An access token for the Nbsp requests (e.g. `loadtest nrf`'s), sent as"
                + " Authorization: Bearer.")
    Path tokenFile;

    @Option(
        names = "--nbsp-naf-fqdn",
        paramLabel = "FQDN",
        defaultValue = "naf.home1.net",
        description =
            "The nafFqdn of the Nbsp requests; NAF_Id = FQDN ‖ 0100000002 (default:"
                + " ${DEFAULT-VALUE}).")
    String nafFqdn;

    /** Why the options do not go together, or null. */
    String check() {
      if (perBootstrap < 0) {
        return "--nbsp-per-bootstrap must not be negative";
      }
      if (perBootstrap == 0) {
        return url != null || tokenFile != null
            ? "--nbsp-url and --nbsp-token-file need --nbsp-per-bootstrap"
            : null;
      }
      return NbspAccess.problem("--nbsp-url (with --nbsp-per-bootstrap)", url);
    }

    boolean enabled() {
      return perBootstrap > 0;
    }
  }

  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final Options options;
  private final NafId nafId;
  private final SbiClient sbi;
  private final NbspClient client;
  private final Consumer<String> error;
  private final Recorder perSecond = new Recorder(3);
  private final Recorder measured = new Recorder(3);
  private final LongAdder measuredRequests = new LongAdder();
  private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();
  private Histogram total;

  private NbspLoad(Options options, SbiClient sbi, NbspClient client, Consumer<String> error) {
    this.options = options;
    this.nafId = new NafId(options.nafFqdn, Hex.decode("0100000002"));
    this.sbi = sbi;
    this.client = client;
    this.error = error;
  }

  /**
   * Nbsp load as {@code options} say, connected to the BSF; each failure's kind goes to {@code
   * error} too. Throws if the token cannot be read or no connection can be opened.
   */
  static NbspLoad start(Options options, Consumer<String> error) throws IOException {
    Optional<String> token = NbspAccess.token(options.tokenFile);
    SbiClient sbi =
        new SbiClient(
            NbspAccess.settings("nbsp", options.url, null, null, null), new SimpleMeterRegistry());
    if (!sbi.connect(options.url).join()) {
      sbi.close();
      throw new IllegalStateException("no HTTP/2 connection to the BSF at " + options.url);
    }
    return new NbspLoad(options, sbi, new NbspClient(sbi, options.url, token, TIMEOUT), error);
  }

  /** The Nbsp requests of one bootstrap ({@code m}: scheduled in the measurement period). */
  CompletionStage<Void> requests(GbaUe.Result.Bootstrapped b, String impi, boolean m) {
    byte[] ueKey = GbaKdf.ksNaf(b.ks(), GbaKdf.GBA_ME, b.rand(), impi, nafId.octets());
    BTid btid = new BTid(b.btid());
    CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = 0; i < options.perBootstrap; i++) {
      chain = chain.thenCompose(x -> one(btid, ueKey, m));
    }
    return chain;
  }

  private CompletionStage<Void> one(BTid btid, byte[] ueKey, boolean m) {
    long scheduled = System.nanoTime();
    return client
        .fetch(btid, nafId, false, List.of())
        .thenAccept(
            r -> {
              long took = System.nanoTime() - scheduled;
              perSecond.recordValue(took);
              if (m) {
                measured.recordValue(took);
                measuredRequests.increment();
              }
              String problem = problem(r, ueKey);
              if (problem != null) {
                errors.computeIfAbsent(problem, k -> new LongAdder()).increment();
                error.accept("nbsp " + problem);
              }
            });
  }

  /** The kind of failure of {@code r}, or null if it is the UE's key. */
  private static String problem(NbspClient.Result r, byte[] ueKey) {
    if (r instanceof NbspClient.Result.Keys k) {
      return MessageDigest.isEqual(ueKey, k.answer().meKeyMaterial())
          ? null
          : "key differs from the UE's";
    }
    if (r instanceof NbspClient.Result.Refused refused) {
      return refused.status()
          + refused.problem().flatMap(p -> p.cause()).map(c -> " " + c).orElse("");
    }
    return ((NbspClient.Result.Failed) r).reason().split(":", 2)[0];
  }

  /** The Nbsp latencies completed since the last call (per-second sampling). */
  Histogram interval() {
    return perSecond.getIntervalHistogram();
  }

  /** The latencies of every Nbsp request scheduled in the measurement period; taken once. */
  synchronized Histogram total() {
    if (total == null) {
      total = measured.getIntervalHistogram();
    }
    return total;
  }

  /**
   * Adds the Nbsp figures of a measurement period of {@code seconds}; with the BSF's CPU already in
   * {@code f}, its CPU per Nbsp request (all of it, the bootstraps' included).
   */
  void figures(Map<String, Object> f, double seconds) {
    double perSecondRate = measuredRequests.sum() / seconds;
    f.put("nbspPerBootstrap", options.perBootstrap);
    f.put("nbspUrl", options.url.toString());
    f.put("nbspNafFqdn", options.nafFqdn);
    f.put("nbspRequestsPerSecond", perSecondRate);
    f.put("nbspMs", RunReport.percentiles(total()));
    Map<String, Long> e = new TreeMap<>();
    errors.forEach((k, v) -> e.put(k, v.sum()));
    f.put("nbspErrors", e);
    if (f.get("bsfCpuPercent") instanceof Double cpu && perSecondRate > 0) {
      // cpu % of one core = 10 ms of CPU per second per %; over the requests of a second.
      f.put("bsfCpuPerNbspRequestMs", cpu * 10 / perSecondRate);
    }
  }

  /** The summary table's Nbsp row (rate, messages/s, CPU, heap, p50, p90, p95, p99). */
  List<String> tableRow(Map<String, Object> f) {
    Histogram h = total();
    double rate = (double) f.get("nbspRequestsPerSecond");
    return List.of(
        String.format(
            Locale.ROOT, "%,.0f Nbsp requests/s (%d per bootstrap)", rate, options.perBootstrap),
        String.format(Locale.ROOT, "%,.0f Nbsp", 2 * rate),
        f.containsKey("bsfCpuPerNbspRequestMs")
            ? String.format(
                Locale.ROOT,
                "BSF %.3f ms per Nbsp request (bootstraps included)",
                (double) f.get("bsfCpuPerNbspRequestMs"))
            : "n/a",
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
        "Nbsp_GBA (%s as %s) p50 %s, p90 %s, p99 %s (%d requests)",
        options.url,
        options.nafFqdn,
        RunReport.msText(h, 50),
        RunReport.msText(h, 90),
        RunReport.msText(h, 99),
        h.getTotalCount());
  }

  @Override
  public void close() {
    sbi.close();
  }
}
