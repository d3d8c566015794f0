package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Helm chart sets BSF_* variables per pod (ports, identity, the files of the Secrets it
 * mounts); the BSF refuses an unknown one at start, so every name the chart writes must be the
 * variable of a key, or one of the variables the BSF reads elsewhere.
 */
class HelmChartKeysTest {

  private static final Path STATEFULSET =
      Path.of("..", "deploy", "helm", "gba-bsf", "templates", "statefulset.yaml");

  @Test
  void should_use_only_known_variables_when_the_chart_configures_a_pod() throws Exception {
    String template = Files.readString(STATEFULSET);
    Matcher m = Pattern.compile("- name: (BSF_[A-Z0-9_]+)").matcher(template);
    List<String> used = m.results().map(r -> r.group(1)).distinct().toList();
    Set<String> known =
        BsfConfigKeys.all().stream().map(ConfigKey::envVar).collect(Collectors.toSet());

    assertThat(used)
        .contains(
            "BSF_STORE_SEAL_KEY_RING_FILE",
            "BSF_CASSANDRA_PASSWORD_FILE",
            "BSF_UB_TLS_CERTIFICATE",
            "BSF_DIAMETER_TLS_TRUST",
            "BSF_CASSANDRA_TLS_ENABLED");
    assertThat(used)
        .allSatisfy(
            v ->
                assertThat(known.contains(v) || ConfigLoader.RESERVED_ENV.contains(v))
                    .as("%s is a key's variable or reserved", v)
                    .isTrue());
  }
}
