package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.http.client.UaSession;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.sim.SimulatedAusf;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.security.tls.ClientTls;
import org.gbabsf.server.config.ConfigException;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authentication proxy as an AKMA AF over real sockets (TS 33.535 Annex B, TS 24.109 Annex
 * K.2): a UE speaking HTTP Digest over TLS to the proxy, the proxy asking a real BSF that is also
 * the AAnF (HTTP/2, an access token of a simulated NRF) for K_AF, an application server behind it.
 * The UE's K_AF is derived on its side ({@link AkmaSubscriber}) for AF_ID = the proxy's FQDN ‖ 01
 * 00 01 13 01 (Digest over TLS with TLS_AES_128_GCM_SHA256), the identifier the AAnF is configured
 * with for that FQDN.
 */
class NafProxyAkmaIT {

  private static final String AF = AkmaCallFlowIT.AF;
  private static final String DOC = "/xcap-root/simservs/users/doc.xml";
  private static final String SUITE = "TLS_AES_128_GCM_SHA256";
  private static final String UA_ID = "0100011301";
  private static final String AKMA_UE = "xcap-client/2.1 (Android) 3gpp-akma";
  private static final Duration T = Duration.ofSeconds(5);

  @TempDir static Path dir;
  private static SimulatedNrf nrf;
  private static TestPki.Issued certificate;
  private static Path caFile;

  private final TestBsf bsfs = new TestBsf();
  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<Map<String, String>> seenByUpstream = new CopyOnWriteArrayList<>();
  private SbiClient sbi;
  private HttpServer upstream;
  private BsfContext bsf;
  private NafProxyContext proxy;
  private InetSocketAddress ua;

  @BeforeAll
  static void pki() throws Exception {
    nrf = new SimulatedNrf(Clock.systemUTC());
    nrf.writePublicKey(dir.resolve("nrf.pem"));
    TestPki pki = TestPki.create(dir, "AF CA");
    certificate = pki.leaf(AF).dns(AF).issue();
    caFile = pki.caFile();
  }

  @BeforeEach
  void start() throws Exception {
    upstream = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    upstream.createContext(
        "/",
        exchange -> {
          Map<String, String> h = new HashMap<>();
          exchange.getRequestHeaders().forEach((k, v) -> h.put(k.toLowerCase(), v.get(0)));
          seenByUpstream.add(h);
          byte[] body = "<simservs/>".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    upstream.start();
    sbi = new SbiClient(SbiClientSettings.defaults("ausf"), new SimpleMeterRegistry());
  }

  @AfterEach
  void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    sbi.close();
    bsfs.close();
    upstream.stop(0);
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /**
   * A BSF that is the AAnF (settings of {@link AkmaCallFlowIT#aanf}), deriving K_AF for the proxy's
   * FQDN with Digest over TLS, and serving the proxy's Zn; then the proxy on HTTPS with AKMA.
   */
  private void startBsfAndProxy(Map<String, String> proxyExtra) throws Exception {
    int diameter = Ports.free();
    Map<String, String> s = new HashMap<>(AkmaCallFlowIT.aanf(dir.resolve("nrf.pem")));
    s.put("aanf.ua-protocols", AF + "=" + UA_ID);
    s.put("zn.enabled", "true");
    s.put("zn.nafs", AF + "=default");
    s.put("diameter.listen-port", Integer.toString(diameter));
    bsf = bsfs.start(s);
    Path token = Files.createTempFile(dir, "proxy-token", "");
    Files.writeString(
        token,
        nrf.token(
            AkmaCallFlowIT.AF_ID,
            AkmaCallFlowIT.AANF_ID,
            AkmaCallFlowIT.KEYGET + " " + NaanfService.SUPI_ACCESS_SCOPE,
            Duration.ofMinutes(30)));
    Map<String, String> p = new HashMap<>();
    p.put("naf-proxy.routes", AF + "=http://127.0.0.1:" + upstream.getAddress().getPort());
    p.put("naf-proxy.listen-address", "127.0.0.1");
    p.put("naf-proxy.port", "0");
    p.put("admin.port", "0");
    p.put("naf-proxy.origin-host", AF);
    p.put("naf-proxy.diameter-port", Integer.toString(Ports.free()));
    p.put("naf-proxy.bsf-peer", REALM + "=127.0.0.1:" + diameter);
    p.put("naf-proxy.tls.enabled", "true");
    p.put("naf-proxy.tls.certificate", certificate.certificate().toString());
    p.put("naf-proxy.tls.private-key", certificate.privateKey().toString());
    p.put("naf-proxy.akma.enabled", "true");
    p.put("naf-proxy.akma.aanf-api-root", aanfRoot().toString());
    p.put("naf-proxy.akma.token-file", token.toString());
    p.putAll(proxyExtra);
    proxy = NafProxyContext.create(ConfigLoader.load(null, Map.of(), p));
    ua = proxy.start();
    assertThat(Poll.until(proxy::connectedToBsf, Duration.ofSeconds(20))).isTrue();
  }

  private URI aanfRoot() {
    return URI.create("http://127.0.0.1:" + bsf.sbiAddress().orElseThrow().getPort());
  }

  /** The AUSF of {@code ue}'s primary authentication registers its anchor key (SUPI only). */
  private void registered(AkmaSubscriber ue) throws Exception {
    NaanfClient ausf =
        new NaanfClient(
            sbi,
            aanfRoot(),
            Optional.of(
                nrf.token(
                    AkmaCallFlowIT.AUSF_ID,
                    AkmaCallFlowIT.AANF_ID,
                    AkmaCallFlowIT.ANCHOR,
                    Duration.ofMinutes(5))),
            T);
    assertThat(await(new SimulatedAusf(ausf).authenticated(ue)))
        .isInstanceOf(NaanfClient.Result.Registered.class);
  }

  /**
   * A registration with the SUPI and a GPSI, as an AUSF of Rel-17 (whose YAML had no oneOf) sends
   * it: the AAnF keeps the GPSI and gives it with K_AF.
   */
  private void registeredWithGpsi(AkmaSubscriber ue, String gpsi) throws Exception {
    String json =
        "{\"supi\":\""
            + ue.supi().value()
            + "\",\"gpsi\":\""
            + gpsi
            + "\",\"aKId\":\""
            + ue.aKid().value()
            + "\",\"kAkma\":\""
            + Hex.encode(ue.kAkma())
            + "\"}";
    SbiCall call =
        SbiCall.postJson(
                URI.create(aanfRoot() + NaanfService.REGISTER),
                json.getBytes(StandardCharsets.UTF_8),
                T)
            .withHeader(
                "authorization",
                "Bearer "
                    + nrf.token(
                        AkmaCallFlowIT.AUSF_ID,
                        AkmaCallFlowIT.AANF_ID,
                        AkmaCallFlowIT.ANCHOR,
                        Duration.ofMinutes(5)));
    assertThat(((SbiResult.Answered) sbi.send(call).get(30, TimeUnit.SECONDS)).status())
        .isEqualTo(200);
  }

  /** A UE's HTTPS client to the proxy that offers {@code suite} only. */
  private UbClient ue(String suite) throws Exception {
    SslContext tls =
        SslContextBuilder.forClient()
            .trustManager(caFile.toFile())
            .endpointIdentificationAlgorithm("HTTPS")
            .protocols("TLSv1.3")
            .ciphers(List.of(suite))
            .build();
    return new UbClient(
        loops,
        new InetSocketAddress("127.0.0.1", ua.getPort()),
        Optional.of(new ClientTls(tls, AF)));
  }

  private static UbClient.Response send(
      UbClient c, HttpMethod method, String userAgent, Map<String, String> headers, String body)
      throws Exception {
    Map<String, String> h = new HashMap<>(headers);
    h.put("Host", AF);
    h.put("User-Agent", userAgent);
    return await(c.send(method, DOC, h, body.getBytes(StandardCharsets.UTF_8)));
  }

  private static UbClient.Response get(UbClient c, String userAgent, String authorization)
      throws Exception {
    return send(
        c,
        HttpMethod.GET,
        userAgent,
        authorization == null ? Map.of() : Map.of("Authorization", authorization),
        "");
  }

  /**
   * K_AF as the UE derives it for the proxy: AF_ID = its FQDN ‖ Digest over TLS, {@link #SUITE}.
   */
  private static byte[] kAf(AkmaSubscriber ue) {
    return ue.kAf(AF, Hex.decode(UA_ID));
  }

  private double requests(String outcome, String keying) {
    var c =
        proxy
            .registry()
            .find("bsf.naf.requests")
            .tag("outcome", outcome)
            .tag("keying", keying)
            .counter();
    return c == null ? 0 : c.count();
  }

  private double naanfQueries() {
    return proxy
        .registry()
        .get("bsf.naf.keys.fetched")
        .tag("source", "aanf")
        .functionCounter()
        .count();
  }

  @Test
  void should_forward_asserting_the_gpsi_when_the_ue_answers_the_akma_challenge_with_its_k_af()
      throws Exception {
    startBsfAndProxy(Map.of("naf-proxy.akma.assert-supi", "false"));
    AkmaSubscriber subscriber = AkmaSubscriber.of("001", "01", 701, 1);
    registeredWithGpsi(subscriber, "msisdn-15551234");
    UaSession session = UaSession.akma(subscriber.aKid().value(), kAf(subscriber), AF);
    try (UbClient c = ue(SUITE)) {
      UbClient.Response challenge = get(c, AKMA_UE, null);

      assertThat(c.cipherSuite()).contains(SUITE);
      assertThat(challenge.status()).isEqualTo(401);
      assertThat(challenge.header("WWW-Authenticate"))
          .contains("realm=\"3GPP-bootstrapping-akma@" + AF + "\"")
          .contains("qop=\"auth-int,auth\"");
      assertThat(session.onChallenge(challenge.header("WWW-Authenticate")))
          .as("the UE takes only its AF's AKMA realm")
          .isTrue();

      UbClient.Response ok =
          get(c, AKMA_UE, session.authorization("GET", DOC, new byte[0], "auth"));

      assertThat(ok.status()).isEqualTo(200);
      assertThat(new String(ok.body(), StandardCharsets.UTF_8)).isEqualTo("<simservs/>");
      assertThat(session.onAuthenticationInfo(ok.header("Authentication-Info"), ok.body()))
          .as("rspauth with K_AF")
          .isNull();
      Map<String, String> seen = seenByUpstream.get(0);
      assertThat(seen.get("x-3gpp-asserted-identity")).isEqualTo("\"tel:+15551234\"");
      assertThat(seen).doesNotContainKey("authorization");
      assertThat(seen.get("x-forwarded-proto")).isEqualTo("https");

      // nextnonce, auth-int over a body: no new challenge, no new Naanf query (K_AF cached)
      String doc = "<simservs><communication-diversion active=\"true\"/></simservs>";
      UbClient.Response put =
          send(
              c,
              HttpMethod.PUT,
              AKMA_UE,
              Map.of(
                  "Authorization",
                  session.authorization(
                      "PUT", DOC, doc.getBytes(StandardCharsets.UTF_8), "auth-int")),
              doc);
      assertThat(put.status()).isEqualTo(200);
      assertThat(session.onAuthenticationInfo(put.header("Authentication-Info"), put.body()))
          .isNull();
      assertThat(naanfQueries()).isEqualTo(1.0);
      assertThat(requests("forwarded", "akma")).isEqualTo(2.0);
      assertThat(requests("challenge_initial", "akma")).isEqualTo(1.0);

      // a GBA-only UE on the same listener is offered GBA
      assertThat(get(c, "xcap-client/2.1 3gpp-gba", null).header("WWW-Authenticate"))
          .contains("realm=\"3GPP-bootstrapping@" + AF + "\"");
    }
  }

  @Test
  void should_assert_the_supi_the_aanf_gives_when_the_ausf_registered_the_supi_only()
      throws Exception {
    startBsfAndProxy(Map.of());
    AkmaSubscriber subscriber = AkmaSubscriber.of("001", "01", 702, 1);
    registered(subscriber);
    UaSession session = UaSession.akma(subscriber.aKid().value(), kAf(subscriber), AF);
    try (UbClient c = ue(SUITE)) {
      session.onChallenge(get(c, AKMA_UE, null).header("WWW-Authenticate"));

      UbClient.Response ok =
          get(c, AKMA_UE, session.authorization("GET", DOC, new byte[0], "auth"));

      assertThat(ok.status()).isEqualTo(200);
      assertThat(seenByUpstream.get(0).get("x-3gpp-asserted-identity"))
          .isEqualTo("\"" + subscriber.supi().value() + "\"");
    }
  }

  @Test
  void should_refuse_without_forwarding_when_the_aanf_gives_nothing_the_proxy_may_assert()
      throws Exception {
    startBsfAndProxy(Map.of("naf-proxy.akma.assert-supi", "false"));
    AkmaSubscriber subscriber = AkmaSubscriber.of("001", "01", 703, 1);
    registered(subscriber);
    UaSession session = UaSession.akma(subscriber.aKid().value(), kAf(subscriber), AF);
    try (UbClient c = ue(SUITE)) {
      session.onChallenge(get(c, AKMA_UE, null).header("WWW-Authenticate"));

      UbClient.Response r = get(c, AKMA_UE, session.authorization("GET", DOC, new byte[0], "auth"));

      assertThat(r.status()).isEqualTo(403);
      assertThat(r.header("WWW-Authenticate")).isNull();
      assertThat(seenByUpstream).isEmpty();
      assertThat(requests("forbidden", "akma")).isEqualTo(1.0);
    }
  }

  @Test
  void should_answer_403_without_a_realm_and_ask_again_when_the_aanf_does_not_know_the_a_kid()
      throws Exception {
    startBsfAndProxy(Map.of());
    AkmaSubscriber subscriber = AkmaSubscriber.of("001", "01", 704, 1);
    UaSession session = UaSession.akma(subscriber.aKid().value(), kAf(subscriber), AF);
    try (UbClient c = ue(SUITE)) {
      session.onChallenge(get(c, AKMA_UE, null).header("WWW-Authenticate"));

      UbClient.Response unknown =
          get(c, AKMA_UE, session.authorization("GET", DOC, new byte[0], "auth"));
      UbClient.Response again =
          get(c, AKMA_UE, session.authorization("GET", DOC, new byte[0], "auth"));

      assertThat(unknown.status()).isEqualTo(403);
      assertThat(unknown.header("WWW-Authenticate"))
          .as("no realm attributes: no new AKMA challenge (TS 33.535 Annex B step 6)")
          .isNull();
      assertThat(new String(unknown.body(), StandardCharsets.UTF_8))
          .doesNotContain("3GPP-bootstrapping");
      assertThat(again.status()).isEqualTo(403);
      assertThat(naanfQueries()).as("a 204 is not cached").isEqualTo(2.0);
      assertThat(requests("key_unknown", "akma")).isEqualTo(2.0);

      registered(subscriber);
      UbClient.Response known =
          get(c, AKMA_UE, session.authorization("GET", DOC, new byte[0], "auth"));
      assertThat(known.status()).as("known as soon as the AUSF registered it").isEqualTo(200);
    }
  }

  @Test
  void should_challenge_again_with_the_akma_realm_when_k_af_is_wrong() throws Exception {
    startBsfAndProxy(Map.of());
    AkmaSubscriber subscriber = AkmaSubscriber.of("001", "01", 705, 1);
    registered(subscriber);
    // K_AF of HTTP Digest over plain HTTP (01 00 00 00 02): not the key of this TLS connection
    UaSession wrong =
        UaSession.akma(subscriber.aKid().value(), subscriber.kAf(AF, Hex.decode("0100000002")), AF);
    try (UbClient c = ue(SUITE)) {
      wrong.onChallenge(get(c, AKMA_UE, null).header("WWW-Authenticate"));

      UbClient.Response r = get(c, AKMA_UE, wrong.authorization("GET", DOC, new byte[0], "auth"));

      assertThat(r.status()).isEqualTo(401);
      assertThat(r.header("WWW-Authenticate"))
          .contains("realm=\"3GPP-bootstrapping-akma@" + AF + "\"")
          .doesNotContain("stale");
      assertThat(seenByUpstream).isEmpty();
      assertThat(requests("challenge_wrong_response", "akma")).isEqualTo(1.0);
    }
  }

  @Test
  void should_offer_gba_only_when_the_connection_cannot_carry_the_aanfs_k_af() throws Exception {
    startBsfAndProxy(Map.of());
    try (UbClient c = ue("TLS_AES_256_GCM_SHA384")) {
      UbClient.Response r = get(c, AKMA_UE, null);

      assertThat(r.status()).isEqualTo(401);
      assertThat(r.header("WWW-Authenticate"))
          .as("another suite: another AF_ID than the AAnF's")
          .contains("realm=\"3GPP-bootstrapping@" + AF + "\"")
          .doesNotContain("akma");
    }
    // plain HTTP: the proxy does not start with AKMA on a listener without TLS
    Map<String, String> plain = new HashMap<>();
    plain.put("naf-proxy.routes", AF + "=http://127.0.0.1:" + upstream.getAddress().getPort());
    plain.put("naf-proxy.akma.enabled", "true");
    plain.put("naf-proxy.akma.aanf-api-root", aanfRoot().toString());
    assertThatThrownBy(() -> NafProxyContext.create(ConfigLoader.load(null, Map.of(), plain)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("naf-proxy.tls.enabled");
  }
}
