package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.UiccType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

  @ParameterizedTest
  @ValueSource(strings = {"user3@home1.net", "user3@home1.net=", "=GBA_U", "user3@home1.net=GBA U"})
  void should_refuse_to_start_when_a_uicc_type_is_not_impi_equals_type(String value) {
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new HssCommand());
    cli.setErr(new PrintWriter(err, true));

    int exit = cli.execute("--port", "0", "--uicc-type", value);

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("--uicc-type must be IMPI=TYPE");
  }

  @Test
  void should_put_each_uicc_type_in_its_users_guss_when_uicc_type_is_repeated() {
    HssCommand hss = new HssCommand();
    new CommandLine(hss)
        .parseArgs("--uicc-type", "user3@home1.net=GBA_U", "--uicc-type", "user4@home1.net=GBA_X");

    assertThat(hss.guss().forUser(new Impi("user3@home1.net")).uiccType())
        .isEqualTo(UiccType.GBA_U);
    assertThat(hss.guss().forUser(new Impi("user4@home1.net")).rawXml())
        .contains("<uiccType>GBA_X</uiccType>");
    assertThat(hss.guss().forUser(new Impi("user5@home1.net")).uiccType()).isEqualTo(UiccType.GBA);
  }
}
