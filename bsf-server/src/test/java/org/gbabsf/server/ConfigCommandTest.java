package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code bsf config}, run in-process as an operator runs it. It prints exactly what it printed
 * before the configuration code was reshaped (issue #30): the golden files under {@code
 * src/test/resources/golden} were written by the loader of commit 3b102d6 and are compared byte for
 * byte. A change that means to alter the output rewrites them with {@code -Dgolden.update=true} and
 * shows the difference in its commit.
 */
class ConfigCommandTest {

  private static final Map<String, String> ENV =
      Map.of(
          "BSF_ZH_PEER_BACKOFF", "45s",
          "BSF_UB_MAX_IN_FLIGHT", "2000",
          "BSF_NBSP_SEND_IMPI", "true");

  @Test
  void should_print_the_golden_configuration_when_given_the_golden_inputs() throws Exception {
    Run run =
        run(
            ENV,
            "config",
            "--config",
            resource("bsf-config-input.yaml").toString(),
            "--set",
            "ub.max-failures=7",
            "--set",
            "zn.naf-realms= partners.example=partner ,other.example=default");

    assertThat(run.exit()).as(run.err()).isZero();
    assertGolden(run.out(), "config-describe.txt");
  }

  @Test
  void should_refuse_with_the_golden_errors_when_every_structured_key_is_wrong() throws Exception {
    Run run =
        run(
            ENV,
            "config",
            "--config",
            resource("bsf-config-errors.yaml").toString(),
            "--set",
            "sbi.tls.protocols=TLSv1.2");

    assertThat(run.exit()).isNotZero();
    assertThat(run.out()).isEmpty();
    assertGolden(run.err(), "config-errors.txt");
  }

  private record Run(int exit, String out, String err) {}

  @Test
  void should_print_every_key_with_its_source_when_config_command_runs() {
    Run run = run(Map.of(), "config", "--set", "ub.port=9080");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("ub.port = 9080").contains("bsf.name = bsf.home1.net");
  }

  @Test
  void should_read_bsf_variables_from_the_given_environment_when_run() {
    Run run = run(Map.of("BSF_UB_PORT", "9443", "BSF_LOG_LEVEL", "DEBUG"), "config");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("ub.port = 9443  (env BSF_UB_PORT)");
  }

  private static Run run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.execute(
            args,
            env,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Compares {@code actual}, with the input file's directory replaced by a token, to a file. */
  private static void assertGolden(String actual, String name) throws IOException {
    String dir = resource("bsf-config-input.yaml").getParent().toString();
    String portable = actual.replace(dir, "<golden>");
    Path golden = Path.of("src/test/resources/golden", name);
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(golden, portable, StandardCharsets.UTF_8);
    }
    List<String> expected = Files.readAllLines(golden, StandardCharsets.UTF_8);
    assertThat(portable.lines().toList()).containsExactlyElementsOf(expected);
  }

  private static Path resource(String name) {
    try {
      return Path.of(ConfigCommandTest.class.getResource("/golden/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
