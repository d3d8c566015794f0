package org.gbabsf.sba.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SbiJsonTest {

  private static final String OBJECT = "{\"impi\":\"user1@home1.net\",\"n\":\"é\"}";

  static Stream<Arguments> notUtf8() {
    return Stream.of(
        Arguments.of("UTF-16LE", OBJECT.getBytes(StandardCharsets.UTF_16LE)),
        Arguments.of("UTF-16BE", OBJECT.getBytes(StandardCharsets.UTF_16BE)),
        Arguments.of("UTF-16 with a byte order mark", OBJECT.getBytes(StandardCharsets.UTF_16)),
        Arguments.of("UTF-32BE", OBJECT.getBytes(Charset.forName("UTF-32BE"))),
        Arguments.of("ISO-8859-1 é", OBJECT.getBytes(StandardCharsets.ISO_8859_1)),
        Arguments.of("overlong '{'", new byte[] {(byte) 0xC1, (byte) 0xBB, '}'}),
        Arguments.of("a lone surrogate", new byte[] {'{', (byte) 0xED, (byte) 0xA0, (byte) 0x80}),
        Arguments.of("a truncated sequence", new byte[] {'{', '"', (byte) 0xE2, (byte) 0x82}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notUtf8")
  void should_refuse_a_body_when_it_is_not_utf8(String name, byte[] body) {
    assertThat(SbiJson.parseObject(body)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notUtf8")
  void should_give_no_text_when_the_octets_are_not_utf8(String name, byte[] body) {
    assertThat(SbiJson.utf8(body)).as(name).isEmpty();
  }

  @org.junit.jupiter.api.Test
  void should_refuse_a_body_when_ascii_json_comes_in_utf16() {
    // Every octet of "{}" in UTF-16LE is also UTF-8 (7B 00 7D 00); Jackson's encoding detection
    // would read it as UTF-16 and accept it. Read as UTF-8, it is "{", NUL, "}", NUL: not JSON.
    byte[] body = "{}".getBytes(StandardCharsets.UTF_16LE);

    assertThat(SbiJson.utf8(body)).contains("{\u0000}\u0000");
    assertThat(SbiJson.parseObject(body)).isEmpty();
  }

  static Stream<Arguments> utf8Objects() {
    return Stream.of(
        Arguments.of("ASCII and a two-octet character", OBJECT),
        Arguments.of("a four-octet character", "{\"a\":\"\uD83D\uDE00\"}"),
        Arguments.of("whitespace around", " \n{ } \t"),
        Arguments.of(
            "a UTF-8 byte order mark first (RFC 8259 §8.1 lets a parser ignore it)", "\uFEFF{}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("utf8Objects")
  void should_parse_an_object_when_the_body_is_utf8(String name, String text) {
    assertThat(SbiJson.parseObject(text.getBytes(StandardCharsets.UTF_8))).isPresent();
  }

  static Stream<Arguments> notOneObject() {
    return Stream.of(
        Arguments.of("an array", "[1]"),
        Arguments.of("a string", "\"x\""),
        Arguments.of("text after the object", "{} x"),
        Arguments.of("a member twice", "{\"a\":1,\"a\":2}"),
        Arguments.of("a NUL between the braces", "{\u0000}"),
        Arguments.of("nothing", ""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notOneObject")
  void should_refuse_a_body_when_it_is_not_one_json_object(String name, String text) {
    assertThat(SbiJson.parseObject(text.getBytes(StandardCharsets.UTF_8))).isEmpty();
  }
}
