package org.gbabsf.sba.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.oauth.TestTokens.BSF_ID;
import static org.gbabsf.sba.oauth.TestTokens.b64;
import static org.gbabsf.sba.oauth.TestTokens.claims;
import static org.gbabsf.sba.oauth.TestTokens.header;
import static org.gbabsf.sba.oauth.TestTokens.sign;
import static org.gbabsf.sba.oauth.TestTokens.signRaw;
import static org.gbabsf.sba.oauth.VerifierFixture.EC;
import static org.gbabsf.sba.oauth.VerifierFixture.NOW;
import static org.gbabsf.sba.oauth.VerifierFixture.RSA;
import static org.gbabsf.sba.oauth.VerifierFixture.VERIFIER;
import static org.gbabsf.sba.oauth.VerifierFixture.bearer;
import static org.gbabsf.sba.oauth.VerifierFixture.claimsWith;
import static org.gbabsf.sba.oauth.VerifierFixture.es256;
import static org.gbabsf.sba.oauth.VerifierFixture.rejected;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.gbabsf.sba.oauth.TokenCheck.Reason;
import org.gbabsf.sba.oauth.TokenCheck.Rejected;
import org.junit.jupiter.api.Test;

/**
 * The verifier on input that is not a usable token: no bearer credentials, malformed headers and
 * JWS, algorithms refused, and random damage, none of which may throw.
 */
class AccessTokenInputTest {

  // ---- MISSING

  @Test
  void should_reject_as_missing_without_error_code_when_there_is_no_bearer_token() {
    for (String header : new String[] {null, "", "   ", "Basic dXNlcjpwYXNz", "Bearerx abc"}) {
      Rejected r = rejected(header, Reason.MISSING);
      assertThat(r.status()).isEqualTo(401);
      assertThat(r.error()).isEmpty();
      assertThat(VERIFIER.wwwAuthenticate(r)).isEqualTo("Bearer");
    }
  }

  // ---- MALFORMED

  @Test
  void should_reject_as_malformed_when_the_header_value_is_huge() {
    String token = es256(claims(NOW));
    String huge = bearer(token + "A".repeat(AccessTokenVerifier.MAX_HEADER_LENGTH));

    Rejected r = rejected(huge, Reason.MALFORMED);

    assertThat(r.detail()).contains("8192");
  }

  @Test
  void should_reject_as_malformed_when_the_token_is_not_three_base64url_parts() {
    String token = es256(claims(NOW));
    String[] parts = token.split("\\.");

    rejected("Bearer", Reason.MALFORMED);
    rejected(bearer(parts[0] + "." + parts[1]), Reason.MALFORMED);
    rejected(bearer(token + ".AAAA.BBBB"), Reason.MALFORMED);
    rejected(bearer(parts[0] + "=." + parts[1] + "." + parts[2]), Reason.MALFORMED);
    rejected(bearer(parts[0] + "." + parts[1] + "." + parts[2] + "="), Reason.MALFORMED);
    rejected(bearer(parts[0] + "." + parts[1] + "+/." + parts[2]), Reason.MALFORMED);
    rejected(bearer(parts[0] + "." + parts[1] + "."), Reason.MALFORMED);
    rejected(bearer(parts[0] + ".." + parts[2]), Reason.MALFORMED);
    rejected(bearer("A." + parts[1] + "." + parts[2]), Reason.MALFORMED);
  }

  @Test
  void should_reject_as_malformed_when_the_jose_header_looks_like_utf32_to_the_json_reader() {
    // Fuzzing found it (docs/fuzzing.md): three zero bytes make Jackson read UTF-32, and an
    // invalid code point there failed with an IOException that escaped the verifier.
    byte[] utf32ish = {0, 0, 0, '{', 0x16, (byte) 0xc5, 0x72, 0x23};
    String sig = "." + b64("{}") + "." + b64(new byte[64]);

    Rejected r = rejected(bearer(b64(utf32ish) + sig), Reason.MALFORMED);

    assertThat(r.detail()).contains("JOSE header");
  }

  @Test
  void should_reject_as_malformed_when_the_jose_header_is_not_a_strict_json_object() {
    String sig = "." + b64("{}") + "." + b64(new byte[64]);

    rejected(bearer(b64("not json") + sig), Reason.MALFORMED);
    rejected(bearer(b64("[\"ES256\"]") + sig), Reason.MALFORMED);
    rejected(bearer(b64("{\"alg\":\"ES256\"} {}") + sig), Reason.MALFORMED);
    rejected(bearer(b64("{\"alg\":\"none\",\"alg\":\"ES256\"}") + sig), Reason.MALFORMED);
    rejected(bearer(b64("{\"typ\":\"JWT\"}") + sig), Reason.MALFORMED);
    rejected(bearer(b64("{\"alg\":256}") + sig), Reason.MALFORMED);
    rejected(bearer(b64("{\"alg\":\"ES256\",\"kid\":7}") + sig), Reason.MALFORMED);
    rejected(
        bearer(b64(new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xff, '"', '}'}) + sig),
        Reason.MALFORMED);
  }

  @Test
  void should_reject_as_malformed_when_the_header_has_crit() {
    Map<String, Object> h = header("ES256", "ec1");
    h.put("crit", List.of("exp"));

    rejected(bearer(sign(JwsAlgorithm.ES256, EC.getPrivate(), h, claims(NOW))), Reason.MALFORMED);
  }

  @Test
  void should_reject_as_malformed_when_a_signed_payload_lacks_a_required_claim_or_is_not_json() {
    for (String claim : new String[] {"iss", "sub", "aud", "scope", "exp"}) {
      rejected(bearer(es256(claimsWith(claim, null))), Reason.MALFORMED);
    }
    rejected(bearer(es256(claimsWith("aud", 42))), Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("aud", List.of()))), Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("aud", List.of(BSF_ID, 3)))), Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("scope", "nbsp-gba  other"))), Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("scope", List.of("nbsp-gba")))), Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("exp", "tomorrow"))), Reason.MALFORMED);
    rejected(
        bearer(es256(claimsWith("exp", new java.math.BigInteger("1" + "0".repeat(30))))),
        Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("nbf", "now"))), Reason.MALFORMED);
    rejected(bearer(es256(claimsWith("sub", ""))), Reason.MALFORMED);
    String header = TestTokens.json(header("ES256", "ec1"));
    rejected(bearer(signRaw(JwsAlgorithm.ES256, EC.getPrivate(), header, "[1]")), Reason.MALFORMED);
    rejected(bearer(signRaw(JwsAlgorithm.ES256, EC.getPrivate(), header, "{")), Reason.MALFORMED);
  }

  // ---- UNSUPPORTED_ALGORITHM

  @Test
  void should_reject_as_unsupported_when_alg_is_none() {
    String token = b64("{\"alg\":\"none\"}") + "." + b64(TestTokens.json(claims(NOW))) + ".";

    Rejected r = rejected(bearer(token), Reason.UNSUPPORTED_ALGORITHM);

    assertThat(r.detail()).contains("\"none\"");
  }

  @Test
  void should_reject_as_unsupported_when_hs256_is_keyed_with_the_nrf_public_key() throws Exception {
    // the key-confusion attack: HMAC "keyed" with the RSA public key anyone can have
    String input =
        b64(TestTokens.json(header("HS256", "rsa1"))) + "." + b64(TestTokens.json(claims(NOW)));
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(RSA.getPublic().getEncoded(), "HmacSHA256"));
    String token = input + "." + b64(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));

    rejected(bearer(token), Reason.UNSUPPORTED_ALGORITHM);
  }

  @Test
  void should_reject_as_unsupported_when_alg_is_in_another_case_or_another_ec_size() {
    rejected(
        bearer(sign(JwsAlgorithm.ES256, EC.getPrivate(), header("es256", "ec1"), claims(NOW))),
        Reason.UNSUPPORTED_ALGORITHM);
    rejected(
        bearer(sign(JwsAlgorithm.ES256, EC.getPrivate(), header("ES384", "ec1"), claims(NOW))),
        Reason.UNSUPPORTED_ALGORITHM);
  }

  // ---- damage

  @Test
  void should_reject_without_throwing_when_any_character_of_a_valid_token_is_changed() {
    String token = es256(claims(NOW));
    String alphabet = "AZaz09-_.=+/ \"\u00e9\u0000";
    java.util.Random random = new java.util.Random(20260301L);
    int accepted = 0;

    for (int i = 0; i < 3000; i++) {
      char[] damaged = token.toCharArray();
      int at = random.nextInt(damaged.length);
      damaged[at] = alphabet.charAt(random.nextInt(alphabet.length()));
      String candidate = new String(damaged);
      TokenCheck check = VERIFIER.verify(bearer(candidate));
      if (check instanceof Rejected r) {
        assertThat(r.detail()).matches("[\\x20-\\x7e]*");
      } else {
        accepted++;
        // only a change that decodes to the same octets (the unused low bits of the last
        // character of a part) may leave the token valid
        assertThat(Base64Decoded.same(candidate, token)).as(candidate).isTrue();
      }
    }
    assertThat(accepted).isLessThan(30);
  }

  @Test
  void should_reject_as_malformed_without_throwing_when_json_nests_deeply() {
    String deep = "[".repeat(3000) + "]".repeat(3000);
    String sig = "." + b64("{}") + "." + b64(new byte[64]);

    rejected(bearer(b64("{\"alg\":\"ES256\",\"x\":" + deep + "}") + sig), Reason.MALFORMED);
  }

  /** Compares tokens by their decoded parts. */
  private static final class Base64Decoded {
    static boolean same(String a, String b) {
      String[] pa = a.split("\\.", -1);
      String[] pb = b.split("\\.", -1);
      if (pa.length != 3 || pb.length != 3) {
        return false;
      }
      for (int i = 0; i < 3; i++) {
        if (!CompactJws.isBase64Url(pa[i])
            || !java.util.Arrays.equals(
                java.util.Base64.getUrlDecoder().decode(pa[i]),
                java.util.Base64.getUrlDecoder().decode(pb[i]))) {
          return false;
        }
      }
      return true;
    }
  }
}
