package org.gbabsf.http.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.ub.DigestCredentials;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.UbRequest;
import org.gbabsf.http.codec.UbRequestDecoder.Decoded;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class UbRequestDecoderTest {

  private static final String UA = "3gpp-gba";
  private static final String INITIAL =
      "Digest username=\"user1_private@home1.net\", realm=\"bsf.home1.net\", nonce=\"\","
          + " uri=\"/\", response=\"\"";
  private static final String FULL =
      "Digest username=\"user1_private@home1.net\", realm=\"bsf.home1.net\","
          + " nonce=\"3q2+7w/x9A==\", uri=\"/gba?x=1\", response=\"6629fae49393a05397450978507c4ef1\","
          + " algorithm=AKAv1-MD5, qop=auth-int, nc=00000001, cnonce=\"0a4f113b\","
          + " opaque=\"5ccc069c403ebaf9f0171e9517f40e41\", auts=\"AAECAwQFBgcICQoLDA0=\"";

  /**
   * A request; {@code headers} alternates names and values, so a name may repeat. The caller
   * releases it.
   */
  private static FullHttpRequest request(
      HttpMethod method, String uri, String body, String... headers) {
    FullHttpRequest r =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1,
            method,
            uri,
            Unpooled.copiedBuffer(body, StandardCharsets.US_ASCII));
    for (int i = 0; i < headers.length; i += 2) {
      r.headers().add(headers[i], headers[i + 1]);
    }
    return r;
  }

  private static Decoded decodeAndRelease(FullHttpRequest request) {
    try {
      return UbRequestDecoder.decode(request);
    } finally {
      request.release();
    }
  }

  private static UbRequest accepted(Decoded decoded) {
    assertThat(decoded).isInstanceOf(Decoded.Accepted.class);
    return ((Decoded.Accepted) decoded).request();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "3gpp-gba-tmpi | true",
        "ExampleUE/1.2 3gpp-gba-tmpi (build 7) | true",
        "3GPP-GBA-TMPI/1.0 | true",
        "ExampleUE/1.2; 3gpp-gba-tmpi | true",
        "3gpp-gba | false",
        "3gpp-gba 3gpp-gba-tmpix | false",
        "3gpp-gba x3gpp-gba-tmpi | false"
      })
  void should_mark_the_request_tmpi_capable_only_when_3gpp_gba_tmpi_is_a_product(
      String userAgent, boolean capable) {
    UbRequest r =
        accepted(
            decodeAndRelease(
                request(
                    HttpMethod.GET, "/", "", "User-Agent", userAgent, "Authorization", INITIAL)));

    assertThat(r.tmpiCapable()).isEqualTo(capable);
  }

  @ParameterizedTest
  @ValueSource(strings = {"GBA_Digest", "ExampleUE/2.0 GBA_Digest", "gba_digest/1"})
  void should_refuse_gba_digest_when_the_ue_asks_for_it_without_3gpp_gba(String userAgent) {
    Decoded d =
        decodeAndRelease(
            request(HttpMethod.GET, "/", "", "User-Agent", userAgent, "Authorization", INITIAL));

    assertThat(d)
        .isInstanceOfSatisfying(
            Decoded.Refused.class,
            refused ->
                assertThat(refused.rejection().reason())
                    .isEqualTo(RejectReason.GBA_DIGEST_NOT_SUPPORTED));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "3gpp-gba",
        "3gpp-gba-tmpi",
        "Mozilla/5.0 (Linux) 3gpp-gba ExampleUE/1.2",
        "ExampleUE/1.2 3gpp-gba-tmpi (build 7)",
        "3GPP-GBA",
        "3gpp-gba gba-bsf-ue-simulator/0.1"
      })
  void should_accept_get_when_user_agent_carries_the_gba_token(String userAgent) {
    UbRequest r =
        accepted(
            decodeAndRelease(
                request(
                    HttpMethod.GET, "/", "", "User-Agent", userAgent, "Authorization", INITIAL)));

    assertThat(r.method()).isEqualTo("GET");
    assertThat(r.requestUri()).isEqualTo("/");
    assertThat(r.credentials())
        .isEqualTo(
            new DigestCredentials(
                "user1_private@home1.net",
                "bsf.home1.net",
                "",
                "/",
                "",
                null,
                null,
                null,
                null,
                null,
                null));
    assertThat(r.credentials().isInitial()).isTrue();
    assertThat(r.entityBodyMd5()).isEqualTo(DigestAka.EMPTY_BODY_MD5);
  }

  @Test
  void should_map_every_digest_parameter_when_authorization_is_complete() {
    UbRequest r =
        accepted(
            decodeAndRelease(
                request(HttpMethod.GET, "/gba?x=1", "", "User-Agent", UA, "Authorization", FULL)));

    assertThat(r.requestUri()).isEqualTo("/gba?x=1");
    assertThat(r.credentials())
        .isEqualTo(
            new DigestCredentials(
                "user1_private@home1.net",
                "bsf.home1.net",
                "3q2+7w/x9A==",
                "/gba?x=1",
                "6629fae49393a05397450978507c4ef1",
                "AKAv1-MD5",
                "auth-int",
                "00000001",
                "0a4f113b",
                "5ccc069c403ebaf9f0171e9517f40e41",
                "AAECAwQFBgcICQoLDA0="));
    assertThat(r.entityBodyMd5()).isEqualTo(DigestAka.EMPTY_BODY_MD5);
  }

  @Test
  void should_hash_the_body_without_consuming_it_when_request_has_a_body() {
    FullHttpRequest request =
        request(HttpMethod.GET, "/", "hello body", "User-Agent", UA, "Authorization", INITIAL);
    try {
      UbRequest r = accepted(UbRequestDecoder.decode(request));

      assertThat(r.entityBodyMd5())
          .isEqualTo(DigestAka.md5Hex("hello body".getBytes(StandardCharsets.US_ASCII)))
          .isNotEqualTo(DigestAka.EMPTY_BODY_MD5);
      assertThat(request.content().readableBytes()).isEqualTo("hello body".length());
    } finally {
      request.release();
    }
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(
            "POST",
            HttpMethod.POST,
            List.of("User-Agent", UA, "Authorization", INITIAL),
            null,
            RejectReason.METHOD_NOT_ALLOWED,
            "only GET"),
        Arguments.of(
            "PUT",
            HttpMethod.PUT,
            List.of("User-Agent", UA, "Authorization", INITIAL),
            null,
            RejectReason.METHOD_NOT_ALLOWED,
            "only GET"),
        Arguments.of(
            "DELETE",
            HttpMethod.DELETE,
            List.of("User-Agent", UA, "Authorization", INITIAL),
            null,
            RejectReason.METHOD_NOT_ALLOWED,
            "only GET"),
        Arguments.of(
            "HEAD",
            HttpMethod.HEAD,
            List.of("User-Agent", UA, "Authorization", INITIAL),
            null,
            RejectReason.METHOD_NOT_ALLOWED,
            "only GET"),
        Arguments.of(
            "no User-Agent",
            HttpMethod.GET,
            List.of("Authorization", INITIAL),
            null,
            RejectReason.NOT_A_GBA_CLIENT,
            "3gpp-gba"),
        Arguments.of(
            "User-Agent without the token",
            HttpMethod.GET,
            List.of("User-Agent", "Mozilla/5.0 (3gpp) gba/1.0", "Authorization", INITIAL),
            null,
            RejectReason.NOT_A_GBA_CLIENT,
            "User-Agent must contain 3gpp-gba"),
        Arguments.of(
            "no Authorization",
            HttpMethod.GET,
            List.of("User-Agent", UA),
            null,
            RejectReason.MISSING_IDENTITY,
            "username=\"<IMPI>\""),
        Arguments.of(
            "two Authorization headers",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", INITIAL, "Authorization", INITIAL),
            null,
            RejectReason.MALFORMED_REQUEST,
            "more than one Authorization"),
        Arguments.of(
            "Basic scheme",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", "Basic dXNlcjpwYXNz"),
            null,
            RejectReason.MALFORMED_REQUEST,
            "Authorization: scheme must be Digest"),
        Arguments.of(
            "unterminated quoted string",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", "Digest username=\"u"),
            null,
            RejectReason.MALFORMED_REQUEST,
            "unterminated quoted string"),
        Arguments.of(
            "no username",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", "Digest realm=\"bsf.home1.net\""),
            null,
            RejectReason.MALFORMED_REQUEST,
            "username is required"),
        Arguments.of(
            "empty username",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", "Digest username=\"\""),
            null,
            RejectReason.MALFORMED_REQUEST,
            "username is required"),
        Arguments.of(
            "headers too large",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", INITIAL),
            new TooLongHttpHeaderException("HTTP header is larger than 1024 bytes."),
            RejectReason.HEADERS_TOO_LARGE,
            "too large"),
        Arguments.of(
            "request line too long",
            HttpMethod.GET,
            List.of("User-Agent", UA, "Authorization", INITIAL),
            new TooLongHttpLineException("An HTTP line is larger than 4096 bytes."),
            RejectReason.HEADERS_TOO_LARGE,
            "too large"),
        Arguments.of(
            "other decoding failure, even on a POST",
            HttpMethod.POST,
            List.of(),
            new IllegalArgumentException("invalid version format"),
            RejectReason.MALFORMED_REQUEST,
            "malformed HTTP request"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void should_refuse_with_reason_when_request_is_not_acceptable(
      String description,
      HttpMethod method,
      List<String> headers,
      Throwable decoderFailure,
      RejectReason reason,
      String detail) {
    FullHttpRequest request = request(method, "/", "", headers.toArray(String[]::new));
    if (decoderFailure != null) {
      request.setDecoderResult(DecoderResult.failure(decoderFailure));
    }

    Decoded decoded = decodeAndRelease(request);

    assertThat(decoded).isInstanceOf(Decoded.Refused.class);
    Decoded.Refused refused = (Decoded.Refused) decoded;
    assertThat(refused.rejection().reason()).isEqualTo(reason);
    assertThat(refused.rejection().detail()).contains(detail);
  }

  @Test
  void should_read_headers_case_insensitively_when_names_are_lower_case() {
    UbRequest r =
        accepted(
            decodeAndRelease(
                request(
                    HttpMethod.GET,
                    "/",
                    "",
                    HttpHeaderNames.USER_AGENT.toString(),
                    UA,
                    "authorization",
                    "digest USERNAME=alice@home1.net")));

    assertThat(r.credentials().username()).isEqualTo("alice@home1.net");
  }
}
