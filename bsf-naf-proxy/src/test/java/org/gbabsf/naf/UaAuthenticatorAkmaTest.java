package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

/** The Ua* decisions with AKMA beside GBA (TS 33.535 Annex B), with fake key sources. */
class UaAuthenticatorAkmaTest {

  private static final String HOST = "xcap.home1.net";
  private static final String AKID = "0.0123456789abcdef@akma.mnc001.mcc001.3gppnetwork.org";
  private static final String BTID = "QUJDREVGR0hJSktMTU5PUA==@bsf.home1.net";
  private static final String URI = "/xcap-root/doc.xml";
  private static final UaProtocol TLS = UaProtocol.overTls("TLS_AES_128_GCM_SHA256");
  private static final UaProtocol OTHER_SUITE = UaProtocol.overTls("TLS_AES_256_GCM_SHA384");
  private static final byte[] K_AF = new byte[32];
  private static final byte[] KS_NAF = new byte[32];

  static {
    K_AF[0] = 0x0a;
    KS_NAF[0] = 0x05;
  }

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
  private final NonceBook nonces = new NonceBook(Duration.ofMinutes(5), 100, clock);
  private final AtomicInteger aanfQueries = new AtomicInteger();
  private final AtomicInteger znQueries = new AtomicInteger();
  private KeyAnswer afKey =
      new KeyAnswer.Key(K_AF, clock.instant().plus(Duration.ofHours(1)), List.of("tel:+15551234"));

  private UaAuthenticator authenticator(Set<String> hosts, boolean akmaPreferred) {
    return new UaAuthenticator(
        (btid, naf, p) -> {
          znQueries.incrementAndGet();
          return CompletableFuture.completedFuture(
              new KeyAnswer.Key(
                  KS_NAF, clock.instant().plus(Duration.ofHours(1)), List.of("sip:a@home1.net")));
        },
        Optional.of(
            new UaAuthenticator.Akma(
                (aKid, fqdn, p) -> {
                  aanfQueries.incrementAndGet();
                  return CompletableFuture.completedFuture(afKey);
                },
                TLS,
                hosts,
                akmaPreferred)),
        nonces,
        clock);
  }

  private final UaAuthenticator ua = authenticator(Set.of(), true);

  private static String authorization(
      String username, String realm, String nonce, String nc, byte[] key) {
    String ha1 = DigestAka.ha1(username, realm, java.util.Base64.getEncoder().encode(key));
    String response = DigestAka.response(ha1, nonce, nc, "c1", "auth", "GET", URI, null);
    return "Digest username=\""
        + username
        + "\", realm=\""
        + realm
        + "\", nonce=\""
        + nonce
        + "\", uri=\""
        + URI
        + "\", qop=auth, nc="
        + nc
        + ", cnonce=\"c1\", response=\""
        + response
        + "\"";
  }

  private String akma(byte[] key) {
    return authorization(
        AKID, UaDigest.realm(HOST, Keying.AKMA), nonces.issue(HOST), "00000001", key);
  }

  private static UaRequest request(
      String authorization, UaProtocol protocol, String userAgent, String intended) {
    return new UaRequest(
        HOST,
        "GET",
        URI,
        Optional.ofNullable(authorization),
        () -> DigestAka.EMPTY_BODY_MD5,
        Optional.ofNullable(intended),
        protocol,
        Optional.ofNullable(userAgent));
  }

  private UaOutcome decide(UaAuthenticator a, UaRequest r) {
    return a.authenticate(r).toCompletableFuture().join();
  }

  private UaOutcome decide(String authorization) {
    return decide(ua, request(authorization, TLS, "app/1.0 3gpp-akma", null));
  }

  @Test
  void should_offer_akma_when_the_ue_announces_3gpp_akma_over_the_aanfs_tls_protocol() {
    assertThat(decide(ua, request(null, TLS, "xcap-client/2.1 (Linux) 3gpp-akma", null)))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.AKMA));
  }

  @Test
  void should_offer_gba_when_the_request_is_plain_http_though_the_ue_announces_3gpp_akma() {
    assertThat(decide(ua, request(null, UaProtocol.HTTP_DIGEST, "app 3gpp-akma", null)))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.GBA));
    assertThat(
            decide(
                ua,
                request(
                    authorization(
                        AKID,
                        UaDigest.realm(HOST, Keying.AKMA),
                        nonces.issue(HOST),
                        "00000001",
                        K_AF),
                    UaProtocol.HTTP_DIGEST,
                    "app 3gpp-akma",
                    null)))
        .as("AKMA credentials over plain HTTP: a GBA challenge, the AAnF not asked")
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.WRONG_REALM, false, Keying.GBA));
    assertThat(aanfQueries).hasValue(0);
  }

  @Test
  void should_offer_gba_when_the_suite_agreed_is_not_the_one_the_aanf_derives_k_af_for() {
    assertThat(decide(ua, request(null, OTHER_SUITE, "app 3gpp-akma", null)))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.GBA));
  }

  @Test
  void should_offer_gba_when_the_ue_announces_no_akma_or_the_host_does_not_offer_it() {
    assertThat(decide(ua, request(null, TLS, "app 3gpp-gba", null)))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.GBA));
    assertThat(decide(ua, request(null, TLS, "app (3gpp-akma)", null)))
        .as("a comment is not a product")
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.GBA));
    assertThat(
            decide(
                authenticator(Set.of("other.home1.net"), true),
                request(null, TLS, "app 3gpp-akma", null)))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.GBA));
  }

  @Test
  void should_offer_the_preferred_keying_when_the_ue_announces_both() {
    UaRequest both = request(null, TLS, "app 3gpp-gba 3GPP-AKMA/1", null);

    assertThat(decide(ua, both))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.AKMA));
    assertThat(decide(authenticator(Set.of(), false), both))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, Keying.GBA));
  }

  @Test
  void should_forward_asserting_what_the_aanf_gave_when_the_digest_with_k_af_verifies() {
    UaOutcome o = decide(akma(K_AF));

    assertThat(o).isInstanceOf(UaOutcome.Authenticated.class);
    UaOutcome.Authenticated a = (UaOutcome.Authenticated) o;
    assertThat(a.keying()).isEqualTo(Keying.AKMA);
    assertThat(a.assertedIdentities()).containsExactly("tel:+15551234");
    assertThat(aanfQueries).hasValue(1);
    assertThat(znQueries).as("the BSF is not asked").hasValue(0);
  }

  @Test
  void should_still_take_gba_credentials_when_akma_is_offered() {
    UaOutcome o =
        decide(authorization(BTID, UaDigest.realm(HOST), nonces.issue(HOST), "00000001", KS_NAF));

    assertThat(o).isInstanceOf(UaOutcome.Authenticated.class);
    assertThat(((UaOutcome.Authenticated) o).keying()).isEqualTo(Keying.GBA);
    assertThat(aanfQueries).hasValue(0);
  }

  @Test
  void should_challenge_with_the_akma_realm_again_when_the_k_af_digest_is_wrong() {
    assertThat(decide(akma(new byte[32])))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.WRONG_RESPONSE, false, Keying.AKMA));
  }

  @Test
  void should_answer_without_a_challenge_when_the_aanf_has_no_key_for_the_a_kid() {
    afKey = new KeyAnswer.Unknown();
    assertThat(decide(akma(K_AF))).isInstanceOf(UaOutcome.NoAfKey.class);

    afKey = new KeyAnswer.Key(K_AF, clock.instant().minusSeconds(1), List.of("tel:+15551234"));
    assertThat(decide(akma(K_AF))).as("expired").isInstanceOf(UaOutcome.NoAfKey.class);
  }

  @Test
  void should_refuse_or_answer_503_without_a_challenge_when_the_aanf_refuses_or_is_down() {
    afKey = new KeyAnswer.Refused(403);
    assertThat(decide(akma(K_AF)))
        .isEqualTo(
            new UaOutcome.Forbidden(
                "the AAnF does not give this service the user's key (403)", Keying.AKMA));

    afKey = new KeyAnswer.Unavailable("timeout");
    assertThat(decide(akma(K_AF)))
        .isEqualTo(new UaOutcome.Unavailable("the AAnF cannot be reached", Keying.AKMA));
  }

  @Test
  void should_refuse_when_the_aanf_gave_no_identity_or_the_intended_one_is_not_among_them() {
    UaOutcome foreign = decide(ua, request(akma(K_AF), TLS, "app 3gpp-akma", "tel:+15559999"));
    afKey = new KeyAnswer.Key(K_AF, clock.instant().plus(Duration.ofHours(1)), List.of());
    UaOutcome none = decide(akma(K_AF));

    assertThat(foreign).isInstanceOf(UaOutcome.Forbidden.class);
    assertThat(none)
        .isEqualTo(
            new UaOutcome.Forbidden(
                "the AAnF gives this service no identity of this user", Keying.AKMA));
  }

  @Test
  void should_refuse_to_configure_akma_when_its_protocol_is_not_one_over_tls() {
    assertThatThrownBy(
            () ->
                new UaAuthenticator.Akma(
                    (a, f, p) -> CompletableFuture.completedFuture(new KeyAnswer.Unknown()),
                    UaProtocol.HTTP_DIGEST,
                    Set.of(),
                    true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TLS");
  }
}
