package org.gbabsf.sba.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenCacheTest {

  private static final String BSF = UUID.randomUUID().toString();
  private static final String NAF = UUID.randomUUID().toString();

  @TempDir Path dir;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T08:00:00Z"));

  private TokenCache cache(SimulatedNrf nrf, int capacity) throws Exception {
    NrfKeys keys = NrfKeys.load(nrf.writePublicKey(dir.resolve("nrf.pem")));
    return new TokenCache(
        AccessTokenVerifier.forNbspGba(keys, BSF, clock, Duration.ZERO), clock, capacity);
  }

  @Test
  void should_answer_from_memory_when_the_same_token_comes_again_before_it_expires()
      throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 10);
    String header = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(5));

    TokenCheck first = cache.verify(header);
    TokenCheck second = cache.verify(header);

    assertThat(first).isInstanceOf(TokenCheck.Accepted.class);
    assertThat(second).isSameAs(first);
  }

  @Test
  void should_refuse_a_remembered_token_when_it_has_expired() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 10);
    String header = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(5));
    assertThat(cache.verify(header)).isInstanceOf(TokenCheck.Accepted.class);

    clock.advance(Duration.ofMinutes(6));

    assertThat(cache.verify(header)).isInstanceOf(TokenCheck.Rejected.class);
  }

  @Test
  void should_never_remember_a_refusal_when_a_token_is_tampered() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 10);
    String token = nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(5));
    String tampered = "Bearer " + token.substring(0, token.length() - 4) + "AAAA";

    assertThat(cache.verify(tampered)).isInstanceOf(TokenCheck.Rejected.class);
    assertThat(cache.verify(tampered)).isInstanceOf(TokenCheck.Rejected.class);
    assertThat(cache.verify("Bearer " + token)).isInstanceOf(TokenCheck.Accepted.class);
  }

  @Test
  void should_stay_within_its_capacity_when_many_tokens_come() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 2);
    for (int i = 0; i < 5; i++) {
      String header =
          "Bearer " + nrf.token(UUID.randomUUID().toString(), BSF, "nbsp-gba", Duration.ofHours(1));
      assertThat(cache.verify(header)).isInstanceOf(TokenCheck.Accepted.class);
    }
    assertThat(cache.size()).isLessThanOrEqualTo(2);
  }

  @Test
  void should_verify_once_and_keep_one_entry_when_the_same_token_comes_in_any_case_and_spacing()
      throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 10);
    String token = nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(5));

    TokenCheck first = cache.verify("Bearer " + token);
    for (String header :
        List.of(
            "bearer " + token,
            "BEARER " + token,
            "bEaReR " + token,
            "Bearer    " + token,
            "  Bearer " + token + "  ",
            "\tBEARER  " + token + "\t")) {
      assertThat(cache.verify(header)).as(header.substring(0, 12)).isSameAs(first);
    }

    assertThat(first).isInstanceOf(TokenCheck.Accepted.class);
    assertThat(cache.verifications()).isEqualTo(1);
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void should_evict_only_the_token_expiring_soonest_when_the_cache_is_full() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 3);
    String soon = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(5));
    String later = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(20));
    String latest = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(30));
    String another = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(10));
    TokenCheck laterCheck = cache.verify(later);
    TokenCheck soonCheck = cache.verify(soon);
    TokenCheck latestCheck = cache.verify(latest);

    cache.verify(another);

    assertThat(cache.size()).isEqualTo(3);
    assertThat(cache.verifications()).isEqualTo(4);
    assertThat(cache.verify(later)).isSameAs(laterCheck);
    assertThat(cache.verify(latest)).isSameAs(latestCheck);
    assertThat(cache.verifications()).as("two hits").isEqualTo(4);
    assertThat(cache.verify(soon)).as("verified again").isNotSameAs(soonCheck);
    assertThat(cache.verifications()).isEqualTo(5);
  }

  @Test
  void should_not_serve_an_entry_when_it_has_expired_and_should_drop_it() throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 10);
    String header = "Bearer " + nrf.token(NAF, BSF, "nbsp-gba", Duration.ofMinutes(5));
    TokenCheck first = cache.verify(header);

    clock.advance(Duration.ofMinutes(5));
    TokenCheck after = cache.verify("bearer  " + header.substring("Bearer ".length()));

    assertThat(first).isInstanceOf(TokenCheck.Accepted.class);
    assertThat(after)
        .isInstanceOfSatisfying(
            TokenCheck.Rejected.class,
            r -> assertThat(r.reason()).isEqualTo(TokenCheck.Reason.EXPIRED));
    assertThat(cache.verifications()).isEqualTo(2);
    assertThat(cache.size()).isZero();
  }

  @Test
  void should_give_the_verifier_answer_and_remember_nothing_when_there_is_no_bearer_token()
      throws Exception {
    SimulatedNrf nrf = new SimulatedNrf(clock);
    TokenCache cache = cache(nrf, 10);

    assertThat(cache.verify(null))
        .isInstanceOfSatisfying(
            TokenCheck.Rejected.class,
            r -> assertThat(r.reason()).isEqualTo(TokenCheck.Reason.MISSING));
    assertThat(cache.verify("Basic dXNlcjpwYXNz"))
        .isInstanceOfSatisfying(
            TokenCheck.Rejected.class,
            r -> assertThat(r.reason()).isEqualTo(TokenCheck.Reason.MISSING));
    assertThat(cache.verify("Bearer   "))
        .isInstanceOfSatisfying(
            TokenCheck.Rejected.class,
            r -> assertThat(r.reason()).isEqualTo(TokenCheck.Reason.MALFORMED));
    assertThat(cache.size()).isZero();
  }
}
