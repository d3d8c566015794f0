package org.gbabsf.sba.akma;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AfIdentifiers;
import org.gbabsf.core.akma.AfKeyService;
import org.gbabsf.core.akma.AkmaContext;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.crypto.AkmaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.store.InMemoryAkmaContextStore;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.sba.http.SbiPeer;
import org.gbabsf.sba.http.SbiRequest;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.NrfKeys;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Naanf_AKMA over its routes with an in-memory store: who may register, retrieve and remove, what
 * each answer carries, and that K_AF is the spec vector's (../shared/notes/akma.md).
 */
class NaanfServiceTest {

  private static final byte[] K_AUSF =
      Hex.decode("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  private static final String SUPI = "imsi-001010000000001";
  private static final String K_AKMA = Hex.encode(AkmaKdf.kAkma(K_AUSF, SUPI));
  private static final String A_KID = "rid0.67d8dee4@akma.mnc001.mcc001.3gppnetwork.org";
  private static final String K_AF =
      "a89042785c95e56bdce5ed364111c15a6aeaef7dcac87d51f5da66e5c6557adf";
  private static final String AANF = UUID.randomUUID().toString();

  @TempDir Path dir;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-29T08:00:00Z"));
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ObjectMapper json = new ObjectMapper();

  private AkmaContextStore store = new InMemoryAkmaContextStore(1000, clock);

  private static NaanfService.Settings settings(boolean operationScopes) {
    return new NaanfService.Settings(
        Set.of("ausf.example.net"),
        Map.of("af.example.com", "internal", "other-af.example.com", "internal"),
        Map.of("nef.example.net", "nef"),
        new NafFqdnPolicy(Map.of("nef", Set.of("external-af.example.org"))),
        Set.of("af.example.com"),
        AfIdentifiers.httpDigest(),
        operationScopes,
        Duration.ofSeconds(7));
  }

  private SbiRoutes routes(Optional<AccessTokenVerifier> tokens) {
    return routes(tokens, settings(true));
  }

  private SbiRoutes routes(Optional<AccessTokenVerifier> tokens, NaanfService.Settings s) {
    return new NaanfService(
            new AnchorService(store, clock, Duration.ofSeconds(1), Duration.ofHours(12)),
            new AfKeyService(store, clock, Duration.ofSeconds(1), Duration.ofHours(1)),
            s,
            tokens,
            clock,
            registry)
        .routes();
  }

  private SbiResponse post(SbiRoutes routes, String path, String body, String... names)
      throws Exception {
    return post(routes, path, body, Map.of(), names);
  }

  private SbiResponse post(
      SbiRoutes routes, String path, String body, Map<String, String> headers, String... names)
      throws Exception {
    SbiRoutes.Match.Found found =
        (SbiRoutes.Match.Found) routes.match("POST", List.of(path.substring(1).split("/")));
    SbiRequest request =
        new SbiRequest(
            "POST",
            path,
            Map.of(),
            headers,
            body.replace('\'', '"').getBytes(StandardCharsets.UTF_8),
            new SbiPeer(new InetSocketAddress("127.0.0.1", 40000), true, List.of(names)),
            Map.of());
    return found.route().service().handle(request).toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private static String registration() {
    return "{'supi':'"
        + SUPI
        + "','gpsi':'msisdn-4917000001','aKId':'"
        + A_KID
        + "','kAkma':'"
        + K_AKMA
        + "'}";
  }

  private static String keyRequest(String afId, String extra) {
    return "{'afId':'" + afId + "','aKId':'" + A_KID + "'" + extra + "}";
  }

  private JsonNode body(SbiResponse r) throws Exception {
    return json.readTree(r.body());
  }

  private double count(String operation, String outcome) {
    var c =
        registry
            .find("bsf.naanf.outcomes")
            .tag("operation", operation)
            .tag("outcome", outcome)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_serve_the_spec_vector_with_the_supi_when_an_internal_af_may_see_it()
      throws Exception {
    SbiRoutes r = routes(Optional.empty());
    SbiResponse registered = post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse key =
        post(r, NaanfService.RETRIEVE, keyRequest("af.example.com", ""), "af.example.com");

    assertThat(registered.status()).isEqualTo(200);
    assertThat(body(registered).get("aKId").asText()).isEqualTo(A_KID);
    assertThat(key.status()).isEqualTo(200);
    assertThat(body(key).get("kaf").asText()).isEqualTo(K_AF);
    assertThat(body(key).get("supi").asText()).isEqualTo(SUPI);
    assertThat(body(key).get("gpsi").asText()).isEqualTo("msisdn-4917000001");
    assertThat(body(key).get("expiry").asText()).isEqualTo("2026-11-29T09:00:00Z");
    assertThat(count("register", "registered")).isEqualTo(1);
    assertThat(count("retrieve", "key")).isEqualTo(1);
  }

  @Test
  void should_return_no_identity_when_the_request_is_anonymous() throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse key =
        post(
            r,
            NaanfService.RETRIEVE,
            keyRequest("af.example.com", ",'anonInd':true"),
            "af.example.com");

    assertThat(body(key).get("kaf").asText()).isEqualTo(K_AF);
    assertThat(body(key).has("supi")).isFalse();
    assertThat(body(key).has("gpsi")).isFalse();
  }

  @Test
  void should_withhold_the_supi_when_the_af_is_not_granted_it() throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse key =
        post(
            r,
            NaanfService.RETRIEVE,
            keyRequest("other-af.example.com", ""),
            "other-af.example.com");

    assertThat(key.status()).isEqualTo(200);
    assertThat(body(key).has("supi")).isFalse();
    assertThat(body(key).has("gpsi")).isFalse();
  }

  @Test
  void should_give_the_nef_the_gpsi_and_never_the_supi_when_it_asks_for_an_external_af()
      throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse key =
        post(
            r, NaanfService.RETRIEVE, keyRequest("external-af.example.org", ""), "nef.example.net");

    assertThat(key.status()).isEqualTo(200);
    assertThat(body(key).get("kaf").asText())
        .isEqualTo(
            Hex.encode(
                AkmaKdf.kAf(
                    Hex.decode(K_AKMA),
                    AkmaKdf.afId("external-af.example.org", Hex.decode("0100000002")))));
    assertThat(body(key).has("supi")).isFalse();
    assertThat(body(key).get("gpsi").asText()).isEqualTo("msisdn-4917000001");
  }

  @Test
  void should_refuse_with_403_when_an_af_asks_for_another_afs_fqdn() throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse key =
        post(r, NaanfService.RETRIEVE, keyRequest("af.example.com", ""), "other-af.example.com");

    assertThat(key.status()).isEqualTo(403);
    assertThat(body(key).get("cause").asText()).isEqualTo("OPERATION_NOT_ALLOWED");
    assertThat(new String(key.body(), StandardCharsets.UTF_8)).doesNotContain(K_AF);
    assertThat(count("retrieve", "fqdn_not_allowed")).isEqualTo(1);
  }

  @Test
  void should_refuse_with_403_when_the_caller_is_no_configured_af() throws Exception {
    SbiResponse key =
        post(
            routes(Optional.empty()),
            NaanfService.RETRIEVE,
            keyRequest("stranger.example.com", ""),
            "stranger.example.com");

    assertThat(key.status()).isEqualTo(403);
    assertThat(count("retrieve", "unknown_af")).isEqualTo(1);
  }

  @Test
  void should_refuse_with_403_when_an_af_registers_an_anchor_key() throws Exception {
    SbiRoutes r = routes(Optional.empty());

    SbiResponse registered = post(r, NaanfService.REGISTER, registration(), "af.example.com");
    SbiResponse removed = post(r, NaanfService.REMOVE, "{'supi':'" + SUPI + "'}", "af.example.com");

    assertThat(registered.status()).isEqualTo(403);
    assertThat(removed.status()).isEqualTo(403);
    assertThat(store.find(new AKid(A_KID)).toCompletableFuture().get()).isEmpty();
    assertThat(count("register", "not_an_ausf")).isEqualTo(1);
  }

  @Test
  void should_refuse_with_403_when_the_caller_presents_no_identity() throws Exception {
    SbiResponse r = post(routes(Optional.empty()), NaanfService.REGISTER, registration());

    assertThat(r.status()).isEqualTo(403);
    assertThat(count("register", "unidentified")).isEqualTo(1);
  }

  @Test
  void should_answer_204_when_the_a_kid_is_unknown() throws Exception {
    SbiResponse key =
        post(
            routes(Optional.empty()),
            NaanfService.RETRIEVE,
            keyRequest("af.example.com", ""),
            "af.example.com");

    assertThat(key.status()).isEqualTo(204);
    assertThat(key.body()).isEmpty();
    assertThat(count("retrieve", "no_context")).isEqualTo(1);
  }

  @Test
  void should_answer_204_and_serve_no_key_after_the_context_is_removed() throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse removed =
        post(r, NaanfService.REMOVE, "{'supi':'" + SUPI + "'}", "ausf.example.net");
    SbiResponse key =
        post(r, NaanfService.RETRIEVE, keyRequest("af.example.com", ""), "af.example.com");

    assertThat(removed.status()).isEqualTo(204);
    assertThat(key.status()).isEqualTo(204);
  }

  @Test
  void should_answer_400_naming_the_attribute_when_k_akma_is_not_32_octets() throws Exception {
    SbiResponse r =
        post(
            routes(Optional.empty()),
            NaanfService.REGISTER,
            registration().replace(K_AKMA, K_AKMA.substring(2)),
            "ausf.example.net");

    assertThat(r.status()).isEqualTo(400);
    assertThat(body(r).get("invalidParams").get(0).get("param").asText()).isEqualTo("/kAkma");
    assertThat(count("register", "invalid")).isEqualTo(1);
  }

  @Test
  void should_answer_400_when_a_registration_carries_a_gpsi_and_no_supi() throws Exception {
    SbiResponse r =
        post(
            routes(Optional.empty()),
            NaanfService.REGISTER,
            "{'gpsi':'msisdn-4917000001','aKId':'" + A_KID + "','kAkma':'" + K_AKMA + "'}",
            "ausf.example.net");

    assertThat(r.status()).isEqualTo(400);
    assertThat(body(r).get("invalidParams").get(0).get("param").asText()).isEqualTo("/supi");
  }

  @Test
  void should_answer_403_and_keep_the_first_when_an_a_kid_names_another_supi() throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse second =
        post(
            r,
            NaanfService.REGISTER,
            registration().replace(SUPI, "imsi-001010000000002"),
            "ausf.example.net");
    SbiResponse key =
        post(r, NaanfService.RETRIEVE, keyRequest("af.example.com", ""), "af.example.com");

    assertThat(second.status()).isEqualTo(403);
    assertThat(body(key).get("supi").asText()).isEqualTo(SUPI);
  }

  @Test
  void should_answer_503_with_retry_after_when_the_store_fails() throws Exception {
    store = new FailingStore();

    SbiResponse r =
        post(routes(Optional.empty()), NaanfService.REGISTER, registration(), "ausf.example.net");

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.headers()).containsEntry("retry-after", "7");
    assertThat(count("register", "store_unavailable")).isEqualTo(1);
  }

  private SbiRoutes routesWithTokens(SimulatedNrf nrf, boolean operationScopes) throws Exception {
    NrfKeys keys = NrfKeys.load(nrf.writePublicKey(dir.resolve("nrf.pem")));
    return routes(
        Optional.of(AccessTokenVerifier.forNaanfAkma(keys, AANF, clock, Duration.ZERO)),
        settings(operationScopes));
  }

  private static Map<String, String> bearer(String token) {
    Map<String, String> h = new HashMap<>();
    h.put("authorization", "Bearer " + token);
    return h;
  }

  @Test
  void should_need_the_operation_scope_when_tokens_are_required() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    SbiRoutes r = routesWithTokens(nrf, true);
    String apiOnly = nrf.token("ausf.example.net", "AANF", "naanf-akma", Duration.ofMinutes(5));
    String anchor =
        nrf.token(
            "ausf.example.net", AANF, "naanf-akma naanf-akma:anchorkey", Duration.ofMinutes(5));

    SbiResponse refused = post(r, NaanfService.REGISTER, registration(), bearer(apiOnly));
    SbiResponse accepted = post(r, NaanfService.REGISTER, registration(), bearer(anchor));

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.headers().get("www-authenticate"))
        .contains("insufficient_scope")
        .contains("naanf-akma:anchorkey");
    assertThat(accepted.status()).isEqualTo(200);
  }

  @Test
  void should_take_the_api_scope_alone_when_operation_scopes_are_off() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    SbiRoutes r = routesWithTokens(nrf, false);
    String apiOnly = nrf.token("ausf.example.net", "AANF", "naanf-akma", Duration.ofMinutes(5));

    assertThat(post(r, NaanfService.REGISTER, registration(), bearer(apiOnly)).status())
        .isEqualTo(200);
  }

  @Test
  void should_answer_401_when_the_token_is_for_another_nf_type() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    SbiRoutes r = routesWithTokens(nrf, true);
    String forBsf =
        nrf.token(
            "ausf.example.net",
            "GBA_BSF",
            "naanf-akma naanf-akma:anchorkey",
            Duration.ofMinutes(5));

    SbiResponse refused = post(r, NaanfService.REGISTER, registration(), bearer(forBsf));

    assertThat(refused.status()).isEqualTo(401);
    assertThat(count("register", "token_refused")).isEqualTo(1);
  }

  @Test
  void should_return_the_supi_only_with_the_supi_access_scope_when_tokens_are_required()
      throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    SbiRoutes r = routesWithTokens(nrf, true);
    post(
        r,
        NaanfService.REGISTER,
        registration(),
        bearer(
            nrf.token(
                "ausf.example.net",
                AANF,
                "naanf-akma naanf-akma:anchorkey",
                Duration.ofMinutes(5))));
    String keyGet =
        nrf.token(
            "af.example.com",
            AANF,
            "naanf-akma naanf-akma:applicationkeyget",
            Duration.ofMinutes(5));
    String supiAccess =
        nrf.token(
            "af.example.com",
            AANF,
            "naanf-akma naanf-akma:applicationkeyget naanf-akma:applicationkeyget:supi-access",
            Duration.ofMinutes(5));

    SbiResponse without =
        post(r, NaanfService.RETRIEVE, keyRequest("af.example.com", ""), bearer(keyGet));
    SbiResponse with =
        post(r, NaanfService.RETRIEVE, keyRequest("af.example.com", ""), bearer(supiAccess));

    assertThat(body(without).has("supi")).isFalse();
    assertThat(body(with).get("supi").asText()).isEqualTo(SUPI);
  }

  @Test
  void should_withhold_the_supi_when_a_nef_token_grants_supi_access() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    SbiRoutes r = routesWithTokens(nrf, true);
    post(
        r,
        NaanfService.REGISTER,
        registration(),
        bearer(
            nrf.token(
                "ausf.example.net",
                AANF,
                "naanf-akma naanf-akma:anchorkey",
                Duration.ofMinutes(5))));
    String everything =
        nrf.token(
            "nef.example.net",
            AANF,
            "naanf-akma naanf-akma:applicationkeyget naanf-akma:applicationkeyget:supi-access",
            Duration.ofMinutes(5));

    SbiResponse key =
        post(
            r,
            NaanfService.RETRIEVE,
            keyRequest("external-af.example.org", ""),
            bearer(everything));

    assertThat(key.status()).isEqualTo(200);
    assertThat(body(key).has("supi")).isFalse();
  }

  @Test
  void should_treat_the_caller_as_a_nef_when_its_certificate_also_names_an_af() throws Exception {
    SbiRoutes r = routes(Optional.empty());
    post(r, NaanfService.REGISTER, registration(), "ausf.example.net");

    SbiResponse key =
        post(
            r,
            NaanfService.RETRIEVE,
            keyRequest("af.example.com", ""),
            "af.example.com",
            "nef.example.net");

    assertThat(key.status()).isEqualTo(200);
    assertThat(body(key).has("supi")).as("a NEF never gets the SUPI").isFalse();
  }

  /** A store whose every call fails, as an unreachable Cassandra's does. */
  private static final class FailingStore implements AkmaContextStore {
    @Override
    public CompletionStage<Registration> register(AkmaContext context) {
      return CompletableFuture.failedFuture(new StoreException("down"));
    }

    @Override
    public CompletionStage<Optional<AkmaContext>> find(AKid aKid) {
      return CompletableFuture.failedFuture(new StoreException("down"));
    }

    @Override
    public CompletionStage<Boolean> remove(Supi supi) {
      return CompletableFuture.failedFuture(new StoreException("down"));
    }
  }
}
