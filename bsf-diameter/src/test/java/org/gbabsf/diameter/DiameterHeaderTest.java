package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link DiameterHeader} against headers written by hand from RFC 6733 §3. */
class DiameterHeaderTest {

  static Stream<Arguments> headers() {
    return Stream.of(
        // A MAR (303, Zh 16777221) with R and P, as in DiameterWireTest's golden message.
        Arguments.of(
            "01000088 c000012f 01000005 11223344 55667788",
            new DiameterHeader(1, 0x88, 0xc0, 303, 16777221L, 0x11223344L, 0x55667788L),
            true,
            true,
            false,
            false),
        // A DWA (280) answer, no flags, application 0.
        Arguments.of(
            "01000014 00000118 00000000 00000001 00000002",
            new DiameterHeader(1, 20, 0, 280, 0, 1, 2),
            false,
            false,
            false,
            false),
        // An error answer with E and T, and identifiers at 2^32 - 1 (unsigned, not -1).
        Arguments.of(
            "01ffffff 30000136 ffffffff ffffffff ffffffff",
            new DiameterHeader(1, 0xFF_FFFF, 0x30, 310, 0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF_FFFFL),
            false,
            false,
            true,
            true),
        // Version 2 and a length that does not match: read as received, judged by the framing.
        Arguments.of(
            "02000000 80ffffff 00000000 00000000 00000000",
            new DiameterHeader(2, 0, 0x80, 0xFF_FFFF, 0, 0, 0),
            true,
            false,
            false,
            false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("headers")
  void should_read_every_field_when_given_a_header_from_the_rfc_layout(
      String hex,
      DiameterHeader expected,
      boolean request,
      boolean proxiable,
      boolean error,
      boolean retransmitted) {
    byte[] bytes = HexFormat.of().parseHex(hex.replace(" ", ""));

    DiameterHeader h = DiameterHeader.of(bytes);

    assertThat(h).isEqualTo(expected);
    assertThat(h.request()).isEqualTo(request);
    assertThat(h.proxiable()).isEqualTo(proxiable);
    assertThat(h.error()).isEqualTo(error);
    assertThat(h.retransmitted()).isEqualTo(retransmitted);
  }

  @Test
  void should_read_the_header_of_what_diameter_wire_encodes_when_a_body_follows() {
    DiameterMessage m =
        new DiameterMessage(
            310,
            16777220L,
            true,
            true,
            false,
            true,
            7,
            8,
            List.of(Avp.utf8(263, 0, true, "naf;1;2")));
    byte[] wire = DiameterWire.encode(m);

    DiameterHeader h = DiameterHeader.of(wire);

    assertThat(h.length()).isEqualTo(wire.length);
    assertThat(h.commandCode()).isEqualTo(310);
    assertThat(h.applicationId()).isEqualTo(16777220L);
    assertThat(h.hopByHop()).isEqualTo(7);
    assertThat(h.endToEnd()).isEqualTo(8);
    assertThat(h.request() && h.proxiable() && h.retransmitted() && !h.error()).isTrue();
  }

  @Test
  void should_refuse_to_read_when_fewer_than_twenty_bytes_are_given() {
    assertThat(DiameterHeader.fits(new byte[19])).isFalse();
    assertThat(DiameterHeader.fits(new byte[20])).isTrue();
    assertThatThrownBy(() -> DiameterHeader.of(new byte[19]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
