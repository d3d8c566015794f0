package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Which requests reach the stack (RFC 6733 §7.1.3), for a BSF serving Zn BIRs. */
class RequestScreenTest {

  private static final long ZN = 16777220L;
  private static final long ZH = 16777221L;
  private static final int R = 0x80;
  private static final int RP = 0xC0;
  private static final int RE = 0xA0;
  private static final RequestScreen SCREEN = new RequestScreen(Map.of(ZN, Set.of(310)));

  static Stream<Arguments> table() {
    return Stream.of(
        Arguments.of("BIR on Zn", RP, 310, ZN, 0L),
        Arguments.of("CER", R, 257, 0L, 0L),
        Arguments.of("DWR", R, 280, 0L, 0L),
        Arguments.of("DPR", R, 282, 0L, 0L),
        Arguments.of("an answer, whatever its command", 0x40, 9999, 42L, 0L),
        Arguments.of("command 9999 on Zn", RP, 9999, ZN, 3001L),
        Arguments.of("MAR on Zn", RP, 303, ZN, 3001L),
        Arguments.of("STR on the base application", R, 275, 0L, 3001L),
        Arguments.of("BIR on application 0", RP, 310, 0L, 3007L),
        Arguments.of("BIR on Zh", RP, 310, ZH, 3007L),
        Arguments.of("MAR on Zh (we are Zh's client)", RP, 303, ZH, 3007L),
        Arguments.of("relay application", RP, 310, 0xFFFF_FFFFL, 3007L),
        Arguments.of("E bit on a BIR", RE, 310, ZN, 3008L),
        Arguments.of("E bit on a CER", RE, 257, 0L, 3008L));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void should_answer_the_rfc_6733_protocol_error_when_a_request_is_not_served(
      String name, int flags, int command, long app, long expected) {
    assertThat(SCREEN.check(flags, command, app)).isEqualTo(expected);
  }
}
