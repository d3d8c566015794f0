package org.gbabsf.server.log;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.status.Status;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;

@SuppressWarnings("unchecked") // logback's appender and encoder are generic
class EscapingConverterTest {

  static Stream<Arguments> texts() {
    return Stream.of(
        Arguments.of("line feed", "a\nb", "a\\nb"),
        Arguments.of("carriage return and line feed", "a\r\nb", "a\\r\\nb"),
        Arguments.of("tab", "a\tb", "a\\tb"),
        Arguments.of("escape (ANSI)", "\u001b[31mred", "\\u001b[31mred"),
        Arguments.of("NUL and DEL", "a\u0000b\u007f", "a\\u0000b\\u007f"),
        Arguments.of("NEL (C1)", "a\u0085b", "a\\u0085b"),
        Arguments.of("line separator", "a\u2028b", "a\\u2028b"),
        Arguments.of("printable non-ASCII kept", "réalm.home1.net", "réalm.home1.net"),
        Arguments.of("backslash kept", "a\\nb", "a\\nb"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("texts")
  void should_write_control_characters_as_escapes_when_text_has_them(
      String name, String in, String out) {
    assertThat(EscapingConverter.escape(in)).isEqualTo(out);
  }

  @Test
  void should_return_the_same_string_when_text_has_no_control_character() {
    String in = "Diameter peer hss1.home1.net is up";

    assertThat(EscapingConverter.escape(in)).isSameAs(in);
  }

  @Test
  void should_keep_a_peers_line_feed_inside_one_line_when_the_shipped_configuration_formats_it()
      throws Exception {
    LoggerContext context = new LoggerContext();
    JoranConfigurator joran = new JoranConfigurator();
    joran.setContext(context);
    joran.doConfigure(EscapingConverterTest.class.getResource("/logback.xml"));
    ConsoleAppender<ILoggingEvent> stderr =
        (ConsoleAppender<ILoggingEvent>)
            context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
    Layout<ILoggingEvent> layout =
        ((LayoutWrappingEncoder<ILoggingEvent>) stderr.getEncoder()).getLayout();
    LoggingEvent event =
        new LoggingEvent(
            "test",
            context.getLogger("org.jdiameter.server.impl.PeerImpl"),
            Level.WARN,
            "Received a request for an unrecognized realm: [{}]",
            null,
            new Object[] {"home\n2026-11-28T07:00:00.000Z ERROR [main] forged - line"});
    event.setThreadName("FSM-SPeer{Uri=aaa://naf\nforged:3868}_1-1");

    String line = layout.doLayout(event);
    context.stop();

    assertThat(line).endsWith(System.lineSeparator());
    assertThat(line.strip())
        .doesNotContain("\n")
        .contains("realm: [home\\n2026")
        .contains("naf\\nforged");
  }

  @Test
  void should_configure_without_a_warning_when_logback_reads_the_shipped_file() throws Exception {
    LoggerContext context = new LoggerContext();
    JoranConfigurator joran = new JoranConfigurator();
    joran.setContext(context);

    joran.doConfigure(EscapingConverterTest.class.getResource("/logback.xml"));
    List<Status> statuses = context.getStatusManager().getCopyOfStatusList();
    context.stop();

    // A warning makes logback print its whole status on stdout, where it corrupted the output of
    // `bsf keyring new` (a deprecated attribute of <conversionRule> did).
    assertThat(statuses)
        .filteredOn(st -> st.getEffectiveLevel() >= Status.WARN)
        .extracting(Status::getMessage)
        .isEmpty();
  }
}
