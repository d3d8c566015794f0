package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code bsf config}, run in-process as an operator runs it. */
class ConfigCommandIT {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.execute(
        args,
        java.util.Map.of(),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void should_print_every_key_with_its_source_when_config_command_runs() {
    int exit = run("config", "--set", "ub.port=9080");

    assertThat(exit).isZero();
    assertThat(stdout()).contains("ub.port = 9080").contains("bsf.name = bsf.home1.net");
  }

  @Test
  void should_read_bsf_variables_from_the_given_environment_when_run() {
    int exit =
        Main.execute(
            new String[] {"config"},
            java.util.Map.of("BSF_UB_PORT", "9443", "BSF_LOG_LEVEL", "DEBUG"),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(exit).isZero();
    assertThat(stdout()).contains("ub.port = 9443  (env BSF_UB_PORT)");
  }
}
