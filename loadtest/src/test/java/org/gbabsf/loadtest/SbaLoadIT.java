package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The load tool on the SBA, in one JVM over real sockets: {@code loadtest hss --n65} as the BSF's
 * HSS on N65, {@code loadtest nrf} minting the access token, {@code loadtest naf --sba} asking for
 * keys over Nbsp_GBA (token over h2c, client certificate over TLS), and {@code loadtest run
 * --nbsp-per-bootstrap}.
 */
class SbaLoadIT {

  private static final String BSF_ID = UUID.randomUUID().toString();
  private static final String NAF_ID = UUID.randomUUID().toString();
  private static final String NAF = "naf.home1.net";
  private static final int SUBSCRIBERS = 2000;
  private static final Pattern BOOTSTRAPPED =
      Pattern.compile("OK {4}\\S+ B-TID (\\S+) .*\\n {6}Ks_ext_NAF\\(\\S+\\) (sha256:[0-9a-f]+)");

  @TempDir static Path dir;
  private static final StringWriter hssOut = new StringWriter();
  private static HssCommand hss;
  private static CompletableFuture<Integer> hssExit;
  private static BsfContext bsf;
  private static String ubUrl;
  private static String sbiUrl;
  private static String metricsUrl;

  @BeforeAll
  static void start() throws Exception {
    StringWriter nrf = new StringWriter();
    int minted =
        run(
            nrf,
            "nrf",
            "--out",
            dir.resolve("nrf").toString(),
            "--subject",
            NAF_ID,
            "--audience",
            BSF_ID);
    assertThat(minted).as(nrf.toString()).isZero();

    CommandLine cli = cli(hssOut);
    hss = cli.getSubcommands().get("hss").getCommand();
    hssExit = new CompletableFuture<>();
    Thread t =
        new Thread(
            () ->
                hssExit.complete(
                    cli.execute(
                        "hss",
                        "--n65",
                        "--port",
                        "0",
                        "--generated-count",
                        Integer.toString(SUBSCRIBERS))),
            "loadtest-hss");
    t.setDaemon(true);
    t.start();
    InetSocketAddress n65 = hss.listening().get(30, TimeUnit.SECONDS);

    Map<String, String> s = new HashMap<>();
    s.put("ub.listen-address", "127.0.0.1");
    s.put("ub.port", "0");
    s.put("admin.port", "0");
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    s.put("hss.type", "n65");
    s.put("n65.instances", "http://127.0.0.1:" + n65.getPort());
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("nbsp.nafs", NAF_ID + "=default");
    s.put("nbsp.naf-fqdns", NAF_ID + "=" + NAF);
    s.put("nbsp.oauth2.nrf-keys", dir.resolve("nrf/nrf.pem").toString());
    s.put("nbsp.oauth2.nf-instance-id", BSF_ID);
    bsf = BsfContext.create(ConfigLoader.load(null, Map.of(), s));
    ubUrl = "http://127.0.0.1:" + bsf.start().getPort() + "/";
    sbiUrl = "http://127.0.0.1:" + bsf.sbiAddress().orElseThrow().getPort();
    metricsUrl = "http://127.0.0.1:" + bsf.adminAddress().getPort() + "/metrics";
    assertThat(Poll.until(() -> bsf.readiness().ready(), Duration.ofSeconds(20)))
        .as("ready: %s", bsf.readiness().states())
        .isTrue();
  }

  @AfterAll
  static void stop() throws Exception {
    if (bsf != null) {
      bsf.close();
    }
    if (hss != null) {
      hss.stop();
      assertThat(hssExit.get(30, TimeUnit.SECONDS)).as(hssOut.toString()).isZero();
      assertThat(hssOut.toString())
          .containsPattern("HSS simulator stopped after [1-9]\\d* requests");
    }
  }

  private static CommandLine cli(StringWriter out) {
    CommandLine cli = new CommandLine(new LoadtestMain());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(out, true));
    return cli;
  }

  private static int run(StringWriter out, String... args) {
    return cli(out).execute(args);
  }

  /** Bootstraps {@code impi} against {@code ub}: its B-TID and its Ks_ext_NAF's fingerprint. */
  private static String[] bootstrap(String ub, String impi) {
    StringWriter out = new StringWriter();
    int exit = run(out, "ue", "--bsf", ub, "--impi", impi, "--naf", NAF);
    assertThat(exit).as(out.toString()).isZero();
    Matcher m = BOOTSTRAPPED.matcher(out.toString());
    assertThat(m.find()).as(out.toString()).isTrue();
    return new String[] {m.group(1), m.group(2)};
  }

  @Test
  void should_bootstrap_a_ue_when_the_bsf_reaches_loadtest_hss_over_n65() {
    StringWriter out = new StringWriter();

    int exit = run(out, "ue", "--bsf", ubUrl, "--impi", "user7@home1.net");

    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString()).startsWith("OK    user7@home1.net B-TID ");
    assertThat(hssOut.toString())
        .containsPattern(
            "HSS simulator listening on http://127\\.0\\.0\\.1:\\d+ \\(HTTP/2 with prior"
                + " knowledge\\): N65 nhss-gba-ueau, nhss-gba-sdm; N68 nudm-ueau");
  }

  @Test
  void should_get_the_ues_key_over_nbsp_when_the_naf_brings_an_access_token() {
    String[] ue = bootstrap(ubUrl, "user8@home1.net");
    StringWriter out = new StringWriter();

    int exit =
        run(
            out,
            "naf",
            "--sba",
            "--bsf-url",
            sbiUrl,
            "--token-file",
            dir.resolve("nrf/token").toString(),
            "--naf-host",
            NAF,
            ue[0]);

    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString())
        .startsWith("OK    " + ue[0] + " IMPI user8@home1.net Ks_ext_NAF " + ue[1] + " expires ")
        .contains(" USS 1 3G_GBA (");
  }

  @Test
  void should_exit_1_when_the_btid_is_unknown_over_nbsp() {
    StringWriter out = new StringWriter();

    int exit =
        run(
            out,
            "naf",
            "--sba",
            "--bsf-url",
            sbiUrl,
            "--token-file",
            dir.resolve("nrf/token").toString(),
            "AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net");

    assertThat(exit).as(out.toString()).isEqualTo(1);
    assertThat(out.toString())
        .startsWith("FAIL  AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net: 404 USER_NOT_FOUND: ");
  }

  @Test
  void should_exit_1_when_the_naf_brings_no_token() {
    StringWriter out = new StringWriter();

    int exit = run(out, "naf", "--sba", "--bsf-url", sbiUrl, "AAAAAAAAAAAAAAAAAAAAAA==@x.net");

    assertThat(exit).as(out.toString()).isEqualTo(1);
    assertThat(out.toString()).startsWith("FAIL  AAAAAAAAAAAAAAAAAAAAAA==@x.net: 401");
  }

  @Test
  void should_get_the_key_over_tls_when_the_naf_presents_its_certificate(@TempDir Path pkiDir)
      throws Exception {
    TestPki pki = TestPki.create(pkiDir, "SBI CA");
    TestPki.Issued server = pki.leaf("bsf.home1.net").dns("localhost").fileName("sbi").issue();
    TestPki.Issued naf = pki.leaf(NAF).dns(NAF).fileName("naf").issue();
    Map<String, String> s = new HashMap<>();
    s.put("ub.listen-address", "127.0.0.1");
    s.put("ub.port", "0");
    s.put("admin.port", "0");
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    s.put("hss.type", "simulated");
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("sbi.tls.enabled", "true");
    s.put("sbi.tls.certificate", server.certificate().toString());
    s.put("sbi.tls.private-key", server.privateKey().toString());
    s.put("sbi.tls.trust", pki.caFile().toString());
    s.put("sbi.tls.client-auth", "require");
    s.put("nbsp.nafs", NAF + "=default");
    try (BsfContext tls = BsfContext.create(ConfigLoader.load(null, Map.of(), s))) {
      String[] ue = bootstrap("http://127.0.0.1:" + tls.start().getPort() + "/", "user9@home1.net");
      StringWriter out = new StringWriter();

      int exit =
          run(
              out,
              "naf",
              "--sba",
              "--bsf-url",
              "https://localhost:" + tls.sbiAddress().orElseThrow().getPort(),
              "--cert",
              naf.certificate().toString(),
              "--key",
              naf.privateKey().toString(),
              "--trust",
              pki.caFile().toString(),
              ue[0]);

      assertThat(exit).as(out.toString()).isZero();
      assertThat(out.toString())
          .startsWith("OK    " + ue[0] + " IMPI user9@home1.net Ks_ext_NAF " + ue[1]);
    }
  }

  @Test
  void should_refuse_options_of_another_interface_when_they_are_mixed() {
    StringWriter naf = new StringWriter();
    StringWriter zh = new StringWriter();

    int nafExit =
        run(naf, "naf", "--sba", "--bsf-url", sbiUrl, "--bsf-host", "bsf.home1.net", "x@y.net");
    int zhExit = run(zh, "hss", "--n65", "--silent");

    assertThat(nafExit).isEqualTo(2);
    assertThat(naf.toString()).contains("--bsf-host: Zn only, not with --sba");
    assertThat(zhExit).isEqualTo(2);
    assertThat(zh.toString()).contains("--silent: Zh only, not with --n65");
  }

  @Test
  void should_report_nbsp_rate_and_latency_without_errors_when_running_with_an_nbsp_share()
      throws Exception {
    StringWriter out = new StringWriter();
    Path json = dir.resolve("report.json");
    Path html = dir.resolve("report.html");

    int exit =
        run(
            out,
            "run",
            "--bsf",
            ubUrl,
            "--bsf-metrics",
            metricsUrl,
            "--bsf-pid",
            Long.toString(ProcessHandle.current().pid()),
            "--rate",
            "20",
            "--ramp",
            "1s",
            "--duration",
            "3s",
            "--subscribers",
            Integer.toString(SUBSCRIBERS),
            "--connections",
            "20",
            "--nbsp-per-bootstrap",
            "2",
            "--nbsp-url",
            sbiUrl,
            "--nbsp-token-file",
            dir.resolve("nrf/token").toString(),
            "--nbsp-naf-fqdn",
            NAF,
            "--json",
            json.toString(),
            "--html",
            html.toString());

    assertThat(exit).as(out.toString()).isZero();
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    assertThat(report.get("errors").size()).as("errors %s", report.get("errors")).isZero();
    assertThat(report.get("nbspErrors").size()).isZero();
    double requests = report.get("nbspMs").get("count").asDouble();
    assertThat(requests).isPositive();
    assertThat(report.get("nbspRequestsPerSecond").asDouble()).isEqualTo(requests / 3);
    assertThat(report.get("nbspMs").get("p99").asDouble()).isPositive();
    assertThat(report.get("nbspPerBootstrap").asInt()).isEqualTo(2);
    assertThat(report.get("bsfCpuPerNbspRequestMs").asDouble()).isPositive();
    long perSecond = 0;
    for (JsonNode sample : report.get("timeline")) {
      assertThat(sample.has("nbspP99")).isTrue();
      perSecond += sample.get("nbspRequests").asLong();
    }
    assertThat(perSecond).isGreaterThanOrEqualTo((long) requests);
    assertThat(out.toString())
        .containsPattern("\\| [\\d,]+ Nbsp requests/s \\(2 per bootstrap\\) \\|")
        .contains("Nbsp_GBA (" + sbiUrl + " as " + NAF + ") p50 ");
    assertThat(Files.readString(html)).contains("Nbsp_GBA request").contains("Nbsp requests/s");
  }
}
