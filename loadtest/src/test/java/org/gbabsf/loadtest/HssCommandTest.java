package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HssCommandTest {

  @Test
  void should_refuse_to_start_when_the_guss_timestamp_is_not_an_instant() {
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new HssCommand());
    cli.setErr(new PrintWriter(err, true));

    int exit = cli.execute("--port", "0", "--guss-timestamp", "yesterday");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("--guss-timestamp must be start, none or an instant");
  }
}
