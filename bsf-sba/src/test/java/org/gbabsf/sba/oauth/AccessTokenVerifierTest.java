package org.gbabsf.sba.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.sba.oauth.TestTokens.BSF_ID;
import static org.gbabsf.sba.oauth.TestTokens.NAF_ID;
import static org.gbabsf.sba.oauth.TestTokens.NRF_ID;
import static org.gbabsf.sba.oauth.TestTokens.OPERATION_SCOPE;
import static org.gbabsf.sba.oauth.TestTokens.b64;
import static org.gbabsf.sba.oauth.TestTokens.claims;
import static org.gbabsf.sba.oauth.TestTokens.header;
import static org.gbabsf.sba.oauth.TestTokens.sign;
import static org.gbabsf.sba.oauth.VerifierFixture.EC;
import static org.gbabsf.sba.oauth.VerifierFixture.KEYS;
import static org.gbabsf.sba.oauth.VerifierFixture.NOW;
import static org.gbabsf.sba.oauth.VerifierFixture.OTHER_EC;
import static org.gbabsf.sba.oauth.VerifierFixture.RSA;
import static org.gbabsf.sba.oauth.VerifierFixture.SKEW;
import static org.gbabsf.sba.oauth.VerifierFixture.VERIFIER;
import static org.gbabsf.sba.oauth.VerifierFixture.bearer;
import static org.gbabsf.sba.oauth.VerifierFixture.claimsWith;
import static org.gbabsf.sba.oauth.VerifierFixture.es256;
import static org.gbabsf.sba.oauth.VerifierFixture.rejected;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.sba.oauth.TokenCheck.Accepted;
import org.gbabsf.sba.oauth.TokenCheck.Reason;
import org.gbabsf.sba.oauth.TokenCheck.Rejected;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The verifier on well-formed tokens: accepted ones, and each rejection that a key, the signature
 * or a claim decides; the challenge; construction.
 */
class AccessTokenVerifierTest {

  // ---- accepted

  @ParameterizedTest
  @EnumSource(JwsAlgorithm.class)
  void should_accept_with_subject_scopes_and_expiry_when_signed_by_a_trusted_key(JwsAlgorithm alg) {
    PrivateKey key = alg == JwsAlgorithm.ES256 ? EC.getPrivate() : RSA.getPrivate();
    String kid = alg == JwsAlgorithm.ES256 ? "ec1" : "rsa1";
    String token = sign(alg, key, header(alg.name(), kid), claims(NOW));

    TokenCheck check = VERIFIER.verify(bearer(token));

    assertThat(check)
        .isEqualTo(
            new Accepted(
                NAF_ID, NRF_ID, Set.of("nbsp-gba", OPERATION_SCOPE), NOW.plusSeconds(3600)));
  }

  @Test
  void should_accept_when_aud_is_the_gba_bsf_nf_type() {
    assertThat(VERIFIER.verify(bearer(es256(claimsWith("aud", "GBA_BSF")))))
        .isInstanceOf(Accepted.class);
  }

  @Test
  void should_accept_when_aud_lists_this_instance_in_upper_case_among_others() {
    List<String> aud = List.of("11111111-2222-4333-8444-555555555555", BSF_ID.toUpperCase());

    assertThat(VERIFIER.verify(bearer(es256(claimsWith("aud", aud))))).isInstanceOf(Accepted.class);
  }

  @Test
  void should_accept_when_scope_is_nbsp_gba_alone_and_iat_and_nbf_are_absent() {
    Map<String, Object> c = claimsWith("scope", "nbsp-gba");
    c.remove("iat");

    assertThat(VERIFIER.verify(bearer(es256(c)))).isInstanceOf(Accepted.class);
  }

  @Test
  void should_accept_when_the_scheme_is_in_another_case_and_spaces_surround_the_token() {
    assertThat(VERIFIER.verify("  bEaReR   " + es256(claims(NOW)) + " "))
        .isInstanceOf(Accepted.class);
  }

  @Test
  void should_take_the_same_token_when_the_scheme_case_or_the_spaces_differ() {
    String token = es256(claims(NOW));

    assertThat(
            List.of("Bearer " + token, "bearer " + token, "BEARER   " + token, " Bearer " + token))
        .allSatisfy(h -> assertThat(AccessTokenVerifier.bearerToken(h)).contains(token));
    assertThat(AccessTokenVerifier.bearerToken("Basic " + token)).isEmpty();
    assertThat(AccessTokenVerifier.bearerToken("Bearer" + token)).isEmpty();
    assertThat(AccessTokenVerifier.bearerToken(null)).isEmpty();
    assertThat(VERIFIER.verifyToken(token)).isInstanceOf(Accepted.class);
  }

  @Test
  void should_use_the_default_key_when_the_token_has_no_kid() {
    String token = sign(JwsAlgorithm.ES256, EC.getPrivate(), header("ES256", null), claims(NOW));

    assertThat(VERIFIER.verify(bearer(token))).isInstanceOf(Accepted.class);
  }

  @Test
  void should_accept_when_expiry_and_not_before_are_off_by_less_than_the_skew() {
    Map<String, Object> c = claimsWith("exp", NOW.getEpochSecond() - 29);
    c.put("nbf", NOW.getEpochSecond() + 30);
    c.put("iat", NOW.getEpochSecond() + 30);

    assertThat(VERIFIER.verify(bearer(es256(c)))).isInstanceOf(Accepted.class);
  }

  // ---- UNKNOWN_KEY

  @Test
  void should_reject_as_unknown_key_when_the_kid_is_not_trusted() {
    String token =
        sign(JwsAlgorithm.ES256, OTHER_EC.getPrivate(), header("ES256", "elsewhere"), claims(NOW));

    Rejected r = rejected(bearer(token), Reason.UNKNOWN_KEY);

    assertThat(r.detail()).contains("\"elsewhere\"");
  }

  @Test
  void should_reject_as_unknown_key_when_there_is_no_kid_and_no_default_key() {
    AccessTokenVerifier strict =
        AccessTokenVerifier.forNbspGba(
            NrfKeys.of(Map.of("ec1", EC.getPublic()), Optional.empty()),
            BSF_ID,
            Clock.fixed(NOW, ZoneOffset.UTC),
            SKEW);
    String token = sign(JwsAlgorithm.ES256, EC.getPrivate(), header("ES256", null), claims(NOW));

    assertThat(strict.verify(bearer(token)))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.UNKNOWN_KEY));
  }

  @Test
  void should_reject_as_unknown_key_when_the_kid_names_a_key_of_another_kind() {
    String token = sign(JwsAlgorithm.RS256, RSA.getPrivate(), header("RS256", "ec1"), claims(NOW));

    rejected(bearer(token), Reason.UNKNOWN_KEY);
  }

  @Test
  void should_quote_a_kid_safely_when_it_holds_control_characters() {
    String token =
        sign(
            JwsAlgorithm.ES256,
            EC.getPrivate(),
            header("ES256", "a\r\nFAKE\"" + "x".repeat(200)),
            claims(NOW));

    Rejected r = rejected(bearer(token), Reason.UNKNOWN_KEY);

    assertThat(r.detail()).contains("\"a??FAKE?xxx").doesNotContain("\n").hasSizeLessThan(120);
  }

  // ---- BAD_SIGNATURE

  @Test
  void should_reject_as_bad_signature_when_the_payload_is_tampered() {
    String token = es256(claims(NOW));
    String[] parts = token.split("\\.");
    Map<String, Object> c = claims(NOW);
    c.put("scope", "nbsp-gba nnrf-disc");
    String tampered = parts[0] + "." + b64(TestTokens.json(c)) + "." + parts[2];

    rejected(bearer(tampered), Reason.BAD_SIGNATURE);
  }

  @Test
  void should_reject_as_bad_signature_when_another_key_signed_under_a_trusted_kid() {
    String token =
        sign(JwsAlgorithm.ES256, OTHER_EC.getPrivate(), header("ES256", "ec1"), claims(NOW));

    rejected(bearer(token), Reason.BAD_SIGNATURE);
  }

  @Test
  void should_reject_as_bad_signature_when_rs256_is_presented_as_ps256() {
    String input =
        b64(TestTokens.json(header("PS256", "rsa1"))) + "." + b64(TestTokens.json(claims(NOW)));
    byte[] rs256 =
        TestTokens.signature(
            JwsAlgorithm.RS256, RSA.getPrivate(), input.getBytes(StandardCharsets.US_ASCII));

    rejected(bearer(input + "." + b64(rs256)), Reason.BAD_SIGNATURE);
  }

  @Test
  void should_reject_as_bad_signature_when_an_es256_signature_is_not_64_octets() {
    String token = es256(claims(NOW));
    String cut = token.substring(0, token.lastIndexOf('.') + 1) + b64(new byte[63]);

    rejected(bearer(cut), Reason.BAD_SIGNATURE);
    rejected(bearer(token.substring(0, token.lastIndexOf('.') + 1) + "AA"), Reason.BAD_SIGNATURE);
  }

  // ---- EXPIRED, NOT_YET_VALID

  @Test
  void should_reject_as_expired_when_exp_is_past_by_the_skew_or_more() {
    rejected(bearer(es256(claimsWith("exp", NOW.getEpochSecond() - 30))), Reason.EXPIRED);
    rejected(bearer(es256(claimsWith("exp", 0))), Reason.EXPIRED);
    rejected(bearer(es256(claimsWith("exp", -5))), Reason.EXPIRED);
  }

  @Test
  void should_accept_when_exp_is_far_in_the_future() {
    assertThat(VERIFIER.verify(bearer(es256(claimsWith("exp", Long.MAX_VALUE)))))
        .isInstanceOfSatisfying(
            Accepted.class,
            a -> assertThat(a.expiresAt()).isEqualTo(Instant.parse("9999-12-31T23:59:59Z")));
  }

  @Test
  void should_reject_as_not_yet_valid_when_nbf_or_iat_is_beyond_the_skew() {
    rejected(bearer(es256(claimsWith("nbf", NOW.getEpochSecond() + 31))), Reason.NOT_YET_VALID);
    rejected(bearer(es256(claimsWith("iat", NOW.getEpochSecond() + 31))), Reason.NOT_YET_VALID);
  }

  // ---- WRONG_AUDIENCE

  @Test
  void should_reject_as_wrong_audience_when_aud_is_another_nf_type() {
    Rejected r = rejected(bearer(es256(claimsWith("aud", "UDM"))), Reason.WRONG_AUDIENCE);

    assertThat(r.detail()).contains("\"UDM\"");
    assertThat(r.status()).isEqualTo(401);
    assertThat(r.error()).contains("invalid_token");
  }

  @Test
  void should_reject_as_wrong_audience_when_aud_lists_other_instances_only() {
    List<String> aud = List.of("11111111-2222-4333-8444-555555555555");

    rejected(bearer(es256(claimsWith("aud", aud))), Reason.WRONG_AUDIENCE);
  }

  @Test
  void should_reject_as_wrong_audience_when_only_the_instance_is_accepted_and_aud_is_the_type() {
    AccessTokenVerifier instanceOnly =
        new AccessTokenVerifier(
            KEYS,
            ExpectedAudience.instanceOnly(BSF_ID),
            Set.of(AccessTokenVerifier.NBSP_GBA_SCOPE),
            Clock.fixed(NOW, ZoneOffset.UTC),
            SKEW);

    assertThat(instanceOnly.verify(bearer(es256(claimsWith("aud", "GBA_BSF")))))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.WRONG_AUDIENCE));
    assertThat(instanceOnly.verify(bearer(es256(claims(NOW))))).isInstanceOf(Accepted.class);
  }

  // ---- INSUFFICIENT_SCOPE

  @Test
  void should_reject_as_insufficient_scope_with_403_when_only_the_operation_scope_is_granted() {
    Rejected r =
        rejected(bearer(es256(claimsWith("scope", OPERATION_SCOPE))), Reason.INSUFFICIENT_SCOPE);

    assertThat(r.status()).isEqualTo(403);
    assertThat(r.error()).contains("insufficient_scope");
    assertThat(VERIFIER.wwwAuthenticate(r))
        .isEqualTo(
            "Bearer error=\"insufficient_scope\","
                + " error_description=\"the access token lacks the required scope\","
                + " scope=\"nbsp-gba\"");
  }

  @Test
  void should_reject_as_insufficient_scope_when_the_scope_is_another_service() {
    rejected(bearer(es256(claimsWith("scope", "nudm-sdm nbsp-gbax"))), Reason.INSUFFICIENT_SCOPE);
  }

  // ---- challenge, construction

  @Test
  void should_build_an_invalid_token_challenge_when_the_token_has_expired() {
    Rejected r = rejected(bearer(es256(claimsWith("exp", 1))), Reason.EXPIRED);

    assertThat(VERIFIER.wwwAuthenticate(r))
        .isEqualTo(
            "Bearer error=\"invalid_token\", error_description=\"the access token has expired\"");
  }

  @Test
  void should_give_401_and_invalid_token_when_any_reason_but_missing_and_scope() {
    for (Reason reason : Reason.values()) {
      Rejected r = new Rejected(reason, "x");
      String challenge = VERIFIER.wwwAuthenticate(r);
      assertThat(challenge).matches("Bearer( [a-z_]+=\"[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]*\",?)*");
      if (reason != Reason.MISSING && reason != Reason.INSUFFICIENT_SCOPE) {
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.error()).contains("invalid_token");
      }
    }
  }

  @Test
  void should_refuse_construction_when_the_scope_skew_or_audience_is_unusable() {
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    ExpectedAudience aud = ExpectedAudience.instanceOrGbaBsf(BSF_ID);

    assertThatThrownBy(() -> new AccessTokenVerifier(KEYS, aud, Set.of(), clock, SKEW))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AccessTokenVerifier(KEYS, aud, Set.of("a b"), clock, SKEW))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new AccessTokenVerifier(
                    KEYS, aud, Set.of("nbsp-gba"), clock, Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new AccessTokenVerifier(KEYS, aud, Set.of("nbsp-gba"), clock, Duration.ofHours(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ExpectedAudience.instanceOnly("not-a-uuid"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ExpectedAudience(Optional.empty(), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_get_past_the_signature_when_the_rfc7515_a3_example_is_checked_as_a_token()
      throws Exception {
    // the RFC's claims are no access token: the check stops at them, after the signature passed
    AccessTokenVerifier rfc =
        AccessTokenVerifier.forNbspGba(
            NrfKeys.of(Map.of(), Optional.of(JwsSignatureTest.a3Key())),
            BSF_ID,
            Clock.fixed(Instant.ofEpochSecond(1300819000), ZoneOffset.UTC),
            SKEW);

    TokenCheck check = rfc.verify(bearer(JwsSignatureTest.A3_JWS));

    assertThat(check)
        .isInstanceOfSatisfying(
            Rejected.class,
            r -> {
              assertThat(r.reason()).isEqualTo(Reason.MALFORMED);
              assertThat(r.detail()).contains("sub");
            });
    assertThat(rfc.verify(bearer(JwsSignatureTest.A3_JWS.replace("eyJpc3Mi", "eyJpc3Ni"))))
        .isInstanceOfSatisfying(
            Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.BAD_SIGNATURE));
  }
}
