package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.gbabsf.core.testing.Tools;
import org.junit.jupiter.api.Test;

/**
 * ShellCheck over the project's shell scripts (the benchmarks, the local Cassandra, CI's entry
 * point), at severity warning. No test runs most benchmark scripts, so a slip in one shows only
 * when someone runs it; shellcheck catches a class of them (unquoted expansions, variables never
 * set, a cd that may fail), though not all: it did not see the line 000b5ce dropped from
 * overload.sh, whose variable is set further down. Skipped, with the reason printed, only where
 * shellcheck is not installed; CI installs it (.ci/run).
 */
class ScriptLintTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static boolean installed() {
    return Tools.installed("shellcheck", "--version");
  }

  private static List<String> scripts() throws IOException {
    List<String> scripts = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT.resolve("deploy"))) {
      files
          .filter(f -> f.toString().endsWith(".sh"))
          .map(f -> ROOT.relativize(f).toString())
          .sorted()
          .forEach(scripts::add);
    }
    scripts.add(".ci/run");
    return scripts;
  }

  @Test
  void should_find_no_warning_in_any_shell_script_when_shellcheck_reads_them()
      throws IOException, InterruptedException {
    if (!installed()) {
      System.out.println(
          "[ScriptLintTest] SKIPPED: shellcheck is not installed (apt-get install shellcheck)");
    }
    assumeTrue(installed(), "shellcheck is not installed");
    List<String> scripts = scripts();
    assertThat(scripts).contains("deploy/bench/overload.sh", "deploy/bench/lib.sh", ".ci/run");
    List<String> command = new ArrayList<>(List.of("shellcheck", "-x", "-S", "warning"));
    command.addAll(scripts);
    Process p =
        new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
    String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("shellcheck ended").isTrue();

    assertThat(report).as("shellcheck's report").isEmpty();
    assertThat(p.exitValue()).isZero();
  }
}
