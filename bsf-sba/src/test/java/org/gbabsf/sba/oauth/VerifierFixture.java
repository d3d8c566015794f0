package org.gbabsf.sba.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.oauth.TestTokens.BSF_ID;
import static org.gbabsf.sba.oauth.TestTokens.claims;
import static org.gbabsf.sba.oauth.TestTokens.header;
import static org.gbabsf.sba.oauth.TestTokens.sign;

import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.sba.oauth.TokenCheck.Reason;
import org.gbabsf.sba.oauth.TokenCheck.Rejected;

/** What the verifier tests share: keys, a verifier at a fixed time, tokens and checks. */
final class VerifierFixture {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
  static final Duration SKEW = Duration.ofSeconds(30);
  static final KeyPair EC = TestTokens.ec("secp256r1");
  static final KeyPair RSA = TestTokens.rsa(2048);
  static final KeyPair OTHER_EC = TestTokens.ec("secp256r1");

  static final NrfKeys KEYS =
      NrfKeys.of(
          Map.of("ec1", EC.getPublic(), "rsa1", RSA.getPublic()), Optional.of(EC.getPublic()));

  /** For this BSF instance or GBA_BSF, scope nbsp-gba, at {@link #NOW}. */
  static final AccessTokenVerifier VERIFIER =
      AccessTokenVerifier.forNbspGba(KEYS, BSF_ID, Clock.fixed(NOW, ZoneOffset.UTC), SKEW);

  static String bearer(String token) {
    return "Bearer " + token;
  }

  static String es256(Map<String, Object> claims) {
    return sign(JwsAlgorithm.ES256, EC.getPrivate(), header("ES256", "ec1"), claims);
  }

  static Map<String, Object> claimsWith(String name, Object value) {
    Map<String, Object> c = claims(NOW);
    if (value == null) {
      c.remove(name);
    } else {
      c.put(name, value);
    }
    return c;
  }

  /**
   * Checks that {@code authorization} is rejected for {@code reason}, and that the detail is
   * printable and quotes no part of the token.
   */
  static Rejected rejected(String authorization, Reason reason) {
    return rejected(VERIFIER, authorization, reason);
  }

  static Rejected rejected(AccessTokenVerifier verifier, String authorization, Reason reason) {
    TokenCheck check = verifier.verify(authorization);
    assertThat(check).isInstanceOf(Rejected.class);
    Rejected r = (Rejected) check;
    assertThat(r.reason()).as(r.detail()).isEqualTo(reason);
    if (authorization != null) {
      String token = authorization.replaceFirst("^\\s*\\S+\\s*", "");
      for (String part : token.split("\\.")) {
        if (part.length() > 8) {
          assertThat(r.detail()).doesNotContain(part);
        }
      }
    }
    assertThat(r.detail()).matches("[\\x20-\\x7e]*");
    return r;
  }

  private VerifierFixture() {}
}
