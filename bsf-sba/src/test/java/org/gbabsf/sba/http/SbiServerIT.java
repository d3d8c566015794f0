package org.gbabsf.sba.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.handler.ssl.ClientAuth;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SBI server and client over real sockets: h2c, h2 over TLS, and the generic refusals. */
class SbiServerIT {

  private static final Duration T = Duration.ofSeconds(5);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<AutoCloseable> open = new ArrayList<>();
  @TempDir Path dir;

  @AfterEach
  void close() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  private static final SbiService ECHO =
      r ->
          CompletableFuture.completedFuture(
              SbiResponse.json(
                  200,
                  ("{\"path\":\""
                          + r.path()
                          + "\",\"id\":\""
                          + r.pathParams().getOrDefault("id", "")
                          + "\",\"length\":"
                          + r.body().length
                          + ",\"names\":\""
                          + String.join(" ", r.peer().certificateNames())
                          + "\"}")
                      .getBytes(StandardCharsets.UTF_8)));

  private static SbiRoutes echo() {
    return SbiRoutes.of(
        List.of(
            new SbiRoutes.Route("POST", "/api/v1/{id}/things", "api", ECHO),
            new SbiRoutes.Route("GET", "/api/v1/{id}/things", "api", ECHO)));
  }

  private static SbiServerSettings settings() {
    return SbiServerSettings.defaults("t", "127.0.0.1", 0);
  }

  private InetSocketAddress serve(SbiRoutes routes, SbiServerSettings s) throws Exception {
    return serve(routes, s, Optional.empty());
  }

  private InetSocketAddress serve(SbiRoutes routes, SbiServerSettings s, Optional<ServerTls> tls)
      throws Exception {
    SbiServer server = new SbiServer(routes, s, registry, tls);
    open.add(server);
    return server.start();
  }

  private SbiClient client(SbiClientSettings s) {
    SbiClient c = new SbiClient(s, registry);
    open.add(c);
    return c;
  }

  private SbiClient client() {
    return client(SbiClientSettings.defaults("test"));
  }

  private RawH2 raw(InetSocketAddress a) throws InterruptedException {
    RawH2 r = RawH2.connect(a);
    open.add(r);
    return r;
  }

  private static URI uri(InetSocketAddress a, String path) {
    return URI.create("http://127.0.0.1:" + a.getPort() + path);
  }

  private static SbiResult.Answered answered(SbiResult r) {
    assertThat(r).isInstanceOf(SbiResult.Answered.class);
    return (SbiResult.Answered) r;
  }

  private static byte[] json(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void should_answer_a_post_over_h2c_when_the_client_speaks_http2_with_prior_knowledge()
      throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    SbiResult.Answered r =
        answered(
            client()
                .send(
                    SbiCall.postJson(uri(a, "/api/v1/impi-a%40b.org/things"), json("{\"x\":1}"), T))
                .get());
    assertThat(r.status()).isEqualTo(200);
    assertThat(new String(r.body(), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"path\":\"/api/v1/impi-a%40b.org/things\",\"id\":\"impi-a@b.org\",\"length\":7,"
                + "\"names\":\"\"}");
  }

  @Test
  void should_be_understood_by_curl_when_curl_uses_http2_with_prior_knowledge() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    Process curl =
        new ProcessBuilder(
                "curl",
                "-sS",
                "--http2-prior-knowledge",
                "-w",
                "\\n%{http_version} %{http_code}",
                "-H",
                "content-type: application/json",
                "-d",
                "{\"a\":2}",
                "http://127.0.0.1:" + a.getPort() + "/api/v1/x/things")
            .redirectErrorStream(true)
            .start();
    String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(curl.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(out).endsWith("\n2 200").contains("\"id\":\"x\",\"length\":7");
  }

  @Test
  void should_answer_404_with_a_problem_when_no_route_has_the_path() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    SbiResult.Answered r = answered(client().send(SbiCall.get(uri(a, "/nope"), T)).get());
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.header("content-type")).contains("application/problem+json");
    assertThat(new String(r.body(), StandardCharsets.UTF_8))
        .contains("\"cause\":\"RESOURCE_URI_STRUCTURE_NOT_FOUND\"");
  }

  @Test
  void should_answer_405_naming_the_allowed_methods_when_the_path_takes_another_method()
      throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    RawH2.Answer r = raw(a).send(RawH2.headers("DELETE", "/api/v1/x/things"), null, true).get();
    assertThat(r.status()).isEqualTo(405);
    assertThat(r.headers()).containsEntry("allow", "GET, POST");
  }

  @Test
  void should_answer_411_when_a_post_has_no_content_length() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    RawH2.Answer r =
        raw(a)
            .send(
                RawH2.headers("POST", "/api/v1/x/things").add("content-type", "application/json"),
                json("{}"),
                true)
            .get();
    assertThat(r.status()).isEqualTo(411);
    assertThat(r.text()).contains("\"cause\":\"INCORRECT_LENGTH\"");
  }

  @Test
  void should_answer_413_before_reading_the_body_when_the_declared_length_is_too_large()
      throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    RawH2.Answer r =
        raw(a)
            .send(
                RawH2.headers("POST", "/api/v1/x/things")
                    .add("content-type", "application/json")
                    .add("content-length", "10000000"),
                null,
                false)
            .get();
    assertThat(r.status()).isEqualTo(413);
    assertThat(r.headers()).containsEntry("content-type", "application/problem+json");
  }

  @Test
  void should_answer_415_when_the_body_is_not_json() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    RawH2.Answer r =
        raw(a)
            .send(
                RawH2.headers("POST", "/api/v1/x/things")
                    .add("content-type", "text/plain")
                    .add("content-length", "2"),
                json("hi"),
                true)
            .get();
    assertThat(r.status()).isEqualTo(415);
  }

  @Test
  void should_tolerate_3gpp_sbi_headers_when_a_consumer_sends_them() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    RawH2.Answer r =
        raw(a)
            .send(
                RawH2.headers("GET", "/api/v1/x/things")
                    .add("3gpp-sbi-target-apiroot", "http://bsf.example.org")
                    .add("3gpp-sbi-message-priority", "5")
                    .add("3gpp-sbi-sender-timestamp", "Wed, 25 Nov 2026 08:00:00.000 GMT"),
                null,
                true)
            .get();
    assertThat(r.status()).isEqualTo(200);
  }

  @Test
  void should_answer_429_with_retry_after_when_as_many_requests_are_in_flight_as_allowed()
      throws Exception {
    CompletableFuture<SbiResponse> gate = new CompletableFuture<>();
    SbiRoutes held = SbiRoutes.of(List.of(new SbiRoutes.Route("GET", "/held", "api", r -> gate)));
    SbiServer server =
        new SbiServer(held, settings().withMaxInFlight(1), registry, Optional.empty());
    open.add(server);
    InetSocketAddress a = server.start();
    SbiClient c = client();
    CompletableFuture<SbiResult> first = c.send(SbiCall.get(uri(a, "/held"), T));
    while (server.inFlight() < 1) {
      Thread.onSpinWait();
    }
    SbiResult.Answered second = answered(c.send(SbiCall.get(uri(a, "/held"), T)).get());
    assertThat(second.status()).isEqualTo(429);
    assertThat(second.header("retry-after")).contains("1");
    assertThat(new String(second.body(), StandardCharsets.UTF_8)).contains("NF_CONGESTION_RISK");
    gate.complete(SbiResponse.empty(204));
    assertThat(answered(first.get()).status()).isEqualTo(204);
  }

  @Test
  void should_reset_the_stream_when_the_request_does_not_arrive_within_the_timeout()
      throws Exception {
    InetSocketAddress a = serve(echo(), settings().withRequestTimeout(Duration.ofMillis(200)));
    RawH2.Answer r =
        raw(a)
            .send(
                RawH2.headers("POST", "/api/v1/x/things")
                    .add("content-type", "application/json")
                    .add("content-length", "5"),
                null,
                false)
            .get(5, TimeUnit.SECONDS);
    assertThat(r.resetCode()).isPresent();
    assertThat(registry.get("bsf.sbi.server.timeouts").tag("phase", "request").counter().count())
        .isEqualTo(1.0);
  }

  @Test
  void should_answer_503_when_the_service_does_not_answer_within_the_timeout() throws Exception {
    SbiRoutes never =
        SbiRoutes.of(
            List.of(new SbiRoutes.Route("GET", "/never", "api", r -> new CompletableFuture<>())));
    InetSocketAddress a = serve(never, settings().withRequestTimeout(Duration.ofMillis(200)));
    SbiResult.Answered r = answered(client().send(SbiCall.get(uri(a, "/never"), T)).get());
    assertThat(r.status()).isEqualTo(503);
    assertThat(r.header("retry-after")).isPresent();
    assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("NF_CONGESTION");
  }

  @Test
  void should_fail_with_timeout_when_the_server_does_not_answer_in_the_call_timeout()
      throws Exception {
    SbiRoutes never =
        SbiRoutes.of(
            List.of(new SbiRoutes.Route("GET", "/never", "api", r -> new CompletableFuture<>())));
    InetSocketAddress a = serve(never, settings());
    SbiResult r = client().send(SbiCall.get(uri(a, "/never"), Duration.ofMillis(150))).get();
    assertThat(r).isInstanceOf(SbiResult.Failed.class);
    assertThat(((SbiResult.Failed) r).failure()).isEqualTo(SbiResult.Failure.TIMEOUT);
  }

  @Test
  void should_fail_with_connect_when_nothing_listens() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    int port = a.getPort();
    open.remove(open.size() - 1).close();
    SbiResult r =
        client().send(SbiCall.get(URI.create("http://127.0.0.1:" + port + "/x"), T)).get();
    assertThat(((SbiResult.Failed) r).failure()).isEqualTo(SbiResult.Failure.CONNECT);
  }

  @Test
  void should_follow_a_307_to_its_location_when_a_producer_redirects() throws Exception {
    InetSocketAddress target = serve(echo(), settings());
    String location = "http://127.0.0.1:" + target.getPort() + "/api/v1/moved/things";
    SbiRoutes redirecting =
        SbiRoutes.of(
            List.of(
                new SbiRoutes.Route(
                    "POST",
                    "/api/v1/{id}/things",
                    "api",
                    r ->
                        CompletableFuture.completedFuture(
                            SbiResponse.empty(307).withHeader("location", location)))));
    InetSocketAddress first = serve(redirecting, settings());
    SbiClient c =
        client(
            SbiClientSettings.defaults("test")
                .withRedirectOrigins(
                    java.util.Set.of(new Origin(false, "127.0.0.1", target.getPort()))));
    SbiResult.Answered r =
        answered(
            c.send(SbiCall.postJson(uri(first, "/api/v1/x/things"), json("{\"k\":1}"), T)).get());
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.from().toString()).isEqualTo(location);
    assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("\"length\":7");
    assertThat(registry.get("bsf.sbi.client.redirects").counter().count()).isEqualTo(1.0);
  }

  @Test
  void should_give_up_when_redirects_loop() throws Exception {
    List<String> self = new CopyOnWriteArrayList<>();
    SbiRoutes loop =
        SbiRoutes.of(
            List.of(
                new SbiRoutes.Route(
                    "GET",
                    "/loop",
                    "api",
                    r ->
                        CompletableFuture.completedFuture(
                            SbiResponse.empty(308).withHeader("location", self.get(0))))));
    InetSocketAddress a = serve(loop, settings());
    self.add("http://127.0.0.1:" + a.getPort() + "/loop");
    SbiClient c =
        client(
            SbiClientSettings.defaults("test")
                .withRedirectOrigins(
                    java.util.Set.of(new Origin(false, "127.0.0.1", a.getPort()))));
    SbiResult r = c.send(SbiCall.get(uri(a, "/loop"), T)).get();
    assertThat(((SbiResult.Failed) r).failure()).isEqualTo(SbiResult.Failure.REDIRECT);
    assertThat(((SbiResult.Failed) r).detail()).contains("more than 3 redirects");
  }

  @Test
  void should_refuse_a_redirect_to_an_origin_that_is_not_configured() throws Exception {
    SbiRoutes elsewhere =
        SbiRoutes.of(
            List.of(
                new SbiRoutes.Route(
                    "GET",
                    "/moved",
                    "api",
                    r ->
                        CompletableFuture.completedFuture(
                            SbiResponse.empty(307)
                                .withHeader("location", "http://127.0.0.1:9/admin")))));
    InetSocketAddress a = serve(elsewhere, settings());

    SbiResult r = client().send(SbiCall.get(uri(a, "/moved"), T)).get();

    assertThat(((SbiResult.Failed) r).failure()).isEqualTo(SbiResult.Failure.REDIRECT);
    assertThat(((SbiResult.Failed) r).detail()).contains("not configured");
    assertThat(registry.get("bsf.sbi.client.connections.opened").counter().count()).isEqualTo(1.0);
  }

  @Test
  void should_multiplex_concurrent_calls_on_the_pooled_connections_when_many_are_in_flight()
      throws Exception {
    CompletableFuture<SbiResponse> gate = new CompletableFuture<>();
    SbiRoutes held = SbiRoutes.of(List.of(new SbiRoutes.Route("GET", "/held", "api", r -> gate)));
    SbiServer server = new SbiServer(held, settings(), registry, Optional.empty());
    open.add(server);
    InetSocketAddress a = server.start();
    SbiClient c = client();
    List<CompletableFuture<SbiResult>> calls = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      calls.add(c.send(SbiCall.get(uri(a, "/held"), T)));
    }
    while (server.inFlight() < 150) {
      Thread.onSpinWait();
    }
    gate.complete(SbiResponse.empty(204));
    for (CompletableFuture<SbiResult> call : calls) {
      assertThat(answered(call.get()).status()).isEqualTo(204);
    }
    assertThat(registry.get("bsf.sbi.client.connections.opened").counter().count()).isEqualTo(2.0);
  }

  @Test
  void should_serve_h2_over_tls_and_see_the_client_certificate_when_tls_is_mutual()
      throws Exception {
    TestPki pki = TestPki.create(dir, "sbi-ca");
    TlsMaterial server =
        TlsMaterial.load("sbi", pki.leaf("bsf.example.org").dns("localhost").issue().files());
    TlsMaterial naf =
        TlsMaterial.load("naf", pki.leaf("naf.example.org").dns("naf.example.org").issue().files());
    ServerTls tls =
        new ServerTls(
            NettyTls.server(server, ClientAuth.REQUIRE, List.of("TLSv1.3"), List.of("h2")),
            new TlsEvents("sbi", registry));
    InetSocketAddress a = serve(echo(), settings(), Optional.of(tls));
    SbiClient c =
        client(
            SbiClientSettings.defaults("tls")
                .withTls(NettyTls.client(naf, true, List.of("TLSv1.3"), List.of("h2"))));
    SbiResult.Answered r =
        answered(
            c.send(
                    SbiCall.get(
                        URI.create("https://localhost:" + a.getPort() + "/api/v1/x/things"), T))
                .get());
    assertThat(r.status()).isEqualTo(200);
    assertThat(new String(r.body(), StandardCharsets.UTF_8))
        .contains("\"names\":\"naf.example.org\"");
  }

  @Test
  void should_refuse_the_handshake_when_mutual_tls_is_required_and_the_client_has_no_certificate()
      throws Exception {
    TestPki pki = TestPki.create(dir, "sbi-ca");
    TlsMaterial server = TlsMaterial.load("sbi", pki.leaf("bsf").dns("localhost").issue().files());
    TlsMaterial anonymous =
        TlsMaterial.load(
            "anon",
            new org.gbabsf.security.tls.TlsFiles(
                Optional.empty(), Optional.empty(), Optional.of(pki.caFile())));
    ServerTls tls =
        new ServerTls(
            NettyTls.server(server, ClientAuth.REQUIRE, List.of("TLSv1.3"), List.of("h2")),
            new TlsEvents("sbi", registry));
    InetSocketAddress a = serve(echo(), settings(), Optional.of(tls));
    SbiClient c =
        client(
            SbiClientSettings.defaults("tls")
                .withTls(NettyTls.client(anonymous, true, List.of("TLSv1.3"), List.of("h2"))));
    SbiResult r =
        c.send(SbiCall.get(URI.create("https://localhost:" + a.getPort() + "/api/v1/x/things"), T))
            .get();
    assertThat(r).isInstanceOf(SbiResult.Failed.class);
  }

  @Test
  void should_be_understood_by_curl_over_tls_when_alpn_agrees_on_h2() throws Exception {
    TestPki pki = TestPki.create(dir, "sbi-ca");
    TlsMaterial server = TlsMaterial.load("sbi", pki.leaf("bsf").dns("localhost").issue().files());
    ServerTls tls =
        new ServerTls(
            NettyTls.server(server, ClientAuth.NONE, List.of("TLSv1.3"), List.of("h2")),
            new TlsEvents("sbi", registry));
    InetSocketAddress a = serve(echo(), settings(), Optional.of(tls));
    Process curl =
        new ProcessBuilder(
                "curl",
                "-sS",
                "--http2",
                "--cacert",
                pki.caFile().toString(),
                "-w",
                "\\n%{http_version} %{http_code}",
                "https://localhost:" + a.getPort() + "/api/v1/x/things")
            .redirectErrorStream(true)
            .start();
    String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(curl.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(out).endsWith("\n2 200");
    Process http11 =
        new ProcessBuilder(
                "curl",
                "-sS",
                "--http1.1",
                "--cacert",
                pki.caFile().toString(),
                "https://localhost:" + a.getPort() + "/api/v1/x/things")
            .redirectErrorStream(true)
            .start();
    String refused = new String(http11.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(http11.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(http11.exitValue()).isNotZero();
    assertThat(refused).containsIgnoringCase("alert");
    assertThat(Files.exists(pki.caFile())).isTrue();
  }

  @Test
  void should_keep_a_silent_connection_up_with_pings_when_the_peer_answers_them() throws Exception {
    InetSocketAddress a = serve(echo(), settings());
    SbiClient c = client(SbiClientSettings.defaults("test").withKeepalive(Duration.ofMillis(100)));
    URI u = uri(a, "/api/v1/x/things");
    assertThat(c.connect(u).get()).isTrue();

    boolean answered =
        org.gbabsf.core.testing.Poll.until(
            () ->
                registry.get("bsf.sbi.client.pings").tag("result", "answered").counter().count()
                    >= 3,
            Duration.ofSeconds(10));

    assertThat(answered).isTrue();
    assertThat(c.isConnected(u)).isTrue();
  }

  @Test
  void should_close_a_connection_when_the_peer_stops_answering_pings() throws Exception {
    try (java.net.ServerSocket silent =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      SbiClient c =
          client(SbiClientSettings.defaults("test").withKeepalive(Duration.ofMillis(100)));
      URI u = URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/x");
      assertThat(c.connect(u).get()).isTrue();
      try (java.net.Socket accepted = silent.accept()) {
        boolean closed =
            org.gbabsf.core.testing.Poll.until(() -> !c.isConnected(u), Duration.ofSeconds(10));

        assertThat(closed).as("closed after an unanswered PING").isTrue();
        assertThat(registry.get("bsf.sbi.client.pings").tag("result", "sent").counter().count())
            .isGreaterThanOrEqualTo(1.0);
        assertThat(accepted.isConnected()).isTrue();
      }
    }
  }
}
