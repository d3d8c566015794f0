package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

/** The Ua decisions, with a fake key source (no BSF). */
class UaAuthenticatorTest {

  private static final String HOST = "xcap.home1.net";
  private static final String BTID = "QUJDREVGR0hJSktMTU5PUA==@bsf.home1.net";
  private static final String URI = "/xcap-root/doc.xml";
  private static final byte[] KEY = new byte[32];

  private final java.util.concurrent.atomic.AtomicInteger fetches =
      new java.util.concurrent.atomic.AtomicInteger();
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
  private final NonceBook nonces = new NonceBook(Duration.ofMinutes(5), 100, clock);
  private KeyAnswer answer =
      new KeyAnswer.Key(
          KEY, clock.instant().plus(Duration.ofHours(1)), List.of("sip:alice@home1.net"));
  private final UaAuthenticator ua =
      new UaAuthenticator(
          new NafKeySource() {
            @Override
            public CompletionStage<KeyAnswer> fetch(String btid, String naf, UaProtocol p) {
              fetches.incrementAndGet();
              return CompletableFuture.completedFuture(answer);
            }
          },
          nonces,
          clock);

  private String authorization(String nonce, String nc, byte[] key, String uri) {
    String realm = UaDigest.realm(HOST);
    String ha1 = DigestAka.ha1(BTID, realm, java.util.Base64.getEncoder().encode(key));
    String response = DigestAka.response(ha1, nonce, nc, "c1", "auth", "GET", uri, null);
    return "Digest username=\""
        + BTID
        + "\", realm=\""
        + realm
        + "\", nonce=\""
        + nonce
        + "\", uri=\""
        + uri
        + "\", qop=auth, nc="
        + nc
        + ", cnonce=\"c1\", response=\""
        + response
        + "\"";
  }

  private UaOutcome decide(String authorization, String intended) {
    return ua.authenticate(
            new UaRequest(
                HOST,
                "GET",
                URI,
                Optional.ofNullable(authorization),
                () -> DigestAka.EMPTY_BODY_MD5,
                Optional.ofNullable(intended),
                UaProtocol.HTTP_DIGEST))
        .toCompletableFuture()
        .join();
  }

  @Test
  void should_forward_asserting_the_users_identities_when_the_digest_verifies() {
    String nonce = nonces.issue(HOST);

    UaOutcome o = decide(authorization(nonce, "00000001", KEY, URI), null);

    assertThat(o).isInstanceOf(UaOutcome.Authenticated.class);
    assertThat(((UaOutcome.Authenticated) o).assertedIdentities())
        .containsExactly("sip:alice@home1.net");
  }

  @Test
  void should_challenge_with_its_cause_when_credentials_are_missing_wrong_replayed_or_stale() {
    String nonce = nonces.issue(HOST);
    String good = authorization(nonce, "00000001", KEY, URI);

    assertThat(decide(null, null))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false));
    assertThat(decide(good, null)).isInstanceOf(UaOutcome.Authenticated.class);
    assertThat(decide(good, null))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.REPLAYED, false));
    assertThat(decide(authorization(nonce, "00000002", new byte[] {1}, URI), null))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.WRONG_RESPONSE, false));
    assertThat(decide(authorization("expired-or-unknown", "00000001", KEY, URI), null))
        .as("right digest, unknown nonce: stale=true")
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.STALE_NONCE, true));
  }

  @Test
  void should_ask_the_bsf_nothing_when_the_nonce_is_unknown_or_its_count_was_used() {
    String nonce = nonces.issue(HOST);
    assertThat(decide(authorization(nonce, "00000001", KEY, URI), null))
        .isInstanceOf(UaOutcome.Authenticated.class);
    int before = fetches.get();

    decide(authorization("made-up-nonce", "00000001", new byte[] {7}, URI), null);
    decide(authorization(nonce, "00000001", KEY, URI), null);

    assertThat(fetches.get()).as("no key asked for").isEqualTo(before);
  }

  @Test
  void should_spend_a_count_only_when_the_digest_verifies() {
    String nonce = nonces.issue(HOST);

    assertThat(decide(authorization(nonce, "00000001", new byte[] {9}, URI), null))
        .as("junk from whoever saw the nonce")
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.WRONG_RESPONSE, false));
    assertThat(decide(authorization(nonce, "00000001", KEY, URI), null))
        .as("the real UE's count is still good")
        .isInstanceOf(UaOutcome.Authenticated.class);
  }

  @Test
  void should_ask_to_bootstrap_when_the_bsf_does_not_know_the_btid_or_the_key_expired() {
    answer = new KeyAnswer.Unknown();
    assertThat(decide(authorization(nonces.issue(HOST), "00000001", KEY, URI), null))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.BOOTSTRAPPING_REQUIRED, false));

    answer = new KeyAnswer.Key(KEY, clock.instant().minusSeconds(1), List.of("sip:a@h"));
    assertThat(decide(authorization(nonces.issue(HOST), "00000001", KEY, URI), null))
        .isEqualTo(new UaOutcome.Challenge(UaOutcome.Cause.KEY_EXPIRED, false));
  }

  @Test
  void should_refuse_with_403_when_the_identity_is_foreign_or_the_bsf_refuses() {
    assertThat(decide(authorization(nonces.issue(HOST), "00000001", KEY, URI), "sip:bob@home1.net"))
        .isInstanceOf(UaOutcome.Forbidden.class);
    assertThat(
            decide(
                authorization(nonces.issue(HOST), "00000001", KEY, URI),
                "\"<sip:alice@HOME1.net>\""))
        .as("quoted, bracketed, another case of host: the same identity")
        .isInstanceOf(UaOutcome.Authenticated.class);

    answer = new KeyAnswer.Refused(5402);
    assertThat(decide(authorization(nonces.issue(HOST), "00000001", KEY, URI), null))
        .isInstanceOf(UaOutcome.Forbidden.class);
  }

  @Test
  void should_answer_503_when_the_bsf_is_unreachable_and_400_when_the_uri_is_another() {
    assertThat(decide(authorization(nonces.issue(HOST), "00000001", KEY, "/other"), null))
        .isEqualTo(new UaOutcome.BadRequest("digest uri does not match the request target"));

    answer = new KeyAnswer.Unavailable("timeout");
    assertThat(decide(authorization(nonces.issue(HOST), "00000001", KEY, URI), null))
        .isInstanceOf(UaOutcome.Unavailable.class);
  }
}
