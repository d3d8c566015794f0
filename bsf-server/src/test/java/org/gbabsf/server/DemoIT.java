package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The README's first command, run in-process: the demo on the embedded defaults. */
class DemoIT {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.execute(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void should_bootstrap_every_ue_and_exit_zero_when_demo_runs_on_defaults() {
    int exit = run("demo", "--bootstraps", "4");

    assertThat(exit).isZero();
    assertThat(stdout())
        .contains("Demo: 5 of 5 checks passed: PASS")
        .contains("(after 1 AUTS resynchronisation)")
        .contains("unknown to the HSS: answered 403")
        .containsPattern("PASS  user0@home1.net +B-TID [A-Za-z0-9+/]{22}==@bsf.home1.net")
        .containsPattern("lifetime \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ")
        .doesNotContain("FAIL");
  }

  @Test
  void should_use_the_configured_name_in_btids_when_bsf_name_is_overridden() {
    int exit = run("demo", "--bootstraps", "1", "--set", "bsf.name=bsf.operator.example");

    assertThat(exit).isZero();
    assertThat(stdout()).contains("@bsf.operator.example").contains("realm bsf.operator.example");
  }

  @Test
  void should_exit_2_and_list_every_problem_when_configuration_is_invalid() {
    int exit = run("demo", "--set", "ub.max-failures=0", "--set", "ub.hss-timeout=soon");

    assertThat(exit).isEqualTo(Main.EXIT_CONFIG);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Invalid configuration (2 problems)")
        .contains("ub.max-failures")
        .contains("ub.hss-timeout");
  }

  @Test
  void should_print_every_key_with_its_source_when_config_command_runs() {
    int exit = run("config", "--set", "ub.port=9080");

    assertThat(exit).isZero();
    assertThat(stdout()).contains("ub.port = 9080").contains("bsf.name = bsf.home1.net");
  }

  @Test
  void should_reject_a_bootstrap_count_beyond_the_population_when_asked_for_too_many() {
    int exit = run("demo", "--bootstraps", "5", "--set", "hss.simulated.generated-count=2");

    assertThat(exit).isNotZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--bootstraps must be between 1");
  }
}
