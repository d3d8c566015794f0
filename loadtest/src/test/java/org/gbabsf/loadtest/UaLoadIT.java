package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.NafProxyContext;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code loadtest ue --naf-url} and {@code loadtest run --ua-per-bootstrap} over real sockets: UE →
 * BSF (Ub), then UE → NAF authentication proxy (Ua) → BSF (Zn) → {@code loadtest upstream}.
 */
class UaLoadIT {

  private static final String NAF = "xcap.home1.net";
  private static final String TLS_NAF = "xcaps.home1.net";
  private static final int SUBSCRIBERS = 2000;
  private static int diameter;
  private static UpstreamCommand.Running upstream;
  private static BsfContext bsf;
  private static NafProxyContext proxy;
  private static String ubUrl;
  private static String metricsUrl;
  private static String nafUrl;

  @BeforeAll
  static void start() throws Exception {
    upstream =
        UpstreamCommand.start(
            new InetSocketAddress("127.0.0.1", 0),
            2,
            UpstreamCommand.SIMSERVS.getBytes(StandardCharsets.UTF_8),
            "application/simservs+xml");
    diameter = Ports.free();
    Map<String, String> s = new HashMap<>();
    s.put("ub.listen-address", "127.0.0.1");
    s.put("ub.port", "0");
    s.put("admin.port", "0");
    s.put("hss.type", "simulated");
    s.put("hss.simulated.generated-count", Integer.toString(SUBSCRIBERS));
    s.put("diameter.listen-port", Integer.toString(diameter));
    s.put("zn.enabled", "true");
    s.put("zn.nafs", NAF + "=default," + TLS_NAF + "=default");
    bsf = BsfContext.create(ConfigLoader.load(null, Map.of(), s));
    ubUrl = "http://127.0.0.1:" + bsf.start().getPort() + "/";
    metricsUrl = "http://127.0.0.1:" + bsf.adminAddress().getPort() + "/metrics";
    proxy = startProxy(NAF, Map.of());
    nafUrl = "http://127.0.0.1:" + proxy.start().getPort() + "/xcap-root/simservs.xml";
    assertThat(Poll.until(proxy::connectedToBsf, Duration.ofSeconds(20))).isTrue();
  }

  /** A proxy named {@code naf} in front of the upstream, not started. */
  private static NafProxyContext startProxy(String naf, Map<String, String> extra) {
    Map<String, String> p = new HashMap<>(extra);
    p.put("naf-proxy.routes", naf + "=http://127.0.0.1:" + upstream.address().getPort());
    p.put("naf-proxy.listen-address", "127.0.0.1");
    p.put("naf-proxy.port", "0");
    p.put("naf-proxy.io-threads", "1");
    p.put("admin.port", "0");
    p.put("naf-proxy.origin-host", naf);
    p.put("naf-proxy.diameter-port", Integer.toString(Ports.free()));
    p.put("naf-proxy.bsf-peer", "bsf.home1.net=127.0.0.1:" + diameter);
    return NafProxyContext.create(ConfigLoader.load(null, Map.of(), p));
  }

  @AfterAll
  static void stop() {
    proxy.close();
    bsf.close();
    upstream.close();
  }

  private static int run(StringWriter out, String... args) {
    CommandLine cli = new CommandLine(new LoadtestMain());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(out, true));
    return cli.execute(args);
  }

  @Test
  void should_fetch_the_document_with_the_gba_key_when_the_ue_has_bootstrapped() {
    StringWriter out = new StringWriter();

    int exit =
        run(
            out,
            "ue",
            "--bsf",
            ubUrl,
            "--impi",
            "user11@home1.net",
            "--naf-url",
            nafUrl,
            "--naf-host",
            NAF,
            "--show-body");

    assertThat(exit).as(out.toString()).isZero();
    assertThat(out.toString())
        .containsPattern(
            "UA    GET \\Q"
                + nafUrl
                + "\\E as xcap\\.home1\\.net: HTTP 200 in \\d+\\.\\d\\d ms \\(after a 401\\), "
                + UpstreamCommand.SIMSERVS.getBytes(StandardCharsets.UTF_8).length
                + " bytes, rspauth verified")
        .contains("<communication-diversion active=\"false\"/>");
  }

  @Test
  void should_fetch_with_the_key_of_the_cipher_suite_when_the_proxy_serves_https(@TempDir Path dir)
      throws Exception {
    TestPki pki = TestPki.create(dir, "NAF CA");
    TestPki.Issued cert = pki.leaf(TLS_NAF).dns(TLS_NAF).issue();
    try (NafProxyContext tls =
        startProxy(
            TLS_NAF,
            Map.of(
                "naf-proxy.tls.enabled", "true",
                "naf-proxy.tls.certificate", cert.certificate().toString(),
                "naf-proxy.tls.private-key", cert.privateKey().toString()))) {
      String url = "https://127.0.0.1:" + tls.start().getPort() + "/xcap-root/simservs.xml";
      assertThat(Poll.until(tls::connectedToBsf, Duration.ofSeconds(20))).isTrue();
      StringWriter out = new StringWriter();

      int exit =
          run(
              out,
              "ue",
              "--bsf",
              ubUrl,
              "--impi",
              "user13@home1.net",
              "--naf-url",
              url,
              "--naf-host",
              TLS_NAF,
              "--naf-trust",
              pki.caFile().toString());

      assertThat(exit).as(out.toString()).isZero();
      assertThat(out.toString()).contains("UA    GET " + url + " as " + TLS_NAF + ": HTTP 200");
    }
  }

  @Test
  void should_fail_when_the_proxy_serves_no_such_naf_host() {
    StringWriter out = new StringWriter();

    int exit =
        run(
            out,
            "ue",
            "--bsf",
            ubUrl,
            "--impi",
            "user12@home1.net",
            "--naf-url",
            nafUrl,
            "--naf-host",
            "other.home1.net");

    assertThat(exit).as(out.toString()).isEqualTo(1);
    assertThat(out.toString())
        .contains("FAIL  Ua GET " + nafUrl + " as other.home1.net: challenge answered 404");
  }

  @Test
  void should_refuse_to_run_when_a_ua_share_has_no_naf_url() {
    StringWriter out = new StringWriter();

    int exit = run(out, "run", "--bsf", ubUrl, "--ua-per-bootstrap", "2");

    assertThat(exit).isEqualTo(2);
    assertThat(out.toString()).contains("--ua-per-bootstrap needs --naf-url");
  }

  @Test
  void should_report_ua_latency_and_proxy_cpu_without_errors_when_running_with_a_ua_share(
      @TempDir Path dir) throws Exception {
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
            "20",
            "--ramp",
            "1s",
            "--duration",
            "4s",
            "--subscribers",
            Integer.toString(SUBSCRIBERS),
            "--connections",
            "20",
            "--ua-per-bootstrap",
            "2",
            "--naf-url",
            nafUrl,
            "--ua-host",
            NAF,
            "--proxy-pid",
            Long.toString(ProcessHandle.current().pid()),
            "--json",
            json.toString(),
            "--html",
            html.toString());

    assertThat(exit).as(out.toString()).isZero();
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    assertThat(report.get("errors").size()).as("errors %s", report.get("errors")).isZero();
    assertThat(report.get("uaErrors").size()).isZero();
    double requests = report.get("uaMs").get("count").asDouble();
    assertThat(requests).isPositive();
    assertThat(report.get("uaChallengedMs").get("count").asDouble())
        .as("one 401 per bootstrap, then nextnonce")
        .isEqualTo(report.get("uaAtOnceMs").get("count").asDouble())
        .isEqualTo(requests / 2);
    assertThat(report.get("uaRequestsPerSecond").asDouble()).isEqualTo(requests / 4);
    assertThat(report.get("uaMs").get("p99").asDouble()).isPositive();
    assertThat(report.get("proxyCpuPerUaRequestMs").asDouble()).isPositive();
    long perSecond = 0;
    for (JsonNode sample : report.get("timeline")) {
      perSecond += sample.get("uaRequests").asLong();
    }
    assertThat(perSecond).isGreaterThanOrEqualTo((long) requests);
    assertThat(out.toString())
        .containsPattern("\\| [\\d,]+ Ua requests/s \\(2 per bootstrap\\) \\|")
        .contains("Ua through the proxy (" + nafUrl + " as " + NAF + ") p50 ");
    assertThat(Files.readString(html))
        .contains("Ua request (through the proxy)")
        .contains("Ua requests/s");
  }
}
