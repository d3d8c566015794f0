package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import com.sun.net.httpserver.HttpServer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.HttpMethod;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UaSession;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The authentication proxy over real sockets, UE → proxy (Ua) → BSF (Zn) → application server: a UE
 * bootstrapped on the BSF fetches an XCAP document through the proxy with GBA Digest, and every
 * refusal the issue names gets its answer.
 */
class NafProxyIT {

  private static final String NAF = "xcap.home1.net";
  private static final String DOC = "/xcap-root/simservs/users/sip:user@home1.net/simservs.xml";

  private final TestBsf bsfs = new TestBsf();
  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<Map<String, String>> seenByUpstream = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.CountDownLatch slowRelease =
      new java.util.concurrent.CountDownLatch(1);
  private final java.util.concurrent.atomic.AtomicInteger slowArrived =
      new java.util.concurrent.atomic.AtomicInteger();
  private HttpServer upstream;
  private NafProxyContext proxy;
  private BsfContext bsf;
  private InetSocketAddress ua;

  @BeforeEach
  void start() throws Exception {
    upstream = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    upstream.createContext(
        "/slow",
        exchange -> {
          slowArrived.incrementAndGet();
          try {
            slowRelease.await(30, TimeUnit.SECONDS); // held until the test is done with it
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    upstream.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    upstream.createContext(
        "/",
        exchange -> {
          Map<String, String> h = new HashMap<>();
          exchange.getRequestHeaders().forEach((k, v) -> h.put(k.toLowerCase(), v.get(0)));
          h.put(":path", exchange.getRequestURI().toString());
          h.put(
              ":body",
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          seenByUpstream.add(h);
          byte[] body = "<simservs/>".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "application/simservs+xml");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    upstream.start();
  }

  private void startBsfAndProxy(Map<String, String> bsfExtra, String routes) throws Exception {
    startBsfAndProxy(bsfExtra, routes, Map.of());
  }

  private void startBsfAndProxy(
      Map<String, String> bsfExtra, String routes, Map<String, String> proxyExtra)
      throws Exception {
    int diameter = Ports.free();
    Map<String, String> s = new HashMap<>(bsfExtra);
    s.put("zn.enabled", "true");
    s.put("zn.nafs", NAF + "=default");
    s.put("diameter.listen-port", Integer.toString(diameter));
    bsf = bsfs.start(s);
    Map<String, String> p = new HashMap<>();
    p.put("naf-proxy.routes", routes);
    p.put("naf-proxy.listen-address", "127.0.0.1");
    p.put("naf-proxy.port", "0");
    p.put("admin.port", "0");
    p.put("naf-proxy.origin-host", NAF);
    p.put("naf-proxy.diameter-port", Integer.toString(Ports.free()));
    p.put("naf-proxy.bsf-peer", REALM + "=127.0.0.1:" + diameter);
    p.putAll(proxyExtra);
    proxy = NafProxyContext.create(ConfigLoader.load(null, Map.of(), p));
    ua = proxy.start();
    assertThat(Poll.until(proxy::connectedToBsf, Duration.ofSeconds(20))).isTrue();
  }

  private void startBsfAndProxy() throws Exception {
    startBsfAndProxy(Map.of(), NAF + "=http://127.0.0.1:" + upstream.getAddress().getPort());
  }

  @AfterEach
  void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    bsfs.close();
    slowRelease.countDown();
    upstream.stop(0);
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** A bootstrapped UE's session with the NAF. */
  private UaSession bootstrapped(int subscriber) throws Exception {
    UeAuthenticator ue = TestBsf.ue(subscriber);
    GbaUe.Result.Bootstrapped b =
        (GbaUe.Result.Bootstrapped) await(new GbaUe(bsfs.client(bsf), ue, REALM, "/").bootstrap());
    return UaSession.of(b.btid(), b.ks(), b.rand(), ue.impi(), NAF);
  }

  private UbClient client() {
    return new UbClient(loops, new InetSocketAddress("127.0.0.1", ua.getPort()));
  }

  private static UbClient.Response send(
      UbClient c, HttpMethod method, String uri, Map<String, String> headers, String body)
      throws Exception {
    Map<String, String> h = new HashMap<>(headers);
    h.put("Host", NAF);
    h.put("User-Agent", "test-xcap-client 3gpp-gba");
    return await(c.send(method, uri, h, body.getBytes(StandardCharsets.UTF_8)));
  }

  /** Challenge, then the answer with {@code qop}; returns the final response. */
  private static UbClient.Response authenticated(
      UbClient c,
      UaSession s,
      HttpMethod method,
      String body,
      String qop,
      Map<String, String> extra)
      throws Exception {
    UbClient.Response challenge = send(c, method, DOC, Map.of(), body);
    assertThat(challenge.status()).isEqualTo(401);
    assertThat(s.onChallenge(challenge.header("WWW-Authenticate"))).isTrue();
    Map<String, String> h = new HashMap<>(extra);
    h.put(
        "Authorization",
        s.authorization(method.name(), DOC, body.getBytes(StandardCharsets.UTF_8), qop));
    return send(c, method, DOC, h, body);
  }

  @Test
  void should_fetch_the_document_and_assert_the_identity_when_the_ue_uses_its_gba_key()
      throws Exception {
    startBsfAndProxy();
    UaSession session = bootstrapped(601);
    try (UbClient c = client()) {
      UbClient.Response challenge = send(c, HttpMethod.GET, DOC, Map.of(), "");
      assertThat(challenge.status()).isEqualTo(401);
      assertThat(challenge.header("WWW-Authenticate"))
          .contains("realm=\"3GPP-bootstrapping@" + NAF + "\"")
          .contains("qop=\"auth-int,auth\"");
      assertThat(session.onChallenge(challenge.header("WWW-Authenticate"))).isTrue();

      UbClient.Response ok =
          send(
              c,
              HttpMethod.GET,
              DOC,
              Map.of("Authorization", session.authorization("GET", DOC, new byte[0], "auth")),
              "");

      assertThat(ok.status()).isEqualTo(200);
      assertThat(new String(ok.body(), StandardCharsets.UTF_8)).isEqualTo("<simservs/>");
      assertThat(session.onAuthenticationInfo(ok.header("Authentication-Info"), ok.body()))
          .as("rspauth")
          .isNull();
      Map<String, String> seen = seenByUpstream.get(seenByUpstream.size() - 1);
      assertThat(seen).doesNotContainKey("authorization");
      assertThat(seen.get("x-3gpp-asserted-identity"))
          .isEqualTo("\"sip:" + TestBsf.ue(601).impi() + "\"");
      assertThat(seen.get(":path")).isEqualTo(DOC);

      // nextnonce: the next request authenticates at once, auth-int over a body.
      String doc = "<simservs><communication-diversion active=\"true\"/></simservs>";
      UbClient.Response put =
          send(
              c,
              HttpMethod.PUT,
              DOC,
              Map.of(
                  "Authorization",
                  session.authorization(
                      "PUT", DOC, doc.getBytes(StandardCharsets.UTF_8), "auth-int"),
                  "Content-Type",
                  "application/simservs+xml"),
              doc);
      assertThat(put.status()).isEqualTo(200);
      assertThat(session.onAuthenticationInfo(put.header("Authentication-Info"), put.body()))
          .isNull();
      assertThat(seenByUpstream.get(seenByUpstream.size() - 1).get(":body")).isEqualTo(doc);
    }
  }

  @Test
  void should_use_the_key_of_the_agreed_cipher_suite_when_the_proxy_serves_https(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    var pki = org.gbabsf.security.testing.TestPki.create(dir, "NAF CA");
    var cert = pki.leaf(NAF).dns(NAF).issue();
    startBsfAndProxy(
        Map.of(),
        NAF + "=http://127.0.0.1:" + upstream.getAddress().getPort(),
        Map.of(
            "naf-proxy.tls.enabled", "true",
            "naf-proxy.tls.certificate", cert.certificate().toString(),
            "naf-proxy.tls.private-key", cert.privateKey().toString()));
    UeAuthenticator ue = TestBsf.ue(608);
    GbaUe.Result.Bootstrapped b =
        (GbaUe.Result.Bootstrapped) await(new GbaUe(bsfs.client(bsf), ue, REALM, "/").bootstrap());
    var trust =
        org.gbabsf.security.tls.TlsMaterial.load(
            "ue",
            new org.gbabsf.security.tls.TlsFiles(
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.of(pki.caFile())));
    try (UbClient c =
        new UbClient(
            loops,
            new InetSocketAddress("127.0.0.1", ua.getPort()),
            java.util.Optional.of(
                new org.gbabsf.security.tls.ClientTls(
                    org.gbabsf.security.tls.NettyTls.client(trust, true), NAF)))) {
      UbClient.Response challenge = send(c, HttpMethod.GET, DOC, Map.of(), "");
      String suite = c.cipherSuite().orElseThrow();
      UaSession overHttpKey = UaSession.of(b.btid(), b.ks(), b.rand(), ue.impi(), NAF);
      UaSession overTlsKey = UaSession.overTls(b.btid(), b.ks(), b.rand(), ue.impi(), NAF, suite);
      overHttpKey.onChallenge(challenge.header("WWW-Authenticate"));

      UbClient.Response withHttpKey =
          send(
              c,
              HttpMethod.GET,
              DOC,
              Map.of("Authorization", overHttpKey.authorization("GET", DOC, new byte[0], "auth")),
              "");
      overTlsKey.onChallenge(withHttpKey.header("WWW-Authenticate"));
      UbClient.Response withTlsKey =
          send(
              c,
              HttpMethod.GET,
              DOC,
              Map.of("Authorization", overTlsKey.authorization("GET", DOC, new byte[0], "auth")),
              "");

      assertThat(challenge.status()).isEqualTo(401);
      assertThat(withHttpKey.status())
          .as("the key of Digest over HTTP does not open Digest over TLS")
          .isEqualTo(401);
      assertThat(withTlsKey.status()).isEqualTo(200);
      assertThat(seenByUpstream.get(0).get("x-forwarded-proto")).isEqualTo("https");
    }
  }

  @Test
  void should_challenge_again_when_the_password_is_wrong() throws Exception {
    startBsfAndProxy();
    UeAuthenticator ue = TestBsf.ue(603);
    GbaUe.Result.Bootstrapped b =
        (GbaUe.Result.Bootstrapped) await(new GbaUe(bsfs.client(bsf), ue, REALM, "/").bootstrap());
    UaSession wrong = UaSession.withKey(b.btid(), new byte[32]);
    try (UbClient c = client()) {
      UbClient.Response r = authenticated(c, wrong, HttpMethod.GET, "", "auth", Map.of());

      assertThat(r.status()).isEqualTo(401);
      assertThat(r.header("WWW-Authenticate")).doesNotContain("stale");
      assertThat(seenByUpstream).isEmpty();
    }
  }

  @Test
  void should_refuse_a_replayed_request_when_its_nonce_count_was_used() throws Exception {
    startBsfAndProxy();
    UaSession session = bootstrapped(604);
    try (UbClient c = client()) {
      UbClient.Response challenge = send(c, HttpMethod.GET, DOC, Map.of(), "");
      session.onChallenge(challenge.header("WWW-Authenticate"));
      String authorization = session.authorization("GET", DOC, new byte[0], "auth");

      UbClient.Response first =
          send(c, HttpMethod.GET, DOC, Map.of("Authorization", authorization), "");
      UbClient.Response replay =
          send(c, HttpMethod.GET, DOC, Map.of("Authorization", authorization), "");

      assertThat(first.status()).isEqualTo(200);
      assertThat(replay.status()).isEqualTo(401);
      assertThat(seenByUpstream).hasSize(1);
    }
  }

  @Test
  void should_ask_to_bootstrap_again_when_the_btid_is_unknown_to_the_bsf() throws Exception {
    startBsfAndProxy();
    UaSession stranger = UaSession.withKey("AAAAAAAAAAAAAAAAAAAAAA==@" + REALM, new byte[32]);
    try (UbClient c = client()) {
      UbClient.Response r = authenticated(c, stranger, HttpMethod.GET, "", "auth", Map.of());

      assertThat(r.status()).isEqualTo(401);
      assertThat(r.header("WWW-Authenticate"))
          .contains("3GPP-bootstrapping@" + NAF)
          .doesNotContain("stale");
      assertThat(
              proxy
                  .registry()
                  .get("bsf.naf.requests")
                  .tag("outcome", "challenge_bootstrapping_required")
                  .counter()
                  .count())
          .isEqualTo(1.0);
    }
  }

  @Test
  void should_ask_to_bootstrap_again_when_the_key_expires() throws Exception {
    startBsfAndProxy(
        Map.of("hss.simulated.guss-lifetime", "2s"),
        NAF + "=http://127.0.0.1:" + upstream.getAddress().getPort());
    UaSession session = bootstrapped(605);
    try (UbClient c = client()) {
      assertThat(authenticated(c, session, HttpMethod.GET, "", "auth", Map.of()).status())
          .isEqualTo(200);

      boolean renegotiated =
          Poll.until(
              () -> {
                try {
                  return authenticated(c, session, HttpMethod.GET, "", "auth", Map.of()).status()
                      == 401;
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              Duration.ofSeconds(10));

      assertThat(renegotiated).as("401 once the key expired (TS 24.109 §5.2.5)").isTrue();
    }
  }

  @Test
  void should_answer_403_when_the_intended_identity_is_not_the_users() throws Exception {
    startBsfAndProxy();
    UaSession session = bootstrapped(606);
    try (UbClient c = client()) {
      UbClient.Response r =
          authenticated(
              c,
              session,
              HttpMethod.GET,
              "",
              "auth",
              Map.of("X-3GPP-Intended-Identity", "\"sip:someone-else@home1.net\""));

      assertThat(r.status()).isEqualTo(403);
      assertThat(seenByUpstream).isEmpty();
    }
  }

  @Test
  void should_answer_502_when_the_application_server_is_down() throws Exception {
    startBsfAndProxy(Map.of(), NAF + "=http://127.0.0.1:" + Ports.free());
    UaSession session = bootstrapped(607);
    try (UbClient c = client()) {
      UbClient.Response r = authenticated(c, session, HttpMethod.GET, "", "auth", Map.of());

      assertThat(r.status()).isEqualTo(502);
    }
  }

  @Test
  void should_answer_504_then_503_when_the_application_server_is_slow_and_its_connections_busy()
      throws Exception {
    startBsfAndProxy(
        Map.of(),
        NAF + "=http://127.0.0.1:" + upstream.getAddress().getPort(),
        Map.of(
            "naf-proxy.upstream-timeout", "1s",
            "naf-proxy.upstream-connections", "1",
            "naf-proxy.upstream-connect-timeout", "500ms"));
    UaSession session = bootstrapped(609);
    String slow = "/slow/doc.xml";
    try (UbClient first = client();
        UbClient second = client()) {
      UbClient.Response challenge = send(first, HttpMethod.GET, slow, Map.of(), "");
      session.onChallenge(challenge.header("WWW-Authenticate"));
      var held =
          first.send(
              HttpMethod.GET,
              slow,
              Map.of(
                  "Host",
                  NAF,
                  "Authorization",
                  session.authorization("GET", slow, new byte[0], "auth")),
              new byte[0]);
      assertThat(Poll.until(() -> slowArrived.get() == 1, Duration.ofSeconds(10)))
          .as("the first request holds the only upstream connection")
          .isTrue();
      UbClient.Response busy =
          send(
              second,
              HttpMethod.GET,
              slow,
              Map.of("Authorization", session.authorization("GET", slow, new byte[0], "auth")),
              "");
      UbClient.Response timedOut = await(held);

      assertThat(busy.status()).isEqualTo(503);
      assertThat(busy.header("Retry-After")).isEqualTo("5");
      assertThat(timedOut.status()).isEqualTo(504);
    }
  }

  @Test
  void should_be_ready_when_connected_to_the_bsf_and_serving() throws Exception {
    startBsfAndProxy();
    java.net.http.HttpResponse<String> ready =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(
                            "http://127.0.0.1:" + proxy.adminAddress().getPort() + "/ready"))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());

    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(ready.body()).isEqualTo("READY\nbsf: up\nua: up\n");
  }

  @Test
  void should_answer_400_when_the_authorization_is_malformed() throws Exception {
    startBsfAndProxy();
    try (UbClient c = client()) {
      UbClient.Response r =
          send(
              c,
              HttpMethod.GET,
              DOC,
              Map.of(
                  "Authorization",
                  "Digest username=\"x\", realm=\"3GPP-bootstrapping@" + NAF + "\""),
              "");

      assertThat(r.status()).isEqualTo(400);
      assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("without nonce");
    }
  }
}
