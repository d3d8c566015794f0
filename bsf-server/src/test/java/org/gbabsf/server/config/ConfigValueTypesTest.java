package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigValueTypesTest {

  @ParameterizedTest
  @CsvSource({"1, 1", "65535, 65535", "080, 80", "+7, 7"})
  void should_parse_an_integer_when_it_is_in_range(String text, int expected) {
    assertThat(ValueTypes.integer(1, 65535).parse(text)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "65536", "-1", "80x", "", "1.0", "1e3", "99999999999", "0x50"})
  void should_reject_an_integer_when_it_is_malformed_or_out_of_range(String text) {
    assertThatThrownBy(() -> ValueTypes.integer(1, 65535).parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an integer in 1..65535");
  }

  @ParameterizedTest
  @CsvSource({
    "500ms, PT0.5S",
    "2s, PT2S",
    "5m, PT5M",
    "1h, PT1H",
    "1d, PT24H",
    "PT5M, PT5M",
    "pt1.5s, PT1.5S",
    "P1DT1H, PT25H",
  })
  void should_parse_a_duration_when_it_uses_a_unit_suffix_or_iso_8601(
      String text, String expected) {
    assertThat(ValueTypes.positiveDuration().parse(text)).isEqualTo(Duration.parse(expected));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0s",
        "0ms",
        "PT0S",
        "-5s",
        "-PT5M",
        "5",
        "5 s",
        "5sec",
        "1.5s",
        "5M",
        "PT",
        "soon",
        "",
        "99999999999999999d",
        "36501d"
      })
  void should_reject_a_positive_duration_when_it_is_zero_negative_or_malformed(String text) {
    assertThatThrownBy(() -> ValueTypes.positiveDuration().parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a positive duration such as 500ms, 2s, 5m, 1h, 1d or PT5M");
  }

  @Test
  void should_accept_zero_when_the_duration_may_be_zero() {
    assertThat(ValueTypes.nonNegativeDuration().parse("0ms")).isEqualTo(Duration.ZERO);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1ms", "-PT1S", "never"})
  void should_reject_a_non_negative_duration_when_it_is_negative_or_malformed(String text) {
    assertThatThrownBy(() -> ValueTypes.nonNegativeDuration().parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a duration of zero or more");
  }

  @ParameterizedTest
  @CsvSource({"PT0S, 0ms", "PT0.5S, 500ms", "PT90S, 90s", "PT5M, 5m", "PT2H, 2h", "PT48H, 2d"})
  void should_format_a_duration_in_its_largest_exact_unit_when_rendering(
      String iso, String expected) {
    assertThat(ValueTypes.formatDuration(Duration.parse(iso))).isEqualTo(expected);
  }

  @Test
  void should_format_a_duration_as_iso_when_it_has_sub_millisecond_precision() {
    assertThat(ValueTypes.formatDuration(Duration.ofNanos(1_500))).isEqualTo("PT0.0000015S");
  }

  @ParameterizedTest
  @CsvSource({"true, true", "false, false", "TRUE, true", "False, false"})
  void should_parse_a_boolean_when_it_is_true_or_false(String text, boolean expected) {
    assertThat(ValueTypes.bool().parse(text)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"yes", "no", "on", "off", "1", "0", "", "t"})
  void should_reject_a_boolean_when_it_is_not_true_or_false(String text) {
    assertThatThrownBy(() -> ValueTypes.bool().parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("true or false");
  }

  @Test
  void should_accept_a_string_when_it_is_not_blank() {
    assertThat(ValueTypes.string().parse("x")).isEqualTo("x");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t"})
  void should_reject_a_string_when_it_is_blank(String text) {
    assertThatThrownBy(() -> ValueTypes.string().parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a non-blank string");
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "MEMORY", "Memory"})
  void should_return_the_declared_choice_when_it_matches_ignoring_case(String text) {
    assertThat(ValueTypes.oneOf("memory", "redis").parse(text)).isEqualTo("memory");
  }

  @ParameterizedTest
  @ValueSource(strings = {"mem", "", "memory2", "sql"})
  void should_reject_a_choice_when_it_is_not_listed(String text) {
    assertThatThrownBy(() -> ValueTypes.oneOf("memory", "redis").parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("one of: memory, redis");
  }

  @ParameterizedTest
  @ValueSource(strings = {"bsf.home1.net", "localhost", "a-b.c1", "BSF.Example.ORG", "x1.2a"})
  void should_accept_a_hostname_when_it_has_valid_labels(String text) {
    assertThat(ValueTypes.hostname().parse(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "bsf..net",
        ".bsf.net",
        "bsf.net.",
        "-bsf.net",
        "bsf-.net",
        "bsf_1.net",
        "bsf net",
        "1.2.3.4",
        "10.0.0.300",
        "::1",
        "bsf.home1.net:8080"
      })
  void should_reject_a_hostname_when_it_is_malformed_or_an_address(String text) {
    assertThatThrownBy(() -> ValueTypes.hostname().parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a hostname such as bsf.home1.net");
  }

  @Test
  void should_reject_a_hostname_when_a_label_is_longer_than_63_characters() {
    String text = "a".repeat(64) + ".net";

    assertThatThrownBy(() -> ValueTypes.hostname().parse(text))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0.0.0.0",
        "127.0.0.1",
        "255.255.255.255",
        "::",
        "::1",
        "[::1]",
        "fe80::1",
        "2001:db8::8:1",
        "::ffff:10.0.0.1",
        "localhost",
        "bsf.home1.net"
      })
  void should_accept_a_host_or_address_when_it_is_a_hostname_or_ip_literal(String text) {
    assertThat(ValueTypes.hostOrAddress().parse(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "256.0.0.1",
        "1.2.3",
        "1.2.3.4.5",
        "01.2.3.4",
        ":::",
        "1::2::3",
        "[::1",
        "gg::1",
        "host name",
        "0.0.0.0:8080"
      })
  void should_reject_a_host_or_address_when_it_is_neither(String text) {
    assertThatThrownBy(() -> ValueTypes.hostOrAddress().parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a hostname, IPv4 or IPv6 address such as 0.0.0.0 or ::");
  }

  @Test
  void should_give_no_path_when_the_optional_path_is_empty() {
    assertThat(ValueTypes.optionalPath().parse("")).isEmpty();
  }

  @Test
  void should_give_the_path_when_the_optional_path_is_set() {
    assertThat(ValueTypes.optionalPath().parse("conf/subs.csv"))
        .isEqualTo(Optional.of(Path.of("conf", "subs.csv")));
  }

  @Test
  void should_reject_a_path_when_it_contains_a_nul_character() {
    assertThatThrownBy(() -> ValueTypes.optionalPath().parse("a\0b"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_phrase_the_problem_as_is_not_the_expectation_when_a_key_fails_to_parse() {
    ConfigKey<Boolean> key = ConfigKey.of("demo.enabled", ValueTypes.bool(), "false", "Demo.");

    ConfigKey.Parsed<Boolean> parsed = key.parse("yes");

    assertThat(parsed.ok()).isFalse();
    assertThat(parsed.problem()).isEqualTo("is not true or false");
  }
}
