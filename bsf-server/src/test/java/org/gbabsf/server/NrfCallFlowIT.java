package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.nbsp.NbspClient;
import org.gbabsf.sba.nbsp.NbspService;
import org.gbabsf.sba.nrf.AccessTokenCodec;
import org.gbabsf.sba.nrf.DiscoveryCodec;
import org.gbabsf.sba.nrf.NfProfile;
import org.gbabsf.sba.nrf.NfProfileCodec;
import org.gbabsf.sba.nrf.NrfClient;
import org.gbabsf.sba.nrf.NrfOutcome;
import org.gbabsf.sba.nrf.RequiredTokens;
import org.gbabsf.sba.openapi.ContractRoutes;
import org.gbabsf.sba.sim.HssSimulator;
import org.gbabsf.sba.sim.NrfSimulator;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The BSF with an NRF (TS 29.510), in-process over real HTTP/2 sockets: it registers at an {@link
 * NrfSimulator} as GBA_BSF with nbsp-gba, discovers the N65 HSS simulator there, bootstraps a UE
 * against it with an access token the NRF issued, is found by a NAF through the NRF, and
 * deregisters when it closes; an NRF that cannot be reached does not stop it serving. Every
 * exchange with the NRF and the HSS is checked against the committed 3GPP YAML.
 */
class NrfCallFlowIT {

  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(1000, "home1.net");
  private static final String BSF_ID = UUID.randomUUID().toString();
  private static final String NAF_ID = UUID.randomUUID().toString();
  private static final String NAF = "naf.home1.net";
  private static final Duration T = Duration.ofSeconds(20);

  @TempDir Path dir;

  private final TestBsf bsfs = new TestBsf();
  private final List<AutoCloseable> servers = new ArrayList<>();
  private final List<String> violations = new CopyOnWriteArrayList<>();
  private final List<String> nrfExchanges = new CopyOnWriteArrayList<>();
  private final List<String> hssExchanges = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private NrfSimulator nrf;

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    for (int i = servers.size() - 1; i >= 0; i--) {
      servers.get(i).close();
    }
    assertThat(violations).as("exchanges against the 3GPP YAML").isEmpty();
  }

  private InetSocketAddress serve(SbiRoutes routes, List<String> seen) throws InterruptedException {
    SbiServer s =
        new SbiServer(
            ContractRoutes.checked(routes, violations, seen),
            SbiServerSettings.defaults("sim", "127.0.0.1", 0),
            new SimpleMeterRegistry(),
            Optional.empty());
    servers.add(s);
    return s.start();
  }

  private static URI root(InetSocketAddress a) {
    return URI.create("http://127.0.0.1:" + a.getPort());
  }

  /** An NRF simulator granting 1 s heartbeats and discovery results valid for 1 s. */
  private URI startNrf() throws InterruptedException {
    nrf =
        new NrfSimulator(
            new SimulatedNrf(Clock.systemUTC()),
            new NrfSimulator.Settings(
                Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofHours(1)));
    return root(serve(nrf.routes(), nrfExchanges));
  }

  /**
   * The N65 HSS simulator, requiring tokens of the NRF when {@code tokens}, recording the
   * Authorization header of every request; not registered at the NRF.
   */
  private InetSocketAddress startHss(boolean tokens, RequiredTokens required)
      throws InterruptedException {
    SbiRoutes routes =
        new HssSimulator(
                SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(40)), "001", "01", Duration.ZERO)
            .routes();
    return serve(recordingAuthorization(tokens ? required.wrap(routes) : routes), hssExchanges);
  }

  private SbiRoutes recordingAuthorization(SbiRoutes routes) {
    List<SbiRoutes.Route> out = new ArrayList<>();
    for (SbiRoutes.Route r : routes.routes()) {
      out.add(
          new SbiRoutes.Route(
              r.method(),
              r.template(),
              r.api(),
              request -> {
                authorizations.add(request.header("authorization").orElse(""));
                return r.service().handle(request);
              },
              r.otherMediaTypes()));
    }
    return SbiRoutes.of(out);
  }

  /** Registers the HSS at {@code hss} in the NRF as an N65 HSS; returns its NF instance id. */
  private String registerHss(InetSocketAddress hss) {
    String id = UUID.randomUUID().toString();
    List<NfProfile.Service> services = new ArrayList<>();
    for (String name : List.of("nhss-gba-ueau", "nhss-gba-sdm")) {
      services.add(
          new NfProfile.Service(name, "1.1.0-alpha.1", "http", hss.getPort(), Optional.empty()));
    }
    NfProfile profile =
        new NfProfile(
            id,
            "HSS",
            Optional.empty(),
            Optional.of("127.0.0.1"),
            Duration.ofSeconds(60),
            services);
    assertThat(nrf.register(NfProfileCodec.encode(profile))).isTrue();
    return id;
  }

  /** Settings of a BSF on N65 serving Nbsp_GBA to {@link #NAF_ID}, with the NRF at {@code nrf}. */
  private Map<String, String> withNrf(URI nrfRoot) throws Exception {
    Map<String, String> s = new HashMap<>();
    s.put("hss.type", "n65");
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("sbi.client.backoff", "30s");
    s.put("nbsp.nafs", NAF_ID + "=default");
    s.put("nbsp.naf-fqdns", NAF_ID + "=" + NAF);
    s.put("nbsp.oauth2.nrf-keys", nrf.tokens().writePublicKey(dir.resolve("nrf.pem")).toString());
    s.put("nbsp.oauth2.nf-instance-id", BSF_ID);
    s.put("nrf.enabled", "true");
    s.put("nrf.api-root", nrfRoot.toString());
    s.put("nrf.discovery-interval", "1s");
    return s;
  }

  private static GbaUe.Result.Bootstrapped bootstrap(TestBsf bsfs, BsfContext bsf, int n)
      throws Exception {
    GbaUe.Result r = await(new GbaUe(bsfs.client(bsf), TestBsf.ue(n), REALM, "/").bootstrap());
    assertThat(r).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    return (GbaUe.Result.Bootstrapped) r;
  }

  private static double nrfRequests(BsfContext bsf, String operation, String result) {
    Counter c =
        bsf.meterRegistry()
            .find("bsf.nrf.requests")
            .tags("operation", operation, "result", result)
            .counter();
    return c == null ? 0 : c.count();
  }

  private static ObjectNode claims(String authorization) {
    assertThat(authorization).startsWith("Bearer ");
    String payload = authorization.substring("Bearer ".length()).split("\\.")[1];
    return SbiJson.parseObject(Base64.getUrlDecoder().decode(payload)).orElseThrow();
  }

  @Test
  void should_register_discover_the_hss_and_bootstrap_with_an_nrf_token_when_the_nrf_is_enabled()
      throws Exception {
    URI nrfRoot = startNrf();
    RequiredTokens required =
        new RequiredTokens(nrf.tokens().publicKey(), "HSS", Clock.systemUTC());
    InetSocketAddress hss = startHss(true, required);
    registerHss(hss);
    Map<String, String> s = withNrf(nrfRoot);
    s.put("nrf.tokens", "true");

    BsfContext bsf = bsfs.start(s);

    assertThat(Poll.until(() -> bsf.readiness().ready(), T))
        .as("ready: %s %s", bsf.readiness().states(), bsf.readiness().notes())
        .isTrue();
    int sbiPort = bsf.sbiAddress().orElseThrow().getPort();
    assertThat(Poll.until(() -> nrf.heartbeats(BSF_ID) >= 1, T)).isTrue();
    ObjectNode profile = nrf.profile(BSF_ID).orElseThrow();
    assertThat(profile.path("nfType").asText()).isEqualTo("GBA_BSF");
    assertThat(profile.path("nfStatus").asText()).isEqualTo("REGISTERED");
    assertThat(profile.path("ipv4Addresses").get(0).asText()).isEqualTo("127.0.0.1");
    JsonNode nbsp = profile.path("nfServiceList").path("nbsp-gba");
    assertThat(nbsp.path("serviceName").asText()).isEqualTo("nbsp-gba");
    assertThat(nbsp.path("scheme").asText()).isEqualTo("http");
    assertThat(nbsp.path("versions").get(0).path("apiVersionInUri").asText()).isEqualTo("v1");
    assertThat(nbsp.path("versions").get(0).path("apiFullVersion").asText())
        .isEqualTo(NbspService.API_FULL_VERSION);
    assertThat(nbsp.path("ipEndPoints").get(0).path("port").asInt()).isEqualTo(sbiPort);
    assertThat(bsf.readiness().notes())
        .containsEntry("nrf", "registered as GBA_BSF " + BSF_ID + " (heartbeat every 1 s)")
        .containsEntry("nrf-discovery", "1 instance of HSS nhss-gba-ueau discovered");

    GbaUe.Result.Bootstrapped ue = bootstrap(bsfs, bsf, 701);

    assertThat(required.refused()).isZero();
    assertThat(required.accepted()).isEqualTo(2);
    assertThat(authorizations).hasSize(2).containsOnly(authorizations.get(0));
    ObjectNode claims = claims(authorizations.get(0));
    assertThat(claims.path("sub").asText()).isEqualTo(BSF_ID);
    assertThat(claims.path("aud").asText()).isEqualTo("HSS");
    assertThat(claims.path("scope").asText()).isEqualTo("nhss-gba-ueau nhss-gba-sdm");
    assertThat(nrf.tokensIssued()).isEqualTo(1);
    assertThat(hssExchanges)
        .anyMatch(e -> e.startsWith("POST /nhss-gba-ueau/v1/impi-"))
        .anyMatch(e -> e.startsWith("GET /nhss-gba-sdm/v1/impi-"));

    // A NAF finds the BSF at the NRF, takes a token there, and gets the UE's key.
    try (SbiClient naf =
        new SbiClient(SbiClientSettings.defaults("naf"), new SimpleMeterRegistry())) {
      NrfClient nafNrf =
          new NrfClient(naf, nrfRoot, Duration.ofSeconds(5), new SimpleMeterRegistry());
      NrfOutcome<DiscoveryCodec.Discovered> found =
          await(
              nafNrf.discover(
                  new DiscoveryCodec.Target("GBA_BSF", "nbsp-gba"), "AF", Optional.of(NAF_ID)));
      assertThat(found).isInstanceOf(NrfOutcome.Ok.class);
      List<URI> bsfRoots = ((NrfOutcome.Ok<DiscoveryCodec.Discovered>) found).value().apiRoots();
      assertThat(bsfRoots).containsExactly(URI.create("http://127.0.0.1:" + sbiPort));
      NrfOutcome<AccessTokenCodec.IssuedToken> token =
          await(
              nafNrf.token(new AccessTokenCodec.TokenRequest(NAF_ID, "AF", "GBA_BSF", "nbsp-gba")));
      assertThat(token).isInstanceOf(NrfOutcome.Ok.class);
      NafId nafId = new NafId(NAF, Hex.decode("0100000002"));
      NbspClient.Result keys =
          await(
              new NbspClient(
                      naf,
                      bsfRoots.get(0),
                      Optional.of(
                          ((NrfOutcome.Ok<AccessTokenCodec.IssuedToken>) token).value().token()),
                      Duration.ofSeconds(5))
                  .fetch(new BTid(ue.btid()), nafId, false, List.of()));
      assertThat(keys).isInstanceOf(NbspClient.Result.Keys.class);
      assertThat(((NbspClient.Result.Keys) keys).answer().meKeyMaterial())
          .isEqualTo(
              GbaKdf.ksNaf(
                  ue.ks(), GbaKdf.GBA_ME, ue.rand(), TestBsf.ue(701).impi(), nafId.octets()));
    }

    assertThat(bsf.meterRegistry().get("bsf.nrf.registered").gauge().value()).isEqualTo(1.0);
    assertThat(bsf.meterRegistry().get("bsf.nrf.discovered").tag("nf_type", "HSS").gauge().value())
        .isEqualTo(1.0);
    assertThat(nrfRequests(bsf, "register", "ok")).isEqualTo(1.0);
    assertThat(nrfRequests(bsf, "token", "ok")).isEqualTo(1.0);

    bsf.close();

    assertThat(nrf.profile(BSF_ID)).isEmpty();
    assertThat(nrfExchanges)
        .anyMatch(e -> e.startsWith("PUT /nnrf-nfm/v1/nf-instances/" + BSF_ID))
        .anyMatch(e -> e.startsWith("PATCH /nnrf-nfm/v1/nf-instances/" + BSF_ID))
        .anyMatch(e -> e.startsWith("GET /nnrf-disc/v1/nf-instances"))
        .anyMatch(e -> e.startsWith("POST /oauth2/token"))
        .anyMatch(e -> e.startsWith("DELETE /nnrf-nfm/v1/nf-instances/" + BSF_ID));
  }

  @Test
  void should_register_the_aanf_as_an_nf_of_its_own_and_deregister_it_when_aanf_is_enabled()
      throws Exception {
    URI nrfRoot = startNrf();
    registerHss(startHss(false, null));
    Map<String, String> s = withNrf(nrfRoot);
    String aanfId = UUID.randomUUID().toString();
    s.put("aanf.enabled", "true");
    s.put("aanf.nf-instance-id", aanfId);
    s.put("aanf.oauth2.nrf-keys", dir.resolve("nrf.pem").toString());
    s.put("aanf.ausfs", UUID.randomUUID().toString());
    s.put("aanf.routing-indicators", "0,12");

    BsfContext bsf = bsfs.start(s);

    assertThat(Poll.until(() -> nrf.heartbeats(aanfId) >= 1 && nrf.heartbeats(BSF_ID) >= 1, T))
        .isTrue();
    ObjectNode profile = nrf.profile(aanfId).orElseThrow();
    assertThat(profile.path("nfType").asText()).isEqualTo("AANF");
    JsonNode naanf = profile.path("nfServiceList").path("naanf-akma");
    assertThat(naanf.path("versions").get(0).path("apiFullVersion").asText())
        .isEqualTo(NaanfService.API_FULL_VERSION);
    assertThat(naanf.path("ipEndPoints").get(0).path("port").asInt())
        .isEqualTo(bsf.sbiAddress().orElseThrow().getPort());
    assertThat(profile.at("/aanfInfoList/1/routingIndicators").toString())
        .isEqualTo("[\"0\",\"12\"]");
    assertThat(nrf.profile(BSF_ID).orElseThrow().path("nfType").asText()).isEqualTo("GBA_BSF");
    assertThat(bsf.readiness().notes())
        .containsEntry("nrf-aanf", "registered as AANF " + aanfId + " (heartbeat every 1 s)");
    // An AUSF finds its AAnF at the NRF.
    try (SbiClient ausf =
        new SbiClient(SbiClientSettings.defaults("ausf"), new SimpleMeterRegistry())) {
      NrfOutcome<DiscoveryCodec.Discovered> found =
          await(
              new NrfClient(ausf, nrfRoot, Duration.ofSeconds(5), new SimpleMeterRegistry())
                  .discover(
                      new DiscoveryCodec.Target("AANF", "naanf-akma"),
                      "AUSF",
                      Optional.of(UUID.randomUUID().toString())));
      assertThat(((NrfOutcome.Ok<DiscoveryCodec.Discovered>) found).value().apiRoots())
          .containsExactly(
              URI.create("http://127.0.0.1:" + bsf.sbiAddress().orElseThrow().getPort()));
    }

    bsf.close();

    assertThat(nrf.profile(aanfId)).isEmpty();
    assertThat(nrf.profile(BSF_ID)).isEmpty();
  }

  @Test
  void should_become_ready_when_the_nrf_first_lists_an_hss_instance() throws Exception {
    URI nrfRoot = startNrf();
    InetSocketAddress hss = startHss(false, null);
    Map<String, String> s = withNrf(nrfRoot);

    BsfContext bsf = bsfs.start(s);

    assertThat(Poll.until(() -> nrf.searches() >= 1 && nrf.profile(BSF_ID).isPresent(), T))
        .isTrue();
    assertThat(bsf.readiness().ready()).isFalse();
    assertThat(bsf.readiness().whyDown("hss"))
        .get()
        .asString()
        .contains("no HSS/UDM instance known");

    registerHss(hss);

    assertThat(Poll.until(() -> bsf.readiness().ready(), T))
        .as("ready: %s %s", bsf.readiness().states(), bsf.readiness().notes())
        .isTrue();
    bootstrap(bsfs, bsf, 702);
    assertThat(authorizations).as("nrf.tokens is off: no token sent").hasSize(2).containsOnly("");
    assertThat(nrf.tokensIssued()).isZero();
  }

  @Test
  void should_keep_serving_with_the_configured_hss_when_the_nrf_cannot_be_reached()
      throws Exception {
    nrf = new NrfSimulator(new SimulatedNrf(Clock.systemUTC()), NrfSimulator.Settings.defaults());
    InetSocketAddress hss = startHss(false, null);
    Map<String, String> s = withNrf(URI.create("http://127.0.0.1:" + Ports.free()));
    s.put("n65.instances", root(hss).toString());
    s.put("nrf.timeout", "500ms");

    BsfContext bsf = bsfs.start(s);

    assertThat(Poll.until(() -> bsf.readiness().ready(), T))
        .as("ready: %s %s", bsf.readiness().states(), bsf.readiness().notes())
        .isTrue();
    assertThat(Poll.until(() -> nrfRequests(bsf, "register", "connect") >= 1, T)).isTrue();
    assertThat(bsf.readiness().ready()).isTrue();
    assertThat(bsf.readiness().notes().get("nrf")).startsWith("not registered (retrying");
    assertThat(bsf.readiness().notes().get("nrf-discovery"))
        .isEqualTo("no answer from the NRF yet (retrying); configured instances only");
    assertThat(bsf.meterRegistry().get("bsf.nrf.registered").gauge().value()).isZero();

    bootstrap(bsfs, bsf, 703);

    assertThat(hssExchanges).anyMatch(e -> e.startsWith("POST /nhss-gba-ueau/v1/impi-"));
    bsf.close();
    assertThat(nrfRequests(bsf, "deregister", "connect")).isEqualTo(1.0);
  }
}
