package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart sets BSF_* variables per pod (ports, identity, the SBI switch, the files of the
 * Secrets it mounts); the BSF refuses an unknown one at start, so every name the chart writes must
 * be the variable of a key, or one of the variables the BSF reads elsewhere. A key the chart sets
 * is its own: the chart refuses it in {@code config} (_helpers.tpl) and values.yaml says so above
 * {@code config}, so that an operator does not set it twice.
 */
class HelmChartKeysTest {

  private static final Path CHART = Path.of("..", "deploy", "helm", "gba-bsf");
  private static final Path STATEFULSET = CHART.resolve(Path.of("templates", "statefulset.yaml"));
  private static final Path HELPERS = CHART.resolve(Path.of("templates", "_helpers.tpl"));
  private static final Path VALUES = CHART.resolve("values.yaml");

  private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

  @Test
  void should_use_only_known_variables_when_the_chart_configures_a_pod() throws Exception {
    List<String> used = variablesOfTheChart();
    Set<String> known =
        BsfConfigKeys.all().stream().map(ConfigKey::envVar).collect(Collectors.toSet());

    assertThat(used)
        .contains(
            "BSF_STORE_SEAL_KEY_RING_FILE",
            "BSF_CASSANDRA_PASSWORD_FILE",
            "BSF_UB_TLS_CERTIFICATE",
            "BSF_DIAMETER_TLS_TRUST",
            "BSF_CASSANDRA_TLS_ENABLED",
            "BSF_SBI_ENABLED",
            "BSF_SBI_PORT",
            "BSF_SBI_TLS_TRUST",
            "BSF_SBI_TLS_CLIENT_AUTH",
            "BSF_SBI_CLIENT_TLS_CERTIFICATE",
            "BSF_NBSP_OAUTH2_NRF_KEYS",
            "BSF_NBSP_OAUTH2_NF_INSTANCE_ID");
    assertThat(used)
        .allSatisfy(
            v ->
                assertThat(known.contains(v) || ConfigLoader.RESERVED_ENV.contains(v))
                    .as("%s is a key's variable or reserved", v)
                    .isTrue());
  }

  @Test
  void should_refuse_in_config_every_key_the_chart_sets() throws Exception {
    List<String> refused = keysRefusedByTheChart();

    assertThat(keysSetByTheChart())
        .isNotEmpty()
        .allSatisfy(
            k ->
                assertThat(refused)
                    .as("_helpers.tpl refuses config.%s, which the chart sets", k)
                    .contains(k));
  }

  @Test
  void should_name_every_key_the_chart_sets_when_values_yaml_lists_the_keys_it_owns()
      throws Exception {
    String header = commentAboveConfig();

    assertThat(keysSetByTheChart())
        .allSatisfy(
            k ->
                assertThat(namedIn(header, k))
                    .as("values.yaml names %s (or a prefix.*) above config", k)
                    .isTrue());
  }

  @Test
  void should_refuse_only_known_keys_when_the_chart_checks_config() throws Exception {
    Set<String> known =
        BsfConfigKeys.all().stream().map(ConfigKey::name).collect(Collectors.toSet());

    assertThat(keysRefusedByTheChart())
        .contains("sbi.enabled", "sbi.tls.client-auth", "nbsp.oauth2.nf-instance-id")
        .allSatisfy(k -> assertThat(known).as("config.%s is a key", k).contains(k));
  }

  /** The BSF_ variables the StatefulSet sets, in order. */
  private static List<String> variablesOfTheChart() throws Exception {
    Matcher m = Pattern.compile("- name: (BSF_[A-Z0-9_]+)").matcher(Files.readString(STATEFULSET));
    return m.results().map(r -> r.group(1)).distinct().toList();
  }

  /** The keys behind those variables (the reserved ones have none). */
  private static List<String> keysSetByTheChart() throws Exception {
    Map<String, String> byVariable =
        BsfConfigKeys.all().stream()
            .collect(Collectors.toMap(ConfigKey::envVar, ConfigKey::name, (a, b) -> a));
    return variablesOfTheChart().stream()
        .filter(byVariable::containsKey)
        .map(byVariable::get)
        .toList();
  }

  /**
   * The keys _helpers.tpl checks in config: every string of a {@code range $key := list …} and the
   * keys (even places) of the {@code $owned := dict …} that maps a key to the value setting it.
   */
  private static List<String> keysRefusedByTheChart() throws Exception {
    List<String> keys = new ArrayList<>();
    for (String line : Files.readAllLines(HELPERS)) {
      List<String> quoted = QUOTED.matcher(line).results().map(r -> r.group(1)).toList();
      if (line.contains("range $key := list")) {
        keys.addAll(quoted);
      } else if (line.contains("$owned := dict")) {
        for (int i = 0; i < quoted.size(); i += 2) {
          keys.add(quoted.get(i));
        }
      }
    }
    return keys;
  }

  /**
   * The list of the keys the chart owns: the comment block right above {@code config:} in
   * values.yaml, without its '#', from "Not allowed here" on.
   */
  private static String commentAboveConfig() throws Exception {
    List<String> lines = Files.readAllLines(VALUES);
    int config = lines.indexOf("config:");
    assertThat(config).as("values.yaml has a top-level config:").isPositive();
    List<String> block = new ArrayList<>();
    for (int i = config - 1; i >= 0 && lines.get(i).startsWith("#"); i--) {
      block.add(0, lines.get(i).substring(1));
    }
    String comment = String.join(" ", block);
    int from = comment.indexOf("Not allowed here");
    assertThat(from).as("values.yaml says which keys are not allowed in config").isNotNegative();
    return comment.substring(from);
  }

  /** Whether {@code text} names {@code key} itself, or a {@code prefix.*} that covers it. */
  private static boolean namedIn(String text, String key) {
    Function<String, Pattern> word =
        s -> Pattern.compile("(?<![\\w.-])" + Pattern.quote(s) + "(?![\\w-]|\\.\\w)");
    if (word.apply(key).matcher(text).find()) {
      return true;
    }
    String prefix = key;
    for (int dot = prefix.lastIndexOf('.'); dot > 0; dot = prefix.lastIndexOf('.')) {
      prefix = prefix.substring(0, dot);
      if (text.contains(prefix + ".*")) {
        return true;
      }
    }
    return false;
  }
}
