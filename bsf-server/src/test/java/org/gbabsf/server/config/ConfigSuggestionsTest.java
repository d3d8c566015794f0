package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigSuggestionsTest {

  private static final List<String> KEYS =
      List.of("ub.port", "ub.realm", "ub.retry-after", "store.type", "hss.type");

  @ParameterizedTest
  @CsvSource({
    "'', '', 0",
    "port, prot, 2",
    "kitten, sitting, 3",
    "ub.port, ub.port, 0",
    "a, '', 1"
  })
  void should_count_single_character_edits_when_computing_the_distance(
      String a, String b, int distance) {
    assertThat(Suggestions.levenshtein(a, b)).isEqualTo(distance);
    assertThat(Suggestions.levenshtein(b, a)).isEqualTo(distance);
  }

  @ParameterizedTest
  @CsvSource({
    "ub.prot, ub.port",
    "UB.PORT, ub.port",
    "ub.retry_after, ub.retry-after",
    "store.typ, store.type",
    "hss.tpye, hss.type",
  })
  void should_suggest_the_closest_key_when_the_name_is_a_likely_typo(String typo, String key) {
    assertThat(Suggestions.closest(typo, KEYS)).contains(key);
  }

  @ParameterizedTest
  @CsvSource({"logging.level", "x", "metrics.enabled"})
  void should_suggest_nothing_when_no_key_is_close(String name) {
    assertThat(Suggestions.closest(name, KEYS)).isEmpty();
  }
}
