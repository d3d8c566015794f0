package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.akma.NaanfCodec;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.gbabsf.sba.sim.SimulatedAf;
import org.gbabsf.sba.sim.SimulatedAusf;
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
 * AKMA end to end over real HTTP/2 (h2c, access tokens of a simulated NRF): an AUSF registers a
 * UE's anchor key, the AF retrieves K_AF and it is the key the UE derives; re-authentication,
 * removal, the NEF, and every refusal the issue names; and callers known by their client
 * certificates on mutual TLS, an impostor's refused. Every request and answer is checked against
 * the committed TS29535_Naanf_AKMA.yaml.
 */
class AkmaCallFlowIT {

  static final String AANF_ID = UUID.randomUUID().toString();
  static final String AUSF_ID = UUID.randomUUID().toString();
  static final String AF_ID = UUID.randomUUID().toString();
  private static final String PLAIN_AF_ID = UUID.randomUUID().toString();
  private static final String NEF_ID = UUID.randomUUID().toString();
  static final String AF = "af.home1.net";
  private static final String PLAIN_AF = "plain-af.home1.net";
  private static final String EXTERNAL_AF = "shop.example.org";
  private static final Duration T = Duration.ofSeconds(5);
  private static final String API = "naanf-akma";
  static final String ANCHOR = API + " " + NaanfService.ANCHORKEY_SCOPE;
  static final String KEYGET = API + " " + NaanfService.KEYGET_SCOPE;

  @TempDir static Path dir;
  static SimulatedNrf nrf;

  private final TestBsf bsfs = new TestBsf();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private SbiClient client;

  @BeforeAll
  static void nrf() throws Exception {
    nrf = new SimulatedNrf(Clock.systemUTC());
    nrf.writePublicKey(dir.resolve("nrf.pem"));
  }

  private final java.util.List<SbiClient> tlsClients = new java.util.ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    tlsClients.forEach(SbiClient::close);
    if (client != null) {
      client.close();
    }
    bsfs.close();
  }

  /** The settings of an AAnF (with the BSF's Nbsp_GBA off) over h2c with tokens. */
  static Map<String, String> aanf(Path nrfKeys) {
    Map<String, String> s = new HashMap<>();
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("aanf.enabled", "true");
    s.put("aanf.nf-instance-id", AANF_ID);
    s.put("aanf.oauth2.nrf-keys", nrfKeys.toString());
    s.put("aanf.ausfs", AUSF_ID);
    s.put("aanf.afs", AF_ID + "=internal," + PLAIN_AF_ID + "=internal");
    s.put("aanf.nefs", NEF_ID + "=nef");
    s.put(
        "aanf.af-fqdns",
        AF_ID + "=" + AF + "," + PLAIN_AF_ID + "=" + PLAIN_AF + ",nef=" + EXTERNAL_AF);
    s.put("aanf.supi-afs", AF_ID);
    return s;
  }

  private BsfContext start() throws InterruptedException {
    client = new SbiClient(SbiClientSettings.defaults("akma"), registry);
    return bsfs.start(aanf(dir.resolve("nrf.pem")));
  }

  private static URI root(BsfContext bsf) {
    return URI.create("http://127.0.0.1:" + bsf.sbiAddress().orElseThrow().getPort());
  }

  private NaanfClient as(BsfContext bsf, String subject, String scopes) {
    return new NaanfClient(
        client,
        root(bsf),
        Optional.of(nrf.token(subject, AANF_ID, scopes, Duration.ofMinutes(5))),
        T);
  }

  /**
   * Posts {@code json}, checking the request (if {@code valid}) and the answer against the YAML.
   */
  private SbiResult.Answered post(
      BsfContext bsf, String path, String json, String subject, String scopes, boolean valid)
      throws Exception {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    if (valid) {
      OpenApiContract.shared()
          .assertValidRequest(OpenApiContract.NAANF_AKMA, "POST", path, "application/json", body);
    }
    SbiCall call =
        SbiCall.postJson(URI.create(root(bsf) + path), body, T)
            .withHeader(
                "authorization",
                "Bearer " + nrf.token(subject, AANF_ID, scopes, Duration.ofMinutes(5)));
    SbiResult.Answered a = (SbiResult.Answered) client.send(call).get();
    OpenApiContract.shared()
        .assertValidResponse(
            OpenApiContract.NAANF_AKMA,
            "POST",
            path,
            a.status(),
            a.header("content-type").orElse(null),
            a.body());
    return a;
  }

  private static double outcomes(BsfContext bsf, String operation, String outcome) {
    var c =
        bsf.meterRegistry()
            .find("bsf.naanf.outcomes")
            .tag("operation", operation)
            .tag("outcome", outcome)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_give_the_af_the_key_the_ue_derives_when_the_ausf_registered_it() throws Exception {
    BsfContext bsf = start();
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 1, 1);

    NaanfClient.Result registered =
        await(new SimulatedAusf(as(bsf, AUSF_ID, ANCHOR)).authenticated(ue));
    SimulatedAf.Outcome got =
        await(
            SimulatedAf.httpDigest(
                    as(bsf, AF_ID, KEYGET + " " + NaanfService.SUPI_ACCESS_SCOPE), AF)
                .retrieve(ue, false));

    assertThat(registered).isInstanceOf(NaanfClient.Result.Registered.class);
    assertThat(got).isInstanceOf(SimulatedAf.Outcome.Agreed.class);
    NaanfCodec.KeyData data = ((SimulatedAf.Outcome.Agreed) got).data();
    assertThat(data.supi()).contains(ue.supi().value());
    assertThat(data.expiry())
        .isBetween(
            java.time.Instant.now().plus(Duration.ofMinutes(59)),
            java.time.Instant.now().plus(Duration.ofMinutes(61)));
    assertThat(outcomes(bsf, "register", "registered")).isEqualTo(1.0);
    assertThat(outcomes(bsf, "retrieve", "key")).isEqualTo(1.0);
  }

  @Test
  void should_serve_only_the_new_a_kid_when_the_ue_authenticates_again() throws Exception {
    BsfContext bsf = start();
    SimulatedAusf ausf = new SimulatedAusf(as(bsf, AUSF_ID, ANCHOR));
    SimulatedAf af = SimulatedAf.httpDigest(as(bsf, AF_ID, KEYGET), AF);
    AkmaSubscriber first = AkmaSubscriber.of("001", "01", 2, 1);
    AkmaSubscriber again = AkmaSubscriber.of("001", "01", 2, 2);
    await(ausf.authenticated(first));

    await(ausf.authenticated(again));

    assertThat(await(af.retrieve(first, false))).isInstanceOf(SimulatedAf.Outcome.NoKey.class);
    SimulatedAf.Outcome now = await(af.retrieve(again, false));
    assertThat(now).isInstanceOf(SimulatedAf.Outcome.Agreed.class);
    assertThat(((SimulatedAf.Outcome.Agreed) now).data().supi())
        .as("no supi-access scope")
        .isEmpty();
    assertThat(outcomes(bsf, "register", "replaced")).isEqualTo(1.0);
  }

  @Test
  void should_answer_204_and_no_key_when_the_context_is_removed() throws Exception {
    BsfContext bsf = start();
    SimulatedAusf ausf = new SimulatedAusf(as(bsf, AUSF_ID, ANCHOR));
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 3, 1);
    await(ausf.authenticated(ue));

    NaanfClient.Result removed = await(ausf.removed(ue));
    SbiResult.Answered retrieved =
        post(
            bsf,
            NaanfService.RETRIEVE,
            json(new NaanfCodec.KeyRequest(AF, ue.aKid(), false)),
            AF_ID,
            KEYGET,
            true);

    assertThat(removed).isInstanceOf(NaanfClient.Result.NoContent.class);
    assertThat(retrieved.status()).isEqualTo(204);
    assertThat(retrieved.body()).isEmpty();
  }

  @Test
  void should_give_the_nef_the_key_of_the_external_af_without_the_supi() throws Exception {
    BsfContext bsf = start();
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 4, 1);
    await(new SimulatedAusf(as(bsf, AUSF_ID, ANCHOR)).authenticated(ue));

    SimulatedAf.Outcome got =
        await(
            SimulatedAf.httpDigest(
                    as(bsf, NEF_ID, KEYGET + " " + NaanfService.SUPI_ACCESS_SCOPE), EXTERNAL_AF)
                .retrieve(ue, false));

    assertThat(got).isInstanceOf(SimulatedAf.Outcome.Agreed.class);
    assertThat(((SimulatedAf.Outcome.Agreed) got).data().supi()).isEmpty();
  }

  @Test
  void should_answer_403_when_an_af_asks_for_another_afs_fqdn() throws Exception {
    BsfContext bsf = start();
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 5, 1);
    await(new SimulatedAusf(as(bsf, AUSF_ID, ANCHOR)).authenticated(ue));

    SbiResult.Answered a =
        post(
            bsf,
            NaanfService.RETRIEVE,
            json(new NaanfCodec.KeyRequest(AF, ue.aKid(), false)),
            PLAIN_AF_ID,
            KEYGET,
            true);

    assertThat(a.status()).isEqualTo(403);
    assertThat(new String(a.body(), StandardCharsets.UTF_8))
        .contains("OPERATION_NOT_ALLOWED")
        .doesNotContain("kaf");
    assertThat(outcomes(bsf, "retrieve", "fqdn_not_allowed")).isEqualTo(1.0);
  }

  @Test
  void should_answer_403_when_the_token_lacks_the_operation_scope() throws Exception {
    BsfContext bsf = start();
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 6, 1);

    SbiResult.Answered asAf =
        post(
            bsf,
            NaanfService.REGISTER,
            new String(
                NaanfCodec.encodeRegistration(
                    new org.gbabsf.core.akma.AnchorService.Registration(
                        ue.aKid(), Optional.of(ue.supi()), Optional.empty(), ue.kAkma())),
                StandardCharsets.UTF_8),
            AUSF_ID,
            KEYGET,
            true);

    assertThat(asAf.status()).isEqualTo(403);
    assertThat(asAf.header("www-authenticate").orElseThrow())
        .contains("insufficient_scope")
        .contains(NaanfService.ANCHORKEY_SCOPE);
    assertThat(outcomes(bsf, "register", "scope_missing")).isEqualTo(1.0);
  }

  @Test
  void should_answer_400_and_204_when_the_body_is_malformed_or_the_a_kid_unknown()
      throws Exception {
    BsfContext bsf = start();

    SbiResult.Answered malformed =
        post(bsf, NaanfService.RETRIEVE, "{\"afId\":\"" + AF + "\"}", AF_ID, KEYGET, false);
    SbiResult.Answered shortKey =
        post(
            bsf,
            NaanfService.REGISTER,
            "{\"supi\":\"imsi-001010000000009\",\"aKId\":\"0.ab@akma.home1.net\",\"kAkma\":\"00ff\"}",
            AUSF_ID,
            ANCHOR,
            true);
    SbiResult.Answered unknown =
        post(
            bsf,
            NaanfService.RETRIEVE,
            json(new NaanfCodec.KeyRequest(AF, new AKid("0.ffff@akma.home1.net"), false)),
            AF_ID,
            KEYGET,
            true);

    assertThat(malformed.status()).isEqualTo(400);
    assertThat(new String(malformed.body(), StandardCharsets.UTF_8)).contains("/aKId");
    assertThat(shortKey.status()).isEqualTo(400);
    assertThat(new String(shortKey.body(), StandardCharsets.UTF_8)).contains("/kAkma");
    assertThat(unknown.status()).isEqualTo(204);
  }

  /** An AAnF on h2 over TLS that knows its callers by their client certificates only. */
  private BsfContext mutualTls(TestPki pki) throws InterruptedException {
    TestPki.Issued server = pki.leaf("aanf.home1.net").dns("localhost").fileName("sbi").issue();
    Map<String, String> s = new HashMap<>();
    s.put("sbi.enabled", "true");
    s.put("sbi.listen-address", "127.0.0.1");
    s.put("sbi.port", "0");
    s.put("sbi.tls.enabled", "true");
    s.put("sbi.tls.certificate", server.certificate().toString());
    s.put("sbi.tls.private-key", server.privateKey().toString());
    s.put("sbi.tls.trust", pki.caFile().toString());
    s.put("sbi.tls.client-auth", "require");
    s.put("aanf.enabled", "true");
    s.put("aanf.ausfs", "ausf.home1.net");
    s.put("aanf.afs", AF + "=internal");
    s.put("aanf.supi-afs", AF);
    return bsfs.start(s);
  }

  /** A Naanf client presenting a certificate that names {@code name}. */
  private NaanfClient withCertificate(TestPki pki, BsfContext bsf, String name) {
    TestPki.Issued cert = pki.leaf(name).dns(name).issue();
    TlsMaterial m =
        TlsMaterial.load(
            name,
            new TlsFiles(
                Optional.of(cert.certificate()),
                Optional.of(cert.privateKey()),
                Optional.of(pki.caFile())));
    SbiClient c =
        new SbiClient(
            SbiClientSettings.defaults(name)
                .withTls(
                    NettyTls.client(
                        m, true, java.util.List.of("TLSv1.3"), java.util.List.of("h2"))),
            registry);
    tlsClients.add(c);
    return new NaanfClient(
        c,
        URI.create("https://localhost:" + bsf.sbiAddress().orElseThrow().getPort()),
        Optional.empty(),
        T);
  }

  @Test
  void should_know_callers_by_their_certificates_and_refuse_impostors_when_tls_is_mutual()
      throws Exception {
    TestPki pki = TestPki.create(dir.resolve("pki"), "SBI CA");
    BsfContext bsf = mutualTls(pki);
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 7, 1);

    NaanfClient.Result byAf =
        await(new SimulatedAusf(withCertificate(pki, bsf, AF)).authenticated(ue));
    NaanfClient.Result byAusf =
        await(new SimulatedAusf(withCertificate(pki, bsf, "ausf.home1.net")).authenticated(ue));
    SimulatedAf.Outcome impostor =
        await(
            SimulatedAf.httpDigest(withCertificate(pki, bsf, "evil.home1.net"), AF)
                .retrieve(ue, false));
    SimulatedAf.Outcome af =
        await(SimulatedAf.httpDigest(withCertificate(pki, bsf, AF), AF).retrieve(ue, false));

    assertThat(byAf)
        .as("an AF's certificate may not register")
        .isInstanceOfSatisfying(
            NaanfClient.Result.Refused.class, r -> assertThat(r.status()).isEqualTo(403));
    assertThat(byAusf).isInstanceOf(NaanfClient.Result.Registered.class);
    assertThat(impostor)
        .as("a certificate naming no AF gets no key for the AF's FQDN")
        .isInstanceOfSatisfying(
            SimulatedAf.Outcome.NoKey.class,
            n ->
                assertThat(n.result())
                    .isInstanceOfSatisfying(
                        NaanfClient.Result.Refused.class,
                        r -> assertThat(r.status()).isEqualTo(403)));
    assertThat(af).isInstanceOf(SimulatedAf.Outcome.Agreed.class);
    assertThat(((SimulatedAf.Outcome.Agreed) af).data().supi()).contains(ue.supi().value());
  }

  private static String json(NaanfCodec.KeyRequest r) {
    return new String(NaanfCodec.encodeKeyRequest(r), StandardCharsets.UTF_8);
  }
}
