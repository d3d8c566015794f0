package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.sba.http.RawH2;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.nbsp.NbspCodec;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NAF fetches a UE's key over Nbsp_GBA (h2c with an access token, and h2 over TLS with its client
 * certificate) and agrees with the UE and with Zn; and every refusal the YAML lists. Every request
 * and answer is checked against the committed 3GPP YAML.
 */
class NbspCallFlowIT {

  private static final String BSF_ID = UUID.randomUUID().toString();
  private static final String NAF_ID = UUID.randomUUID().toString();
  private static final String NAF = "naf.home1.net";
  private static final String PATH = "/nbsp-gba/v1/bootstrapping-info-retrieval";
  private static final Duration T = Duration.ofSeconds(5);

  @TempDir static Path dir;
  static SimulatedNrf nrf;
  static TestPki pki;

  private final TestBsf bsfs = new TestBsf();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private SbiClient client;

  @BeforeAll
  static void nrf() throws Exception {
    nrf = new SimulatedNrf(Clock.systemUTC());
    nrf.writePublicKey(dir.resolve("nrf.pem"));
    pki = TestPki.create(dir, "SBI CA");
  }

  @AfterEach
  void stop() throws Exception {
    if (client != null) {
      client.close();
    }
    bsfs.close();
  }

  private BsfContext h2c() throws InterruptedException {
    Map<String, String> s = new HashMap<>();
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("nbsp.nafs", NAF_ID + "=default");
    s.put("nbsp.naf-fqdns", NAF_ID + "=" + NAF);
    s.put("nbsp.oauth2.nrf-keys", dir.resolve("nrf.pem").toString());
    s.put("nbsp.oauth2.nf-instance-id", BSF_ID);
    s.put("zn.enabled", "true");
    s.put("zn.nafs", NAF + "=default");
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    client = new SbiClient(SbiClientSettings.defaults("naf"), registry);
    return bsfs.start(s);
  }

  private static String token() {
    return nrf.token(NAF_ID, BSF_ID, "nbsp-gba", Duration.ofMinutes(5));
  }

  private GbaUe.Result.Bootstrapped bootstrap(BsfContext bsf, int n) throws Exception {
    return (GbaUe.Result.Bootstrapped)
        await(new GbaUe(bsfs.client(bsf), TestBsf.ue(n), REALM, "/").bootstrap());
  }

  private static URI uri(BsfContext bsf, String scheme, String host, String path) {
    return URI.create(
        scheme + "://" + host + ":" + bsf.sbiAddress().orElseThrow().getPort() + path);
  }

  /**
   * Posts {@code json}, checking the request (if {@code valid}) and the answer against the YAML.
   */
  private SbiResult.Answered post(SbiClient c, URI uri, byte[] json, String bearer, boolean valid)
      throws Exception {
    if (valid) {
      OpenApiContract.shared()
          .assertValidRequest(OpenApiContract.NBSP_GBA, "POST", PATH, "application/json", json);
    }
    SbiCall call = SbiCall.postJson(uri, json, T);
    if (bearer != null) {
      call = call.withHeader("authorization", "Bearer " + bearer);
    }
    SbiResult r = c.send(call).get();
    assertThat(r).isInstanceOf(SbiResult.Answered.class);
    SbiResult.Answered a = (SbiResult.Answered) r;
    OpenApiContract.shared()
        .assertValidResponse(
            OpenApiContract.NBSP_GBA,
            "POST",
            PATH,
            a.status(),
            a.header("content-type").orElse(null),
            a.body());
    return a;
  }

  private static byte[] request(String btid, String fqdn) {
    return NbspCodec.encodeRequest(
        new BTid(btid), new NafId(fqdn, Hex.decode("0100000002")), false, List.of());
  }

  private static String text(SbiResult.Answered a) {
    return new String(a.body(), StandardCharsets.UTF_8);
  }

  @Test
  void should_give_the_naf_the_key_of_the_ue_and_of_zn_when_it_asks_over_h2c_with_a_token()
      throws Exception {
    BsfContext bsf = h2c();
    GbaUe.Result.Bootstrapped ue = bootstrap(bsf, 601);
    NafId nafId = new NafId(NAF, Hex.decode("0100000002"));

    SbiResult.Answered a =
        post(client, uri(bsf, "http", "127.0.0.1", PATH), request(ue.btid(), NAF), token(), true);

    assertThat(a.status()).isEqualTo(200);
    NbspCodec.Answer answer = NbspCodec.decodeResponse(a.body()).orElseThrow();
    byte[] ueKey =
        GbaKdf.ksNaf(ue.ks(), GbaKdf.GBA_ME, ue.rand(), TestBsf.ue(601).impi(), nafId.octets());
    assertThat(answer.meKeyMaterial()).isEqualTo(ueKey);
    assertThat(answer.impi()).contains(TestBsf.ue(601).impi());
    assertThat(answer.gbaType()).contains("3G_GBA");
    assertThat(answer.ussList()).hasSize(1);
    NafClient zn = bsfs.connectedNaf(NAF, "home1.net", bsf);
    BiaResult overZn = await(zn.query(new BTid(ue.btid()), nafId, List.of(), false, T));
    assertThat(((BiaResult.Keys) overZn).ksExtNaf()).isEqualTo(answer.meKeyMaterial());
  }

  @Test
  void should_answer_404_when_the_btid_is_unknown() throws Exception {
    BsfContext bsf = h2c();
    SbiResult.Answered a =
        post(
            client,
            uri(bsf, "http", "127.0.0.1", PATH),
            request("AAAAAAAAAAAAAAAAAAAAAA==@" + REALM, NAF),
            token(),
            true);
    assertThat(a.status()).isEqualTo(404);
    assertThat(text(a)).contains("\"cause\":\"USER_NOT_FOUND\"");
  }

  @Test
  void should_answer_403_when_the_naf_asks_for_an_fqdn_it_may_not_use() throws Exception {
    BsfContext bsf = h2c();
    GbaUe.Result.Bootstrapped ue = bootstrap(bsf, 602);
    SbiResult.Answered a =
        post(
            client,
            uri(bsf, "http", "127.0.0.1", PATH),
            request(ue.btid(), "voicemail.home1.net"),
            token(),
            true);
    assertThat(a.status()).isEqualTo(403);
    assertThat(text(a)).contains("may not use the FQDN");
    assertThat(
            bsf.meterRegistry()
                .get("bsf.nbsp.outcomes")
                .tag("outcome", "fqdn_not_allowed")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  @Test
  void should_answer_400_naming_the_attribute_when_ua_sec_prot_id_or_btid_is_malformed()
      throws Exception {
    BsfContext bsf = h2c();
    URI u = uri(bsf, "http", "127.0.0.1", PATH);
    SbiResult.Answered badProt =
        post(
            client,
            u,
            ("{\"btId\":\"x@"
                    + REALM
                    + "\",\"nafId\":{\"nafFqdn\":\""
                    + NAF
                    + "\",\"uaSecProtId\":\"01000000\"}}")
                .getBytes(StandardCharsets.UTF_8),
            token(),
            false);
    assertThat(badProt.status()).isEqualTo(400);
    assertThat(text(badProt))
        .contains("\"cause\":\"MANDATORY_IE_INCORRECT\"")
        .contains("\"param\":\"/nafId/uaSecProtId\"");
    SbiResult.Answered badBtid =
        post(
            client,
            u,
            ("{\"btId\":\"no-at-sign\",\"nafId\":{\"nafFqdn\":\""
                    + NAF
                    + "\",\"uaSecProtId\":\"0100000002\"}}")
                .getBytes(StandardCharsets.UTF_8),
            token(),
            false);
    assertThat(badBtid.status()).isEqualTo(400);
    assertThat(text(badBtid)).contains("\"param\":\"/btId\"");
  }

  @Test
  void should_answer_411_413_and_415_when_the_body_breaks_the_transport_rules() throws Exception {
    BsfContext bsf = h2c();
    try (RawH2 raw = RawH2.connect(bsf.sbiAddress().orElseThrow())) {
      RawH2.Answer noLength =
          raw.send(
                  RawH2.headers("POST", PATH)
                      .add("content-type", "application/json")
                      .add("authorization", "Bearer " + token()),
                  request("a@b.org", NAF),
                  true)
              .get();
      RawH2.Answer tooLarge =
          raw.send(
                  RawH2.headers("POST", PATH)
                      .add("content-type", "application/json")
                      .add("content-length", "100000000"),
                  null,
                  false)
              .get();
      RawH2.Answer notJson =
          raw.send(
                  RawH2.headers("POST", PATH)
                      .add("content-type", "application/xml")
                      .add("content-length", "7"),
                  "<a></a>".getBytes(StandardCharsets.UTF_8),
                  true)
              .get();
      for (RawH2.Answer a : List.of(noLength, tooLarge, notJson)) {
        OpenApiContract.shared()
            .assertValidResponse(
                OpenApiContract.NBSP_GBA,
                "POST",
                PATH,
                a.status(),
                a.headers().get("content-type"),
                a.body());
      }
      assertThat(List.of(noLength.status(), tooLarge.status(), notJson.status()))
          .containsExactly(411, 413, 415);
    }
  }

  @Test
  void should_answer_401_or_403_with_www_authenticate_when_the_token_is_missing_or_short_of_scope()
      throws Exception {
    BsfContext bsf = h2c();
    URI u = uri(bsf, "http", "127.0.0.1", PATH);
    byte[] body = request("a@" + REALM, NAF);
    SbiResult.Answered none = post(client, u, body, null, true);
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.header("www-authenticate")).contains("Bearer");
    String narrow =
        nrf.token(
            NAF_ID, BSF_ID, "nbsp-gba:bootstrapping-info-retrieval:invoke", Duration.ofMinutes(5));
    SbiResult.Answered scope = post(client, u, body, narrow, true);
    assertThat(scope.status()).isEqualTo(403);
    assertThat(scope.header("www-authenticate").orElseThrow())
        .contains("error=\"insufficient_scope\"");
  }

  @Test
  void should_answer_501_when_a_push_naf_asks_for_push_info() throws Exception {
    BsfContext bsf = h2c();
    SbiResult r =
        client
            .send(
                SbiCall.postJson(
                        uri(bsf, "http", "127.0.0.1", "/nbsp-gba/v1/push-info-retrieval"),
                        "{}".getBytes(StandardCharsets.UTF_8),
                        T)
                    .withHeader("authorization", "Bearer " + token()))
            .get();
    assertThat(((SbiResult.Answered) r).status()).isEqualTo(501);
  }

  private BsfContext tls() throws InterruptedException {
    TestPki.Issued server = pki.leaf(REALM).dns(REALM, "localhost").fileName("sbi").issue();
    Map<String, String> s = new HashMap<>();
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("sbi.tls.enabled", "true");
    s.put("sbi.tls.certificate", server.certificate().toString());
    s.put("sbi.tls.private-key", server.privateKey().toString());
    s.put("sbi.tls.trust", pki.caFile().toString());
    s.put("sbi.tls.client-auth", "require");
    s.put("nbsp.nafs", NAF + "=default,evil.home1.net=default");
    return bsfs.start(s);
  }

  private SbiClient tlsClient(String nafName) {
    TestPki.Issued cert = pki.leaf(nafName).dns(nafName).issue();
    TlsMaterial m =
        TlsMaterial.load(
            "naf",
            new TlsFiles(
                java.util.Optional.of(cert.certificate()),
                java.util.Optional.of(cert.privateKey()),
                java.util.Optional.of(pki.caFile())));
    client =
        new SbiClient(
            SbiClientSettings.defaults("naf")
                .withTls(NettyTls.client(m, true, List.of("TLSv1.3"), List.of("h2"))),
            registry);
    return client;
  }

  @Test
  void should_give_the_key_to_the_naf_its_certificate_names_when_it_asks_over_tls()
      throws Exception {
    BsfContext bsf = tls();
    GbaUe.Result.Bootstrapped ue = bootstrap(bsf, 603);
    NafId nafId = new NafId(NAF, Hex.decode("0100000002"));
    SbiResult.Answered a =
        post(
            tlsClient(NAF),
            uri(bsf, "https", "localhost", PATH),
            request(ue.btid(), NAF),
            null,
            true);
    assertThat(a.status()).isEqualTo(200);
    assertThat(NbspCodec.decodeResponse(a.body()).orElseThrow().meKeyMaterial())
        .isEqualTo(
            GbaKdf.ksNaf(
                ue.ks(), GbaKdf.GBA_ME, ue.rand(), TestBsf.ue(603).impi(), nafId.octets()));
  }

  @Test
  void should_refuse_a_naf_whose_certificate_names_another_fqdn_when_it_asks_over_tls()
      throws Exception {
    BsfContext bsf = tls();
    GbaUe.Result.Bootstrapped ue = bootstrap(bsf, 604);
    SbiResult.Answered a =
        post(
            tlsClient("evil.home1.net"),
            uri(bsf, "https", "localhost", PATH),
            request(ue.btid(), NAF),
            null,
            true);
    assertThat(a.status()).isEqualTo(403);
    InetSocketAddress unused = bsf.ubAddress();
    assertThat(unused).isNotNull();
  }
}
