package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BsfConfigTest {

  private static final ConfigKey<String> PASSWORD =
      ConfigKey.of("demo.password", ValueTypes.string(), "changeit", "A demo secret.").asSecret();
  private static final ConfigKey<Integer> SIZE =
      ConfigKey.of("demo.size", ValueTypes.integer(1, 10), "5", "A demo size.");

  @Test
  void should_print_one_key_value_source_line_per_key_when_describing() {
    BsfConfig config =
        ConfigLoader.load(null, Map.of("BSF_UB_PORT", "9000"), Map.of("ub.hss-timeout", "PT1.5S"));

    List<String> lines = config.describe().lines().toList();

    assertThat(lines).hasSize(BsfConfigKeys.all().size());
    assertThat(lines)
        .startsWith("bsf.name = bsf.home1.net  (default)")
        .contains(
            "ub.realm = bsf.home1.net  (default, same as bsf.name)",
            "ub.port = 9000  (env BSF_UB_PORT)",
            "ub.hss-timeout = 1500ms  (override --set ub.hss-timeout)",
            "ub.idle-timeout = 60s  (default)",
            "hss.simulated.subscribers-csv = \"\"  (default)")
        .endsWith("naf-proxy.akma.tls.trust = \"\"  (default)");
  }

  @Test
  void should_mask_a_secret_value_when_describing() {
    ResolvedConfig resolved =
        new ConfigLoader(List.of(PASSWORD, SIZE))
            .resolve(null, Map.of("BSF_DEMO_PASSWORD", "hunter2"), Map.of());

    assertThat(resolved.get(PASSWORD)).isEqualTo("hunter2");
    assertThat(resolved.describe())
        .isEqualTo("demo.password = ****  (env BSF_DEMO_PASSWORD)\n" + "demo.size = 5  (default)")
        .doesNotContain("hunter2");
  }

  @Test
  void should_mask_a_secret_value_when_reporting_it_as_invalid() {
    ConfigException e =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                new ConfigLoader(List.of(PASSWORD, SIZE))
                    .resolve(null, Map.of("BSF_DEMO_PASSWORD", "  "), Map.of("demo.size", "11")));

    assertThat(e.problems())
        .containsExactly(
            "demo.password (from env BSF_DEMO_PASSWORD): \"****\" is not a non-blank string",
            "demo.size (from override --set demo.size): \"11\" is not an integer in 1..10");
  }

  @Test
  void should_return_the_typed_value_when_read_through_a_key() {
    BsfConfig config = ConfigLoader.load(null, Map.of(), Map.of("ub.max-failures", "7"));

    assertThat(config.ub().maxFailures()).isEqualTo(7);
    assertThat(config.ub().realm()).isEqualTo(config.ub().realm());
  }

  @Test
  void should_leave_the_source_limit_off_when_it_is_not_configured() {
    BsfConfig defaults = ConfigLoader.load(null, Map.of(), Map.of());
    BsfConfig set =
        ConfigLoader.load(
            null, Map.of("BSF_UB_SOURCE_LIMIT_BURST", "4"), Map.of("ub.source-limit.rate", "10"));

    assertThat(defaults.ub().sourceLimitRate()).isZero();
    assertThat(defaults.ub().sourceLimitBurst()).isEqualTo(20);
    assertThat(set.ub().sourceLimitRate()).isEqualTo(10);
    assertThat(set.ub().sourceLimitBurst()).isEqualTo(4);
  }
}
