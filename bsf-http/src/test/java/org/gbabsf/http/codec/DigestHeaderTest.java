package org.gbabsf.http.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.gbabsf.http.codec.DigestHeader.Parsed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DigestHeaderTest {

  /** Builds an ordered map from name/value pairs. */
  private static Map<String, String> params(String... nameValue) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], nameValue[i + 1]);
    }
    return m;
  }

  private static String manyParams(int n) {
    return "Digest "
        + IntStream.range(0, n).mapToObj(i -> "p" + i + "=" + i).collect(Collectors.joining(", "));
  }

  private static Map<String, String> manyParamsMap(int n) {
    Map<String, String> m = new LinkedHashMap<>();
    IntStream.range(0, n).forEach(i -> m.put("p" + i, Integer.toString(i)));
    return m;
  }

  static Stream<Arguments> wellFormed() {
    return Stream.of(
        Arguments.of(
            "TS 24.109 §4.5.2 first request",
            "Digest username=\"user1_private@home1.net\", realm=\"bsf.home1.net\", nonce=\"\","
                + " uri=\"/\", response=\"\"",
            params(
                "username", "user1_private@home1.net",
                "realm", "bsf.home1.net",
                "nonce", "",
                "uri", "/",
                "response", "")),
        Arguments.of(
            "escaped quote and comma inside a quoted string",
            "Digest username=\"u\", cnonce=\"a\\\"b,c\"",
            params("username", "u", "cnonce", "a\"b,c")),
        Arguments.of(
            "escaped backslash inside a quoted string",
            "Digest opaque=\"a\\\\b\", nc=1",
            params("opaque", "a\\b", "nc", "1")),
        Arguments.of(
            "parameter names in mixed and upper case",
            "Digest UserName=\"u\", NONCE=\"n\"",
            params("username", "u", "nonce", "n")),
        Arguments.of("scheme in lower case", "digest username=\"u\"", params("username", "u")),
        Arguments.of("scheme in upper case", "DIGEST username=\"u\"", params("username", "u")),
        Arguments.of(
            "tabs everywhere",
            "Digest\tusername\t=\t\"u\"\t,\tnc=00000001",
            params("username", "u", "nc", "00000001")),
        Arguments.of(
            "spaces around = and ,",
            "Digest username = \"u\" , nc = 00000001 , qop = auth",
            params("username", "u", "nc", "00000001", "qop", "auth")),
        Arguments.of(
            "no space after commas",
            "Digest username=\"u\",nc=00000001,qop=auth-int",
            params("username", "u", "nc", "00000001", "qop", "auth-int")),
        Arguments.of(
            "leading and trailing whitespace",
            " \t Digest username=\"u\"  \t",
            params("username", "u")),
        Arguments.of("empty list element", "Digest a=1,,b=2", params("a", "1", "b", "2")),
        Arguments.of(
            "empty list elements at both ends and blank ones",
            "Digest ,a=1, ,\t,b=2,",
            params("a", "1", "b", "2")),
        Arguments.of(
            "unquoted base64 value with = / +",
            "Digest nonce=3q2+7w/x9A==, nc=00000001",
            params("nonce", "3q2+7w/x9A==", "nc", "00000001")),
        Arguments.of(
            "unquoted value ending the header",
            "Digest algorithm=AKAv1-MD5",
            params("algorithm", "AKAv1-MD5")),
        Arguments.of("scheme without parameters", "Digest", params()),
        Arguments.of(
            "RFC 2617 §3.5 Mufasa Authorization example",
            "Digest username=\"Mufasa\", realm=\"testrealm@host.com\","
                + " nonce=\"dcd98b7102dd2f0e8b11d0f600bfb0c093\", uri=\"/dir/index.html\","
                + " qop=auth, nc=00000001, cnonce=\"0a4f113b\","
                + " response=\"6629fae49393a05397450978507c4ef1\","
                + " opaque=\"5ccc069c403ebaf9f0171e9517f40e41\"",
            params(
                "username", "Mufasa",
                "realm", "testrealm@host.com",
                "nonce", "dcd98b7102dd2f0e8b11d0f600bfb0c093",
                "uri", "/dir/index.html",
                "qop", "auth",
                "nc", "00000001",
                "cnonce", "0a4f113b",
                "response", "6629fae49393a05397450978507c4ef1",
                "opaque", "5ccc069c403ebaf9f0171e9517f40e41")),
        Arguments.of(
            "exactly the maximum number of parameters",
            manyParams(DigestHeader.MAX_PARAMETERS),
            manyParamsMap(DigestHeader.MAX_PARAMETERS)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("wellFormed")
  void should_return_params_in_order_when_header_is_well_formed(
      String description, String header, Map<String, String> expected) {
    Parsed parsed = DigestHeader.parse(header);

    assertThat(parsed).isInstanceOf(Parsed.Params.class);
    assertThat(((Parsed.Params) parsed).values()).containsExactlyEntriesOf(expected);
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("another scheme", "Basic dXNlcjpwYXNz", "scheme must be Digest"),
        Arguments.of("no space after the scheme", "Digestusername=\"u\"", "scheme must be Digest"),
        Arguments.of("comma right after the scheme", "Digest,a=1", "space expected after Digest"),
        Arguments.of("empty header", "", "scheme must be Digest"),
        Arguments.of("missing = before a value", "Digest username \"u\"", "'=' expected"),
        Arguments.of("name without any value", "Digest username", "'=' expected after username"),
        Arguments.of("value without a name", "Digest =\"u\"", "parameter name expected"),
        Arguments.of(
            "unterminated quoted string",
            "Digest username=\"u, realm=\"r",
            "',' expected after username"),
        Arguments.of(
            "unterminated quoted string at the end",
            "Digest realm=\"r\", username=\"u",
            "unterminated quoted string in username"),
        Arguments.of(
            "trailing backslash inside quotes",
            "Digest username=\"u\\",
            "unterminated quoted string in username"),
        Arguments.of("text after a quoted value", "Digest a=\"x\" y", "',' expected after a"),
        Arguments.of("text after a token value", "Digest a=x y=1", "',' expected after a"),
        Arguments.of("duplicate parameter", "Digest nonce=\"1\", nonce=\"2\"", "duplicate"),
        Arguments.of(
            "duplicate parameter in another case",
            "Digest nonce=\"1\", NONCE=\"2\"",
            "duplicate parameter nonce"),
        Arguments.of(
            "control character in a quoted value",
            "Digest a=\"x\u0001y\"",
            "control character in a"),
        Arguments.of("DEL in a quoted value", "Digest a=\"x\u007fy\"", "control character in a"),
        Arguments.of(
            "escaped control character in a quoted value",
            "Digest a=\"x\\\u0000y\"",
            "control character in a"),
        Arguments.of("control character in a token value", "Digest a=x\u0007", "bad character"),
        Arguments.of("quote inside a token value", "Digest a=x\"y\"", "bad character in a"),
        Arguments.of("newline between parameters", "Digest a=1,\nb=2", "parameter name expected"),
        Arguments.of(
            "one parameter more than the maximum",
            manyParams(DigestHeader.MAX_PARAMETERS + 1),
            "too many parameters"),
        Arguments.of("null", null, "no header"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void should_return_malformed_with_reason_when_header_is_malformed(
      String description, String header, String reason) {
    Parsed parsed = DigestHeader.parse(header);

    assertThat(parsed).isInstanceOf(Parsed.Malformed.class);
    assertThat(((Parsed.Malformed) parsed).reason()).contains(reason);
  }

  static Stream<Arguments> roundTrip() {
    return Stream.of(
        Arguments.of(params("username", "user1_private@home1.net", "nonce", "")),
        Arguments.of(params("cnonce", "a\"b,c", "opaque", "back\\slash")),
        Arguments.of(params("x", "\\\"", "y", "\"\"\\\\", "z", "trailing\\")),
        Arguments.of(params("realm", "tab\there", "uri", "/path?q=1&r=a, b")),
        Arguments.of(params("nonce", "3q2+7w/x9A==")));
  }

  @ParameterizedTest
  @MethodSource("roundTrip")
  void should_parse_back_the_same_map_when_writer_quotes_the_values(Map<String, String> values) {
    DigestHeader.Writer writer = DigestHeader.writer(DigestHeader.SCHEME);
    values.forEach(writer::quoted);

    Parsed parsed = DigestHeader.parse(writer.toString());

    assertThat(parsed).isInstanceOf(Parsed.Params.class);
    assertThat(((Parsed.Params) parsed).values()).containsExactlyEntriesOf(values);
  }

  @Test
  void should_escape_quotes_and_backslashes_when_writing_quoted_values() {
    String header =
        DigestHeader.writer(DigestHeader.SCHEME)
            .quoted("cnonce", "a\"b\\c")
            .token("nc", "00000001")
            .toString();

    assertThat(header).isEqualTo("Digest cnonce=\"a\\\"b\\\\c\", nc=00000001");
  }

  @Test
  void should_round_trip_mixed_tokens_and_quoted_values_when_scheme_is_empty() {
    String text =
        DigestHeader.writer("")
            .token("qop", "auth-int")
            .quoted("rspauth", "x\"y")
            .token("nc", "00000001")
            .toString();

    Parsed parsed = DigestHeader.parseParameters(text);

    assertThat(text).startsWith("qop=auth-int, ");
    assertThat(parsed).isInstanceOf(Parsed.Params.class);
    assertThat(((Parsed.Params) parsed).values())
        .containsExactlyEntriesOf(params("qop", "auth-int", "rspauth", "x\"y", "nc", "00000001"));
  }

  @Test
  void should_parse_authentication_info_when_given_a_bare_parameter_list() {
    Parsed parsed =
        DigestHeader.parseParameters(
            "qop=auth-int, rspauth=\"6629fae49393a05397450978507c4ef1\","
                + " cnonce=\"0a4f113b\", nc=00000001");

    assertThat(parsed).isInstanceOf(Parsed.Params.class);
    Parsed.Params p = (Parsed.Params) parsed;
    assertThat(p.values())
        .containsExactlyEntriesOf(
            params(
                "qop", "auth-int",
                "rspauth", "6629fae49393a05397450978507c4ef1",
                "cnonce", "0a4f113b",
                "nc", "00000001"));
    assertThat(p.get("rspauth")).isEqualTo("6629fae49393a05397450978507c4ef1");
    assertThat(p.get("missing")).isNull();
  }

  @Test
  void should_return_malformed_when_bare_parameter_list_is_null() {
    assertThat(DigestHeader.parseParameters(null)).isEqualTo(new Parsed.Malformed("no header"));
  }

  @Test
  void should_return_unmodifiable_map_when_parsed() {
    Parsed.Params p = (Parsed.Params) DigestHeader.parse("Digest a=1");

    assertThat(p.values()).isUnmodifiable();
  }

  @Test
  void should_repeat_at_most_24_characters_of_a_name_when_refusing_it() {
    DigestHeader.Parsed p = DigestHeader.parse("Digest " + "n".repeat(1000) + " x");

    assertThat(p).isInstanceOf(DigestHeader.Parsed.Malformed.class);
    assertThat(((DigestHeader.Parsed.Malformed) p).reason()).hasSizeLessThan(60);
  }
}
