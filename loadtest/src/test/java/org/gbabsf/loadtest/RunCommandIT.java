package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code loadtest run} and {@code loadtest naf} against a real BSF on loopback, reaching an HSS
 * simulator over Zh and answering NAFs on Zn. The run is CI's smoke run of the benchmark harness:
 * about 30 s of the whole call mix, after which the report must exist and show no error.
 */
class RunCommandIT {

  private static final int SUBSCRIBERS = 5000;
  private static ZhHssSimulator hss;
  private static BsfContext bsf;
  private static String ubUrl;
  private static String metricsUrl;
  private static int diameterPort;

  @BeforeAll
  static void start() throws InterruptedException {
    hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings(
                "hss1.home1.net", "home1.net", "127.0.0.1", Ports.free(), true),
            new GeneratedSubscriberDirectory(SUBSCRIBERS, "home1.net"),
            new SimulatedGuss(Duration.ofHours(1)));
    diameterPort = Ports.free();
    Map<String, String> s = new HashMap<>();
    s.put("ub.listen-address", "127.0.0.1");
    s.put("ub.port", "0");
    s.put("admin.port", "0");
    s.put("hss.type", "zh");
    s.put("zh.peers", "hss1.home1.net=127.0.0.1:" + hss.settings().port());
    s.put("diameter.listen-port", Integer.toString(diameterPort));
    s.put("zn.enabled", "true");
    s.put("zn.nafs", "naf.home1.net=default");
    bsf = BsfContext.create(ConfigLoader.load(null, Map.of(), s));
    ubUrl = "http://127.0.0.1:" + bsf.start().getPort() + "/";
    metricsUrl = "http://127.0.0.1:" + bsf.adminAddress().getPort() + "/metrics";
    assertThat(Poll.until(() -> bsf.zh().orElseThrow().isAvailable(), Duration.ofSeconds(20)))
        .isTrue();
  }

  @AfterAll
  static void stop() {
    bsf.close();
    hss.close();
  }

  private static int run(StringWriter out, String... args) {
    CommandLine cli = new CommandLine(new LoadtestMain());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(out, true));
    return cli.execute(args);
  }

  @Test
  void should_write_a_report_without_errors_when_running_the_whole_call_mix(@TempDir Path dir)
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
            "--rate",
            "100",
            "--ramp",
            "5s",
            "--duration",
            "25s",
            "--subscribers",
            Integer.toString(SUBSCRIBERS),
            "--connections",
            "100",
            "--resync-share",
            "0.05",
            "--wrong-response-share",
            "0.05",
            "--zn-per-bootstrap",
            "2",
            "--bsf-diameter",
            "127.0.0.1:" + diameterPort,
            "--naf-port",
            Integer.toString(Ports.free()),
            // Any process's CPU can be reported this way; the test's own JVM stands in for a
            // Cassandra node (it runs the BSF, so it is busy in the window).
            "--cassandra-pid",
            Long.toString(ProcessHandle.current().pid()),
            "--label",
            "CI smoke run",
            "--json",
            json.toString(),
            "--html",
            html.toString());

    assertThat(exit).as(out.toString()).isZero();
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    assertThat(report.has("bsfCpuPercent") && report.has("bsfHeapAverageMb"))
        .as("CPU and heap sampled from the BSF's metrics endpoint: %s", report)
        .isTrue();
    assertThat(report.get("errors").size()).as("errors %s", report.get("errors")).isZero();
    assertThat(report.get("achievedBootstrapsPerSecond").asDouble()).isGreaterThan(80);
    JsonNode outcomes = report.get("outcomes");
    assertThat(outcomes.get("bootstrap with resync").asLong()).isPositive();
    assertThat(outcomes.get("wrong response challenged again").asLong()).isPositive();
    assertThat(outcomes.get("zn key agreed").asLong())
        .isGreaterThan(outcomes.get("fresh bootstrap").asLong());
    assertThat(report.get("znBirToBiaMs").get("count").asDouble()).isPositive();
    assertThat(report.get("bsfHeapAverageMb").asDouble()).isPositive();
    assertThat(report.get("bsfCpuPercent").asDouble()).isPositive();
    assertThat(report.get("cassandraCpuPercent").asDouble()).isPositive();
    assertThat(report.get("cassandraCpuPerBootstrapMs").asDouble()).isPositive();
    assertThat(out.toString()).contains("; Cassandra ");
    assertThat(report.get("timeline").size()).isBetween(29, 33);
    String page = Files.readString(html);
    assertThat(page)
        .contains("No unexpected failures")
        .contains("Latency by percentile")
        .contains("<svg")
        .doesNotContain("<script")
        .doesNotContain("http://", "https://")
        .as("self-contained: no external resource");
    assertThat(out.toString())
        .contains("| rate | messages/s | CPU | heap | p50 | p90 | p95 | p99 |");
  }

  @Test
  void should_give_the_naf_the_key_the_ue_derives_when_both_use_the_cli() {
    StringWriter ue = new StringWriter();
    assertThat(
            run(ue, "ue", "--bsf", ubUrl, "--impi", "user42@home1.net", "--naf", "naf.home1.net"))
        .as(ue.toString())
        .isZero();
    Matcher btid = Pattern.compile("B-TID (\\S+)").matcher(ue.toString());
    Matcher ueKey =
        Pattern.compile("Ks_ext_NAF\\(naf.home1.net\\) (sha256:[0-9a-f]{16})")
            .matcher(ue.toString());
    assertThat(btid.find()).isTrue();
    assertThat(ueKey.find()).isTrue();

    StringWriter naf = new StringWriter();
    int exit =
        run(
            naf,
            "naf",
            "--bsf-diameter",
            "127.0.0.1:" + diameterPort,
            "--port",
            Integer.toString(Ports.free()),
            btid.group(1),
            "AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net");

    assertThat(exit).as("one of the two B-TIDs is unknown").isEqualTo(1);
    assertThat(naf.toString())
        .contains("OK    " + btid.group(1) + " IMPI user42@home1.net Ks_ext_NAF " + ueKey.group(1))
        .contains("FAIL  AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net: 5403");
  }

  @Test
  void should_leave_the_bsf_serving_nafs_when_its_diameter_port_was_fuzzed() throws Exception {
    StringWriter out = new StringWriter();

    int exit =
        run(
            out,
            "diameter-fuzz",
            "--target",
            "127.0.0.1:" + diameterPort,
            "--naf-host",
            "naf.home1.net",
            "--naf-realm",
            "home1.net",
            "--duration",
            "5s",
            "--seed",
            "3");

    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString()).contains("diameter-fuzz:").contains("answer:257:2001");
    try (org.gbabsf.diameter.zn.NafClient naf =
        org.gbabsf.diameter.zn.NafClient.start(
            "naf.home1.net",
            "home1.net",
            "127.0.0.1",
            Ports.free(),
            "bsf.home1.net",
            "127.0.0.1",
            diameterPort,
            "home1.net")) {
      assertThat(Poll.until(() -> naf.connected("bsf.home1.net"), Duration.ofSeconds(20)))
          .as("a NAF is admitted after the fuzzing")
          .isTrue();
      var answer =
          naf.query(
                  new org.gbabsf.core.domain.BTid("AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net"),
                  new org.gbabsf.core.zn.NafId(
                      "naf.home1.net", org.gbabsf.core.crypto.Hex.decode("0100000002")),
                  java.util.List.of(),
                  false,
                  Duration.ofSeconds(5))
              .toCompletableFuture()
              .get();
      assertThat(answer).isEqualTo(new org.gbabsf.diameter.zn.ZnCodec.BiaResult.Refused(5403));
    }
  }

  @Test
  void should_report_every_real_ue_bootstrapped_when_first_requests_flood_the_bsf() {
    StringWriter out = new StringWriter();

    int exit =
        run(
            out,
            "flood",
            "--bsf",
            ubUrl,
            "--rate",
            "600",
            "--duration",
            "5s",
            "--subscribers",
            Integer.toString(SUBSCRIBERS),
            "--real-rate",
            "10");

    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString()).containsPattern("real UEs: (\\d+) of \\1 bootstraps succeeded");
  }
}
