package org.gbabsf.http.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.testing.Fixtures;
import org.gbabsf.core.ub.BootstrappingInfoXml;
import org.gbabsf.core.ub.ChallengeCause;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.TmpiAllocation;
import org.gbabsf.core.ub.UbOutcome;
import org.gbabsf.core.ub.UbOutcome.Bootstrapped;
import org.gbabsf.core.ub.UbOutcome.Challenge;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class UbResponseEncoderTest {

  /** The conformance table; a reason missing here fails its row. */
  private static final Map<RejectReason, Integer> EXPECTED_STATUS =
      new EnumMap<>(
          Map.ofEntries(
              Map.entry(RejectReason.MALFORMED_REQUEST, 400),
              Map.entry(RejectReason.MISSING_IDENTITY, 400),
              Map.entry(RejectReason.NOT_A_GBA_CLIENT, 403),
              Map.entry(RejectReason.USER_UNKNOWN, 403),
              Map.entry(RejectReason.TMPI_UNKNOWN, 403),
              Map.entry(RejectReason.GBA_U_NOT_SUPPORTED, 403),
              Map.entry(RejectReason.UICC_TYPE_UNKNOWN, 403),
              Map.entry(RejectReason.GBA_DIGEST_NOT_SUPPORTED, 403),
              Map.entry(RejectReason.HSS_REFUSED, 403),
              Map.entry(RejectReason.TOO_MANY_FAILURES, 403),
              Map.entry(RejectReason.METHOD_NOT_ALLOWED, 405),
              Map.entry(RejectReason.HEADERS_TOO_LARGE, 431),
              Map.entry(RejectReason.HSS_UNAVAILABLE, 503),
              Map.entry(RejectReason.STORE_UNAVAILABLE, 503),
              Map.entry(RejectReason.OVERLOADED, 503),
              Map.entry(RejectReason.SOURCE_RATE_LIMITED, 503)));

  private static final ByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;

  private final UbResponseEncoder encoder = new UbResponseEncoder(Duration.ofSeconds(5));

  private static String body(FullHttpResponse r) {
    return r.content().toString(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @EnumSource(RejectReason.class)
  void should_map_each_reject_reason_to_its_status_when_encoding(RejectReason reason) {
    assertThat(EXPECTED_STATUS).as("status table lacks %s", reason).containsKey(reason);
    int expected = EXPECTED_STATUS.get(reason);

    FullHttpResponse r = encoder.encode(new Rejected(reason, "why: " + reason), ALLOC);
    try {
      assertThat(UbResponseEncoder.status(reason).code()).isEqualTo(expected);
      assertThat(r.status().code()).isEqualTo(expected);
      assertThat(body(r)).isEqualTo("why: " + reason + "\n");
      assertThat(r.headers().get(HttpHeaderNames.CONTENT_TYPE))
          .isEqualTo("text/plain; charset=utf-8");
      assertThat(r.headers().getInt(HttpHeaderNames.CONTENT_LENGTH))
          .isEqualTo(r.content().readableBytes());
      assertThat(r.headers().get(HttpHeaderNames.SERVER)).isEqualTo(UbResponseEncoder.SERVER);
      assertThat(r.headers().contains(HttpHeaderNames.RETRY_AFTER)).isEqualTo(expected == 503);
      assertThat(r.headers().contains(HttpHeaderNames.ALLOW)).isEqualTo(expected == 405);
      assertThat(r.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
    } finally {
      r.release();
    }
  }

  @ParameterizedTest
  @EnumSource(RejectReason.class)
  void should_close_connection_only_when_headers_are_too_large(RejectReason reason) {
    assertThat(UbResponseEncoder.closesConnection(new Rejected(reason, "x")))
        .isEqualTo(reason == RejectReason.HEADERS_TOO_LARGE);
  }

  @Test
  void should_keep_connection_when_outcome_is_challenge_or_bootstrapped() {
    assertThat(UbResponseEncoder.closesConnection(challenge())).isFalse();
    assertThat(UbResponseEncoder.closesConnection(bootstrapped(new byte[] {1}))).isFalse();
  }

  @ParameterizedTest
  @CsvSource({"PT1.5S, 1", "PT5S, 5", "PT0.5S, 1", "PT0S, 1", "PT2M, 120", "PT9.999S, 9"})
  void should_send_retry_after_in_whole_seconds_when_service_is_unavailable(
      Duration retryAfter, String header) {
    FullHttpResponse r =
        new UbResponseEncoder(retryAfter)
            .encode(new Rejected(RejectReason.OVERLOADED, "busy"), ALLOC);
    try {
      assertThat(r.status().code()).isEqualTo(503);
      assertThat(r.headers().getAll(HttpHeaderNames.RETRY_AFTER)).containsExactly(header);
    } finally {
      r.release();
    }
  }

  @Test
  void should_send_allow_get_when_method_is_not_allowed() {
    FullHttpResponse r =
        encoder.encode(new Rejected(RejectReason.METHOD_NOT_ALLOWED, "only GET"), ALLOC);
    try {
      assertThat(r.status().code()).isEqualTo(405);
      assertThat(r.headers().getAll(HttpHeaderNames.ALLOW)).containsExactly("GET");
    } finally {
      r.release();
    }
  }

  private static Challenge challenge() {
    return new Challenge(
        "bsf.home1.net",
        "3q2+7w/x9A==",
        "5ccc069c403ebaf9f0171e9517f40e41",
        ChallengeCause.INITIAL);
  }

  @Test
  void should_answer_401_with_exact_www_authenticate_when_outcome_is_challenge() {
    FullHttpResponse r = encoder.encode(challenge(), ALLOC);
    try {
      assertThat(r.status().code()).isEqualTo(401);
      assertThat(r.headers().getAll(HttpHeaderNames.WWW_AUTHENTICATE))
          .containsExactly(
              "Digest realm=\"bsf.home1.net\", nonce=\"3q2+7w/x9A==\", algorithm=AKAv1-MD5,"
                  + " qop=\"auth-int\", opaque=\"5ccc069c403ebaf9f0171e9517f40e41\"");
      assertThat(r.headers().get(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo("0");
      assertThat(r.content().readableBytes()).isZero();
      assertThat(r.headers().get(HttpHeaderNames.SERVER)).isEqualTo(UbResponseEncoder.SERVER);
      assertThat(r.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
    } finally {
      r.release();
    }
  }

  @Test
  void should_offer_exactly_one_qop_token_when_outcome_is_challenge() {
    FullHttpResponse r = encoder.encode(challenge(), ALLOC);
    try {
      DigestHeader.Parsed parsed =
          DigestHeader.parse(r.headers().get(HttpHeaderNames.WWW_AUTHENTICATE));

      assertThat(parsed).isInstanceOf(DigestHeader.Parsed.Params.class);
      assertThat(((DigestHeader.Parsed.Params) parsed).get("qop")).isEqualTo("auth-int");
    } finally {
      r.release();
    }
  }

  private static Bootstrapped bootstrapped(byte[] body) {
    BTid btid = BTid.of(Fixtures.randomRand(), "bsf.home1.net");
    return new Bootstrapped(
        btid,
        Instant.parse("2026-11-22T11:00:00Z"),
        body,
        "6629fae49393a05397450978507c4ef1",
        "auth-int",
        "0a4f113b",
        "00000001",
        TmpiAllocation.NOT_ASKED);
  }

  @Test
  void should_say_3gpp_gba_tmpi_in_server_on_every_answer_when_the_bsf_allocates_tmpis() {
    UbResponseEncoder withTmpis = new UbResponseEncoder(Duration.ofSeconds(5), true);
    BTid btid = BTid.of(Fixtures.randomRand(), "bsf.home1.net");
    byte[] xml = BootstrappingInfoXml.render(btid, Instant.parse("2026-11-22T11:00:00Z"));
    for (UbOutcome outcome :
        List.of(
            challenge(),
            bootstrapped(xml),
            new Rejected(RejectReason.TMPI_UNKNOWN, "unknown TMPI"))) {
      FullHttpResponse r = withTmpis.encode(outcome, ALLOC);
      try {
        assertThat(r.headers().get(HttpHeaderNames.SERVER)).isEqualTo("gba-bsf 3gpp-gba-tmpi");
      } finally {
        r.release();
      }
    }
  }

  @Test
  void should_answer_200_with_body_and_authentication_info_when_outcome_is_bootstrapped() {
    BTid btid = BTid.of(Fixtures.randomRand(), "bsf.home1.net");
    byte[] xml = BootstrappingInfoXml.render(btid, Instant.parse("2026-11-22T11:00:00Z"));
    FullHttpResponse r = encoder.encode(bootstrapped(xml), ALLOC);
    try {
      assertThat(r.status().code()).isEqualTo(200);
      assertThat(r.headers().get(HttpHeaderNames.CONTENT_TYPE))
          .isEqualTo("application/vnd.3gpp.bsf+xml");
      assertThat(r.headers().getAll(HttpHeaderNames.CONTENT_LENGTH))
          .containsExactly(Integer.toString(xml.length));
      assertThat(r.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
      assertThat(r.headers().getAll("Authentication-Info"))
          .containsExactly(
              "qop=auth-int, rspauth=\"6629fae49393a05397450978507c4ef1\","
                  + " cnonce=\"0a4f113b\", nc=00000001");
      assertThat(r.headers().get(HttpHeaderNames.CACHE_CONTROL)).isEqualTo("no-store");
      assertThat(r.headers().get(HttpHeaderNames.SERVER)).isEqualTo(UbResponseEncoder.SERVER);
      assertThat(ByteBufUtil.getBytes(r.content())).isEqualTo(xml);
    } finally {
      r.release();
    }
  }

  @Test
  void should_copy_the_body_when_outcome_is_bootstrapped() {
    byte[] body = "<x/>".getBytes(StandardCharsets.UTF_8);
    FullHttpResponse r = encoder.encode(bootstrapped(body), ALLOC);
    try {
      body[0] = 'X';

      assertThat(r.content().toString(StandardCharsets.UTF_8)).isEqualTo("<x/>");
    } finally {
      r.release();
    }
  }

  @Test
  void should_echo_at_most_120_printable_characters_when_a_refusal_quotes_the_request() {
    String quoted = "'=' expected after " + "A".repeat(1000) + "\u0007";

    FullHttpResponse r =
        encoder.encode(new Rejected(RejectReason.MALFORMED_REQUEST, quoted), ALLOC);
    String body = r.content().toString(java.nio.charset.StandardCharsets.UTF_8);
    r.release();

    assertThat(body).hasSizeLessThanOrEqualTo(UbResponseEncoder.DETAIL_MAX + 4);
    assertThat(body).startsWith("'=' expected after AAA").endsWith("...\n");
  }
}
