package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.akma.NaanfCodec;
import org.junit.jupiter.api.Test;

/** K_AF from a fake AAnF: what each Naanf answer means, what is asserted, what is cached. */
class AanfKeySourceTest {

  private static final String AKID = "0.0123456789abcdef@akma.mnc001.mcc001.3gppnetwork.org";
  private static final String AF = "xcap.home1.net";
  private static final UaProtocol TLS = UaProtocol.overTls("TLS_AES_128_GCM_SHA256");

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
  private final List<NaanfCodec.KeyRequest> asked = new ArrayList<>();
  private NaanfClient.Result next = new NaanfClient.Result.NoContent();

  private AanfKeySource source(boolean assertSupi) {
    return new AanfKeySource(
        r -> {
          asked.add(r);
          return CompletableFuture.completedFuture(next);
        },
        assertSupi);
  }

  private NaanfClient.Result key(Optional<String> supi, Optional<String> gpsi) {
    return new NaanfClient.Result.Key(
        new NaanfCodec.KeyData(
            new byte[32], clock.instant().plus(Duration.ofHours(1)), supi, gpsi));
  }

  private static KeyAnswer fetch(NafKeySource s, String aKid) {
    return s.fetch(aKid, AF, TLS).toCompletableFuture().join();
  }

  @Test
  void should_ask_the_aanf_with_the_a_kid_and_the_fqdn_when_a_key_is_fetched() {
    next = key(Optional.empty(), Optional.of("msisdn-15551234"));

    KeyAnswer a = fetch(source(false), AKID);

    assertThat(asked).hasSize(1);
    assertThat(asked.get(0).afId()).isEqualTo(AF);
    assertThat(asked.get(0).aKid().value()).isEqualTo(AKID);
    assertThat(asked.get(0).anonymous()).isFalse();
    assertThat(a).isInstanceOf(KeyAnswer.Key.class);
    assertThat(((KeyAnswer.Key) a).expiresAt())
        .isEqualTo(clock.instant().plus(Duration.ofHours(1)));
    assertThat(((KeyAnswer.Key) a).identities()).containsExactly("tel:+15551234");
  }

  @Test
  void should_assert_the_supi_only_when_configured_to_and_after_the_gpsi() {
    next = key(Optional.of("imsi-001010000000001"), Optional.of("msisdn-15551234"));

    assertThat(((KeyAnswer.Key) fetch(source(false), AKID)).identities())
        .containsExactly("tel:+15551234");
    assertThat(((KeyAnswer.Key) fetch(source(true), AKID)).identities())
        .containsExactly("tel:+15551234", "imsi-001010000000001");
  }

  @Test
  void should_assert_nothing_when_the_aanf_gives_no_identity_or_one_of_another_form() {
    next = key(Optional.empty(), Optional.empty());
    assertThat(((KeyAnswer.Key) fetch(source(true), AKID)).identities()).isEmpty();

    next = key(Optional.of("imsi-00101\"0001"), Optional.of("msisdn-12ab"));
    assertThat(((KeyAnswer.Key) fetch(source(true), AKID)).identities()).isEmpty();

    next = key(Optional.empty(), Optional.of("extid-alice@iot.example.org"));
    assertThat(((KeyAnswer.Key) fetch(source(false), AKID)).identities())
        .containsExactly("extid-alice@iot.example.org");
  }

  @Test
  void should_map_each_answer_without_a_key_when_the_aanf_gives_none() {
    AanfKeySource s = source(false);

    next = new NaanfClient.Result.NoContent();
    assertThat(fetch(s, AKID)).isInstanceOf(KeyAnswer.Unknown.class);
    next = new NaanfClient.Result.Refused(403, Optional.empty());
    assertThat(fetch(s, AKID)).isEqualTo(new KeyAnswer.Refused(403));
    next = new NaanfClient.Result.Refused(503, Optional.empty());
    assertThat(fetch(s, AKID)).isInstanceOf(KeyAnswer.Unavailable.class);
    next = new NaanfClient.Result.Refused(429, Optional.empty());
    assertThat(fetch(s, AKID)).isInstanceOf(KeyAnswer.Unavailable.class);
    next = new NaanfClient.Result.Failed("timeout: no answer");
    assertThat(fetch(s, AKID)).isInstanceOf(KeyAnswer.Unavailable.class);
  }

  @Test
  void should_answer_unavailable_not_refused_when_the_proxy_s_own_token_or_api_root_is_wrong() {
    AanfKeySource s = source(false);

    for (int status : new int[] {400, 401, 404, 405, 415}) {
      next = new NaanfClient.Result.Refused(status, Optional.empty());
      assertThat(fetch(s, AKID)).as("AAnF %d", status).isInstanceOf(KeyAnswer.Unavailable.class);
    }
  }

  @Test
  void should_ask_nothing_when_the_username_is_not_an_a_kid() {
    assertThat(fetch(source(false), "no-at-sign")).isInstanceOf(KeyAnswer.Unknown.class);
    assertThat(asked).isEmpty();
  }

  @Test
  void should_keep_k_af_until_its_expiry_and_never_an_unknown_a_kid_when_cached() {
    KeyCache cache = new KeyCache(source(false), 10, clock);

    next = new NaanfClient.Result.NoContent();
    fetch(cache, AKID);
    fetch(cache, AKID);
    assertThat(asked).as("204 is not kept").hasSize(2);

    next = key(Optional.empty(), Optional.of("msisdn-15551234"));
    fetch(cache, AKID);
    fetch(cache, AKID);
    assertThat(asked).as("K_AF is kept").hasSize(3);

    clock.advance(Duration.ofHours(1));
    fetch(cache, AKID);
    assertThat(asked).as("asked again once expired").hasSize(4);
  }
}
