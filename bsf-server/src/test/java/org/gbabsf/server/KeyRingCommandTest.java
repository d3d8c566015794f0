package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gbabsf.core.seal.KeyRing;
import org.junit.jupiter.api.Test;

/** {@code bsf keyring new}: a line an operator appends to the key ring, never logged. */
class KeyRingCommandTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.execute(
        args,
        Map.of(),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void should_print_a_parseable_key_with_the_asked_id_when_run() {
    int exit = run("keyring", "new", "--id", "3");
    String first = out.toString(StandardCharsets.UTF_8);
    run("keyring", "new", "--id", "3");
    String second = out.toString(StandardCharsets.UTF_8).substring(first.length());

    assertThat(exit).isZero();
    assertThat(KeyRing.parse(first).ids()).containsExactly(3);
    assertThat(first).matches("3=[A-Za-z0-9+/]{43}=\\R");
    assertThat(second).as("a fresh key every time").isNotEqualTo(first);
  }

  @Test
  void should_refuse_with_exit_2_when_the_id_is_not_positive() {
    int exit = run("keyring", "new", "--id", "0");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--id must be at least 1");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }
}
