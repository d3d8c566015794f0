package org.gbabsf.sba.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Request paths split, then percent-decoded (RFC 3986 §2.1, §3.3). */
class PathSegmentsTest {

  static Stream<Arguments> splits() {
    return Stream.of(
        arguments("/a/b/c", List.of("a", "b", "c")),
        arguments("a/b", List.of("a", "b")),
        arguments("/", List.of("")),
        arguments("", List.of("")),
        arguments("/a/", List.of("a", "")),
        arguments("/a//b", List.of("a", "", "b")),
        arguments("/a%2Fb/c", List.of("a%2Fb", "c")));
  }

  @ParameterizedTest(name = "\"{0}\" -> {1}")
  @MethodSource("splits")
  void should_split_on_every_slash_when_given_a_raw_path(String path, List<String> segments) {
    assertThat(PathSegments.split(path)).isEqualTo(segments);
  }

  static Stream<Arguments> decodings() {
    return Stream.of(
        arguments(
            "/nhss-gba-ueau/v1/impi-user%40home1.net/security-information",
            List.of("nhss-gba-ueau", "v1", "impi-user@home1.net", "security-information")),
        arguments("/impi-a%2Fb%2fc/x", List.of("impi-a/b/c", "x")),
        arguments("/impi-user@home1.net", List.of("impi-user@home1.net")),
        arguments("/a%20b/%25", List.of("a b", "%")),
        arguments("/caf%C3%A9", List.of("caf\u00e9")),
        arguments("/%E2%82%AC%F0%9F%98%80", List.of("\u20ac\ud83d\ude00")),
        arguments("/%41%4a%4A", List.of("AJJ")),
        arguments("/a//b/", List.of("a", "", "b", "")));
  }

  @ParameterizedTest(name = "\"{0}\" -> {1}")
  @MethodSource("decodings")
  void should_decode_each_segment_after_splitting_when_the_path_is_valid(
      String path, List<String> segments) {
    assertThat(PathSegments.decode(path)).contains(segments);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/a%G1",
        "/a%1G",
        "/a%",
        "/a%4",
        "/%/b",
        "/a%%41",
        "/%C3%28",
        "/%C3",
        "/%FF",
        "/%ED%A0%80",
        "/%C0%AF",
        "/caf\u00e9",
        "/caf\u00e9%41",
        "/a/\u00c3\u00a9",
        "/\u20ac",
        "/%\u0664\u0031",
        "/%\uff14\uff11"
      })
  void should_refuse_the_path_when_an_escape_is_malformed_or_not_utf8_or_a_char_not_ascii(
      String path) {
    assertThat(PathSegments.decode(path)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "impi-user@home1.net",
        "impi-user name@home1.net",
        "impi-a/b?c#d%e@home1.net",
        "imsi-234150999999999",
        "sip:+358 50 123 4567;user=phone",
        "caf\u00e9 \u20ac \ud83d\ude00",
        "\"<>[]{}|\\^`"
      })
  void should_give_back_the_segment_when_decoding_what_encode_segment_wrote(String segment) {
    String encoded = PathSegments.encodeSegment(segment);

    assertThat(encoded).matches("[A-Za-z0-9\\-._~!$&'()*+,;=:@%]*");
    assertThat(PathSegments.decode("/" + encoded + "/x")).contains(List.of(segment, "x"));
  }

  @Test
  void should_keep_at_sign_and_escape_space_and_slash_when_encoding_an_impi() {
    assertThat(PathSegments.encodeSegment("impi-user name@home1.net"))
        .isEqualTo("impi-user%20name@home1.net");
    assertThat(PathSegments.encodeSegment("a/b%c\u00e9")).isEqualTo("a%2Fb%25c%C3%A9");
  }
}
