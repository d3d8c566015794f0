package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.security.testing.TestPki;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ub and the admin port over HTTPS, as an operator checks them: {@code openssl s_client} sees TLS
 * 1.3 and 1.2 with the profile's suites and a verified chain, and nothing older; the UE simulator
 * bootstraps over HTTPS; plain text to the TLS port is refused and counted; {@code /metrics} wants
 * its bearer token; a rotated certificate is served after a reload, without a restart.
 */
class TlsInterfacesIT {

  @TempDir static Path dir;
  static TestPki pki;
  static Path token;

  private final TestBsf bsfs = new TestBsf();

  @BeforeAll
  static void pki() throws IOException {
    pki = TestPki.create(dir, "Interfaces CA");
    token = Files.writeString(dir.resolve("metrics-token"), "scrape-me-please\n");
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  private BsfContext start(String name) throws InterruptedException {
    TestPki.Issued ub = pki.leaf(name).dns(REALM).ip("127.0.0.1").fileName(name).issue();
    TestPki.Issued admin = pki.leaf("admin-" + name).ip("127.0.0.1").issue();
    Map<String, String> s = new HashMap<>();
    s.put("ub.tls.enabled", "true");
    s.put("ub.tls.certificate", ub.certificate().toString());
    s.put("ub.tls.private-key", ub.privateKey().toString());
    s.put("admin.tls.enabled", "true");
    s.put("admin.tls.certificate", admin.certificate().toString());
    s.put("admin.tls.private-key", admin.privateKey().toString());
    s.put("admin.metrics-token-file", token.toString());
    s.put("security.reload-interval", "0s");
    return bsfs.start(s);
  }

  /** What {@code openssl s_client -brief} says about a handshake with {@code port}. */
  private static String sClient(int port, String... options) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "openssl",
                "s_client",
                "-brief",
                "-connect",
                "127.0.0.1:" + port,
                "-servername",
                REALM,
                "-verify_hostname",
                REALM,
                "-CAfile",
                pki.caFile().toString(),
                "-verify_return_error"));
    cmd.addAll(List.of(options));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getOutputStream().close(); // EOF on stdin: s_client closes once the handshake is done
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  @Test
  void should_offer_tls13_and_tls12_with_profile_suites_and_nothing_older_when_probed_by_openssl()
      throws Exception {
    BsfContext bsf = start("probe.home1.net");
    int port = bsf.ubAddress().getPort();

    String tls13 = sClient(port, "-tls1_3");
    String tls12 = sClient(port, "-tls1_2");
    String noForwardSecrecy = sClient(port, "-tls1_2", "-cipher", "AES128-GCM-SHA256");
    String tls11 = sClient(port, "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0");

    assertThat(tls13)
        .contains("Protocol version: TLSv1.3")
        .contains("Ciphersuite: TLS_AES_128_GCM_SHA256")
        .contains("Verification: OK");
    assertThat(tls12)
        .contains("Protocol version: TLSv1.2")
        .contains("Ciphersuite: ECDHE-ECDSA-AES128-GCM-SHA256")
        .contains("Verification: OK");
    assertThat(noForwardSecrecy).doesNotContain("CONNECTION ESTABLISHED");
    assertThat(tls11).doesNotContain("CONNECTION ESTABLISHED");
    assertThat(
            Poll.until(
                () -> failures(bsf, "ub", "no_common_parameters") >= 2,
                java.time.Duration.ofSeconds(5)))
        .isTrue();
  }

  @Test
  void should_bootstrap_a_ue_and_refuse_plain_http_when_ub_serves_https() throws Exception {
    BsfContext bsf = start("ub.home1.net");

    GbaUe.Result result =
        await(
            new GbaUe(bsfs.tlsClient(bsf, pki.caFile(), REALM), TestBsf.ue(401), REALM, "/")
                .bootstrap());
    String plain = plainHttp(bsf.ubAddress().getPort(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(plain).doesNotContain("HTTP/1.1");
    assertThat(
            Poll.until(() -> failures(bsf, "ub", "not_tls") == 1, java.time.Duration.ofSeconds(5)))
        .isTrue();
  }

  @Test
  void should_serve_metrics_only_with_the_bearer_token_when_the_admin_port_is_https()
      throws Exception {
    BsfContext bsf = start("admin.home1.net");
    int admin = bsf.adminAddress().getPort();

    String without = https(admin, "/metrics", null);
    String with = https(admin, "/metrics", "scrape-me-please");
    String ready = https(admin, "/ready", null);

    assertThat(without)
        .startsWith("HTTP/1.1 401")
        .containsIgnoringCase("WWW-Authenticate: Bearer realm");
    assertThat(with)
        .startsWith("HTTP/1.1 200")
        .contains("bsf_tls_certificate_expiry_seconds{interface=\"ub\"}")
        .contains("bsf_tls_handshake_failures_total{interface=\"ub\",reason=\"expired\"}");
    assertThat(ready).startsWith("HTTP/1.1 200").contains("READY");
  }

  @Test
  void should_present_the_rotated_certificate_without_a_restart_when_the_files_are_reloaded()
      throws Exception {
    BsfContext bsf = start("rotate.home1.net");
    int port = bsf.ubAddress().getPort();
    String before = sClient(port, "-tls1_3");

    pki.leaf("rotated.home1.net").dns(REALM).fileName("rotate.home1.net").issue();
    bsf.security().reloadNow().get(10, TimeUnit.SECONDS);
    String after = sClient(port, "-tls1_3");

    assertThat(before).contains("Peer certificate: CN = rotate.home1.net");
    assertThat(after).contains("Peer certificate: CN = rotated.home1.net");
    assertThat(
            bsf.meterRegistry()
                .get("bsf.security.reloads")
                .tag("name", "ub-tls")
                .tag("result", "ok")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  private static double failures(BsfContext bsf, String iface, String reason) {
    return bsf.meterRegistry()
        .get("bsf.tls.handshake.failures")
        .tag("interface", iface)
        .tag("reason", reason)
        .counter()
        .count();
  }

  /** Sends {@code request} in plain text and returns whatever comes back before the close. */
  private static String plainHttp(int port, String request) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      return readAll(s.getInputStream());
    }
  }

  /** GET {@code path} over HTTPS (trusting the test CA), with a bearer token if given. */
  private static String https(int port, String path, String bearer) throws Exception {
    java.security.KeyStore trust = java.security.KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("ca", pki.caCertificate());
    TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
    tmf.init(trust);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(
          ("GET "
                  + path
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + (bearer == null ? "" : "Authorization: Bearer " + bearer + "\r\n")
                  + "\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return readAll(s.getInputStream());
    }
  }

  private static String readAll(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try {
      in.transferTo(b);
    } catch (IOException closedOrReset) {
      // what arrived before the peer closed is the answer
    }
    return b.toString(StandardCharsets.ISO_8859_1);
  }
}
