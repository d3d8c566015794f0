package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.transport.DiameterFraming.Accepted;
import org.gbabsf.diameter.transport.DiameterFraming.Refused;
import org.gbabsf.diameter.transport.DiameterFraming.Violation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The framing rules of RFC 6733 §3 and §4.1, from a table of first words and whole messages. */
class DiameterFramingTest {

  private static final int MAX = 64 * 1024;

  static Stream<Arguments> headers() {
    return Stream.of(
        Arguments.of("version 1, length 20", 0x0100_0014, null),
        Arguments.of("version 1, length 64 KiB", 0x0101_0000, null),
        Arguments.of("version 0", 0x0000_0014, Violation.UNSUPPORTED_VERSION),
        Arguments.of("version 2", 0x0200_0014, Violation.UNSUPPORTED_VERSION),
        Arguments.of("version 0xff", 0xFF00_0014, Violation.UNSUPPORTED_VERSION),
        Arguments.of("length 0", 0x0100_0000, Violation.INVALID_MESSAGE_LENGTH),
        Arguments.of("length 16, under the header", 0x0100_0010, Violation.INVALID_MESSAGE_LENGTH),
        Arguments.of(
            "length 21, not a multiple of 4", 0x0100_0015, Violation.INVALID_MESSAGE_LENGTH),
        Arguments.of("length 64 KiB + 4", 0x0101_0004, Violation.MESSAGE_TOO_LARGE),
        Arguments.of("length 16 MiB - 4", 0x01FF_FFFC, Violation.MESSAGE_TOO_LARGE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("headers")
  void should_judge_the_first_word_when_the_header_arrives(
      String name, int firstWord, Violation expected) {
    DiameterFraming.Check check = DiameterFraming.header(firstWord, MAX);
    if (expected == null) {
      assertThat(check).isEqualTo(new Accepted(firstWord & 0xFF_FFFF));
    } else {
      assertThat(check).isInstanceOf(Refused.class);
      assertThat(((Refused) check).violation()).isEqualTo(expected);
    }
  }

  static Stream<Arguments> messages() {
    byte[] ok = message(List.of(Avp.utf8(1, 0, true, "abcde"), Avp.u32(268, 0, true, 2001)));
    byte[] vendor = message(List.of(Avp.utf8(400, 10415, true, "btid")));
    byte[] grouped = message(List.of(Avp.grouped(260, 0, true, Avp.u32(266, 0, true, 10415))));
    byte[] shortAvp = ok.clone();
    ByteBuffer.wrap(shortAvp).putInt(24, 0x4000_0007); // AVP length 7 < its 8-byte header
    byte[] longAvp = ok.clone();
    ByteBuffer.wrap(longAvp).putInt(24, 0x4000_0100); // runs past the message
    byte[] vendorShort = vendor.clone();
    ByteBuffer.wrap(vendorShort).putInt(24, 0xC000_000A); // V bit: 12-byte header, length 10
    byte[] badChild = grouped.clone();
    ByteBuffer.wrap(badChild).putInt(32, 0x4000_0040); // Vendor-Id inside runs past its group
    byte[] vendorGroup = // a vendor-flagged Experimental-Result whose child is 0 bytes long
        message(List.of(Avp.grouped(297, 10415, true, Avp.u32(298, 0, true, 5001))));
    ByteBuffer.wrap(vendorGroup).putInt(36, 0x4000_0000);
    byte[] trailing = new byte[ok.length + 4]; // 4 bytes after the last AVP: no AVP header fits
    System.arraycopy(ok, 0, trailing, 0, ok.length);
    ByteBuffer.wrap(trailing).putInt(0x0100_0000 | trailing.length);
    return Stream.of(
        Arguments.of("two AVPs, one padded", ok, null),
        Arguments.of("vendor-specific AVP", vendor, null),
        Arguments.of("Vendor-Specific-Application-Id with a child", grouped, null),
        Arguments.of("no AVP at all", message(List.of()), null),
        Arguments.of("AVP length under its header", shortAvp, Violation.INVALID_AVP_LENGTH),
        Arguments.of("AVP running past the message", longAvp, Violation.INVALID_AVP_LENGTH),
        Arguments.of("vendor AVP under 12 bytes", vendorShort, Violation.INVALID_AVP_LENGTH),
        Arguments.of("child running past its group", badChild, Violation.INVALID_AVP_LENGTH),
        Arguments.of(
            "vendor-flagged 297 with a 0-length child (fuzzer)",
            vendorGroup,
            Violation.INVALID_AVP_LENGTH),
        Arguments.of("4 bytes that are no AVP", trailing, Violation.INVALID_MESSAGE_LENGTH));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("messages")
  void should_judge_the_avps_when_the_message_is_whole(
      String name, byte[] message, Violation expected) {
    DiameterFraming.Check check = DiameterFraming.message(message);
    if (expected == null) {
      assertThat(check).isEqualTo(new Accepted(message.length));
    } else {
      assertThat(check).isInstanceOf(Refused.class);
      assertThat(((Refused) check).violation()).isEqualTo(expected);
    }
  }

  @org.junit.jupiter.api.Test
  void should_carry_the_offending_avp_when_an_avp_runs_past_the_message() {
    byte[] m = message(List.of(Avp.utf8(1, 0, true, "x".repeat(200))));
    ByteBuffer.wrap(m).putInt(24, 0x4000_0400);

    Refused r = (Refused) DiameterFraming.message(m);

    assertThat(r.failedAvp()).hasSize(DiameterFraming.FAILED_AVP_MAX);
    assertThat(ByteBuffer.wrap(r.failedAvp()).getInt()).as("the AVP's code").isEqualTo(1);
    assertThat(ByteBuffer.wrap(r.failedAvp()).getInt(4))
        .as("its flags and length")
        .isEqualTo(0x4000_0400);
  }

  private static byte[] message(List<Avp> avps) {
    return DiameterWire.encode(
        new DiameterMessage(310, 16777220, true, true, false, false, 1, 2, avps));
  }
}
