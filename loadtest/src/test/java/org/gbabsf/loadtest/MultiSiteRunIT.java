package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * {@code loadtest run} over two sites ({@code --also-bsf}, {@code --site-diameter}): two BSFs on
 * loopback, each with its own in-memory store, so that a B-TID is known only where it was made:
 * every cross-site Zn query is answered 5403, which the per-site figures must show pair by pair.
 */
class MultiSiteRunIT {

  private static final int SUBSCRIBERS = 2000;
  private static ZhHssSimulator hss;
  private static final List<BsfContext> bsfs = new ArrayList<>();
  private static final List<String> ub = new ArrayList<>();
  private static final List<String> zn = new ArrayList<>();

  @BeforeAll
  static void start() throws InterruptedException {
    hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings(
                "hss1.home1.net", "home1.net", "127.0.0.1", Ports.free(), true),
            new GeneratedSubscriberDirectory(SUBSCRIBERS, "home1.net"),
            new SimulatedGuss(Duration.ofHours(1)));
    for (int site = 1; site <= 2; site++) {
      int diameterPort = Ports.free();
      Map<String, String> s = new HashMap<>();
      s.put("ub.listen-address", "127.0.0.1");
      s.put("ub.port", "0");
      s.put("admin.port", "0");
      s.put("hss.type", "zh");
      s.put("zh.peers", "hss1.home1.net=127.0.0.1:" + hss.settings().port());
      s.put("diameter.origin-host", "bsf-" + site + ".home1.net");
      s.put("diameter.listen-port", Integer.toString(diameterPort));
      s.put("zn.nafs", "naf.home1.net=default");
      BsfContext bsf = BsfContext.create(ConfigLoader.load(null, Map.of(), s));
      bsfs.add(bsf);
      ub.add("http://127.0.0.1:" + bsf.start().getPort() + "/");
      zn.add("bsf-" + site + ".home1.net=127.0.0.1:" + diameterPort);
      assertThat(Poll.until(() -> bsf.zh().orElseThrow().isAvailable(), Duration.ofSeconds(20)))
          .isTrue();
    }
  }

  @AfterAll
  static void stop() {
    bsfs.forEach(BsfContext::close);
    hss.close();
  }

  private static int run(StringWriter out, String... args) {
    CommandLine cli = new CommandLine(new LoadtestMain());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(out, true));
    return cli.execute(args);
  }

  private static List<String> args(Path json, String site1Ub, String site2Ub, String site2Zn) {
    return List.of(
        "run",
        "--bsf",
        site1Ub,
        "--also-bsf",
        site2Ub,
        "--site-diameter",
        zn.get(0),
        "--site-diameter",
        site2Zn,
        "--bsf-metrics",
        "none",
        "--rate",
        "40",
        "--ramp",
        "1s",
        "--duration",
        "4s",
        "--subscribers",
        Integer.toString(SUBSCRIBERS),
        "--connections",
        "20",
        "--zn-per-bootstrap",
        "1",
        "--naf-port",
        Integer.toString(Ports.free()),
        "--json",
        json.toString());
  }

  @Test
  void should_count_every_cross_site_query_as_a_5403_miss_when_the_sites_share_no_store(
      @TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    Path json = dir.resolve("report.json");

    int exit = run(out, args(json, ub.get(0), ub.get(1), zn.get(1)).toArray(String[]::new));

    assertThat(exit).as("5403s are errors: %s", out).isEqualTo(1);
    JsonNode r = new ObjectMapper().readTree(json.toFile());
    JsonNode sites = r.get("sites");
    assertThat(sites.size()).isEqualTo(2);
    for (JsonNode s : sites) {
      assertThat(s.get("bootstraps").asLong()).as("%s", s).isPositive();
      assertThat(s.get("bootstrapErrors").asLong()).isZero();
      assertThat(s.get("znQueries").asLong()).isPositive();
      assertThat(s.get("zn5403").asLong()).isEqualTo(s.get("znErrors").asLong()).isPositive();
    }
    for (JsonNode p : r.get("znPairs")) {
      assertThat(p.get("nafSite").asInt())
          .as("each NAF asks about the other site's B-TIDs")
          .isNotEqualTo(p.get("mintedAtSite").asInt());
    }
    assertThat(r.get("znCrossSiteMisses5403").asLong())
        .isPositive()
        .isGreaterThanOrEqualTo(r.get("znCrossSiteQueries").asLong());
    assertThat(out.toString())
        .contains("site 1 (" + ub.get(0) + ")")
        .contains("site 2 (" + ub.get(1) + ")")
        .contains("cross-site Zn queries");
  }

  @Test
  void should_serve_every_ue_and_ask_the_surviving_site_when_the_other_site_is_down(
      @TempDir Path dir) throws Exception {
    StringWriter out = new StringWriter();
    Path json = dir.resolve("report.json");
    String deadUb = "http://127.0.0.1:" + Ports.free() + "/";
    String deadZn = "bsf-3.home1.net=127.0.0.1:" + Ports.free();

    int exit = run(out, args(json, ub.get(0), deadUb, deadZn).toArray(String[]::new));

    assertThat(exit).as(out.toString()).isZero();
    JsonNode r = new ObjectMapper().readTree(json.toFile());
    JsonNode sites = r.get("sites");
    assertThat(sites.get(0).get("bootstraps").asLong()).isPositive();
    assertThat(sites.get(0).get("znQueries").asLong()).isPositive();
    assertThat(sites.get(1).get("bootstraps").asLong()).isZero();
    assertThat(sites.get(1).get("bootstrapErrors").asLong()).isZero();
    assertThat(r.get("movedToOtherBsf").asLong()).as("site 2's UEs moved to site 1").isPositive();
    assertThat(r.get("znCrossSiteQueries").asLong()).isZero();
    assertThat(out.toString()).contains("not connected to site 2's BSF");
  }
}
