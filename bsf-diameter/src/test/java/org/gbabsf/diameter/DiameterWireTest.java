package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.base.BaseMessages.ResultCode;
import org.jdiameter.api.AvpSet;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.impl.parser.MessageParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DiameterWireTest {

  private static final HexFormat HEX = HexFormat.of();
  private static final long VENDOR_3GPP = 10415;
  private static final long ZH_APP = 16777221;

  /** Hex with spaces allowed, for readability of hand-written golden bytes. */
  private static byte[] hex(String... parts) {
    return HEX.parseHex(String.join("", parts).replace(" ", ""));
  }

  /**
   * A request 303/16777221 with P, hbh 0x11223344, e2e 0x55667788, and AVPs of every shape: IETF
   * with M, 3GPP with V+M, grouped, and without M; all but the grouped one need padding.
   */
  private static DiameterMessage goldenMessage() {
    return new DiameterMessage(
        303,
        ZH_APP,
        true,
        true,
        false,
        false,
        0x11223344L,
        0x55667788L,
        List.of(
            Avp.utf8(BaseAvps.SESSION_ID, 0, true, "bsf.home1.net;1;2"),
            Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "bsf.home1.net"),
            Avp.utf8(601, VENDOR_3GPP, true, "sip:a"),
            BaseMessages.vendorSpecificApplicationId(VENDOR_3GPP, ZH_APP),
            Avp.octets(1234, 0, false, new byte[] {0x01, 0x02})));
  }

  /** Written by hand from RFC 6733 §3 (header) and §4.1 (AVP header, padding). */
  private static final byte[] GOLDEN =
      hex(
          // Header: version 1, length 20 + 116 = 136 = 0x88
          "01 000088",
          // flags R|P = 0xc0, command code 303 = 0x12f
          "c0 00012f",
          // Application-Id 16777221 = 0x01000005, Hop-by-Hop, End-to-End
          "01000005",
          "11223344",
          "55667788",
          // Session-Id 263 = 0x107, M, length 8 + 17 = 25 = 0x19, 3 octets of padding (28)
          "00000107 40 000019",
          "6273662e686f6d65312e6e65743b313b32 000000",
          // Origin-Host 264 = 0x108, M, length 8 + 13 = 21 = 0x15, 3 octets of padding (24)
          "00000108 40 000015",
          "6273662e686f6d65312e6e6574 000000",
          // 601 = 0x259, V|M, length 12 + 5 = 17 = 0x11, vendor 10415 = 0x28af, padding 3 (20)
          "00000259 c0 000011 000028af",
          "7369703a61 000000",
          // Vendor-Specific-Application-Id 260 = 0x104, M, length 8 + 24 = 32 = 0x20
          "00000104 40 000020",
          // Vendor-Id 266 = 0x10a, M, length 12, 10415
          "0000010a 40 00000c 000028af",
          // Auth-Application-Id 258 = 0x102, M, length 12, 16777221
          "00000102 40 00000c 01000005",
          // 1234 = 0x4d2, no flag, length 8 + 2 = 10 = 0x0a, 2 octets of padding (12)
          "000004d2 00 00000a",
          "0102 0000");

  @Test
  void should_encode_rfc6733_bytes_when_given_golden_message() {
    byte[] wire = DiameterWire.encode(goldenMessage());

    assertThat(HEX.formatHex(wire)).isEqualTo(HEX.formatHex(GOLDEN));
    assertThat(wire).hasSize(136);
  }

  @Test
  void should_decode_golden_bytes_when_hand_written() {
    assertThat(DiameterWire.decode(GOLDEN)).hasValue(goldenMessage());
  }

  static Stream<Arguments> messages() {
    Avp leaf = Avp.octets(5, 0, false, new byte[] {9});
    Avp inner = Avp.grouped(100, VENDOR_3GPP, true, leaf, Avp.u32(6, 0, true, 7));
    Avp outer = Avp.grouped(200, 0, false, inner, Avp.utf8(7, VENDOR_3GPP, false, "x"), inner);
    Avp deep = Avp.grouped(300, 1, true, outer, Avp.grouped(301, 0, true));
    return Stream.of(
        Arguments.of("golden", goldenMessage()),
        Arguments.of(
            "answer with E and T",
            new DiameterMessage(
                303,
                ZH_APP,
                false,
                true,
                true,
                true,
                1,
                2,
                List.of(BaseMessages.resultCodeAvp(3004)))),
        Arguments.of(
            "request, only T",
            new DiameterMessage(280, 0, true, false, false, true, 0, 0, List.of(leaf, leaf, leaf))),
        Arguments.of(
            "no AVPs", new DiameterMessage(257, 0, false, false, false, false, 7, 8, List.of())),
        Arguments.of(
            "nested grouped AVPs",
            new DiameterMessage(
                303, ZH_APP, true, true, false, false, 3, 4, List.of(deep, outer, inner))),
        Arguments.of(
            "max 24-bit command code and unsigned 32-bit fields",
            new DiameterMessage(
                0xFF_FFFF,
                0xFFFF_FFFFL,
                true,
                true,
                true,
                true,
                0xFFFF_FFFFL,
                0x8000_0000L,
                List.of(Avp.octets(0xFFFF_FFFF, 0xFFFF_FFFFL, true, new byte[] {1, 2, 3})))),
        Arguments.of(
            "empty AVP data",
            new DiameterMessage(
                1,
                2,
                true,
                false,
                false,
                false,
                0,
                0,
                List.of(Avp.octets(1, 0, false, new byte[0]), Avp.utf8(2, 3, true, "")))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("messages")
  void should_give_back_the_message_when_decoding_its_encoding(
      String name, DiameterMessage message) {
    byte[] wire = DiameterWire.encode(message);

    assertThat(wire.length % 4).isZero();
    assertThat(DiameterWire.decode(wire)).hasValue(message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("messages")
  void should_match_jdiameter_when_it_parses_and_reencodes_our_bytes(
      String name, DiameterMessage message) throws Exception {
    byte[] wire = DiameterWire.encode(message);
    MessageParser parser = new MessageParser();

    IMessage parsed = parser.createMessage(ByteBuffer.wrap(wire.clone()));

    assertThat(parsed.getCommandCode()).isEqualTo(message.commandCode());
    assertThat(parsed.getApplicationId()).isEqualTo(message.applicationId());
    assertThat(parsed.isRequest()).isEqualTo(message.request());
    assertThat(parsed.isProxiable()).isEqualTo(message.proxiable());
    assertThat(parsed.isError()).isEqualTo(message.error());
    assertThat(parsed.isReTransmitted()).isEqualTo(message.retransmitted());
    assertThat(parsed.getHopByHopIdentifier()).isEqualTo(message.hopByHop());
    assertThat(parsed.getEndToEndIdentifier()).isEqualTo(message.endToEnd());
    assertThat(fromJdiameter(parsed.getAvps())).isEqualTo(message.avps());

    ByteBuffer reencoded = parser.encodeMessage(parsed);
    byte[] theirs = new byte[reencoded.remaining()];
    reencoded.duplicate().get(theirs);
    assertThat(HEX.formatHex(theirs)).isEqualTo(HEX.formatHex(wire));
  }

  @Test
  void should_expose_grouped_children_to_jdiameter_when_golden_message_is_parsed()
      throws Exception {
    IMessage parsed = new MessageParser().createMessage(ByteBuffer.wrap(GOLDEN.clone()));

    org.jdiameter.api.Avp vsai = parsed.getAvps().getAvp(BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID);
    AvpSet children = vsai.getGrouped();

    assertThat(parsed.getAvps().getAvp(BaseAvps.SESSION_ID).getUTF8String())
        .isEqualTo("bsf.home1.net;1;2");
    assertThat(parsed.getAvps().getAvp(601, VENDOR_3GPP).getUTF8String()).isEqualTo("sip:a");
    assertThat(children.getAvp(BaseAvps.VENDOR_ID).getUnsigned32()).isEqualTo(VENDOR_3GPP);
    assertThat(children.getAvp(BaseAvps.AUTH_APPLICATION_ID).getUnsigned32()).isEqualTo(ZH_APP);
  }

  /**
   * jdiameter's AVPs as ours. Its parser reads the Vendor-ID with {@code readInt()} widened to a
   * signed long, so vendor ids of 2^31 and above come back negative: masked here.
   */
  private static List<Avp> fromJdiameter(AvpSet set) {
    List<Avp> out = new ArrayList<>();
    for (org.jdiameter.api.Avp a : set) {
      long vendor = a.getVendorId() & 0xFFFF_FFFFL;
      out.add(Avp.octets(a.getCode(), vendor, a.isMandatory(), a.getRawData()));
    }
    return out;
  }

  /** A request header (303, app 16777221, R|P) in front of {@code avps}, with a true length. */
  private static byte[] inMessage(byte[] avps) {
    ByteBuffer b = ByteBuffer.allocate(20 + avps.length);
    b.putInt((1 << 24) | (20 + avps.length));
    b.putInt((0xc0 << 24) | 303);
    b.putInt((int) ZH_APP);
    b.putInt(0x11223344);
    b.putInt(0x55667788);
    b.put(avps);
    return b.array();
  }

  /** AVP sequences that are wrong, each on its own. */
  static Stream<Arguments> malformedAvps() {
    return Stream.of(
        Arguments.of("fewer than 8 octets of AVP header", hex("00000001 40 00")),
        Arguments.of("AVP length 7, below the 8-octet header", hex("00000001 40 000007 00000000")),
        Arguments.of(
            "V AVP length 11, below the 12-octet header", hex("00000001 c0 00000b 000028af")),
        Arguments.of(
            "AVP length 16 past the 12 octets present", hex("00000001 40 000010 61626364")),
        Arguments.of(
            "second AVP past the end",
            hex("00000001 40 00000c 61626364", "00000002 40 00ffff 61626364")),
        Arguments.of("truncated vendor id", hex("00000001 c0 00000c 0000")),
        Arguments.of("last AVP without its padding", hex("00000001 40 000009 61")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedAvps")
  void should_refuse_avps_when_malformed(String name, byte[] avps) {
    assertThat(DiameterWire.decodeAvps(avps)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedAvps")
  void should_refuse_message_when_an_avp_is_malformed(String name, byte[] avps) {
    assertThat(DiameterWire.decode(inMessage(avps))).isEmpty();
  }

  static Stream<Arguments> malformedMessages() {
    byte[] wrongVersion = GOLDEN.clone();
    wrongVersion[0] = 2;
    byte[] lengthTooBig = GOLDEN.clone();
    lengthTooBig[3] = (byte) 0x8c;
    byte[] lengthTooSmall = GOLDEN.clone();
    lengthTooSmall[3] = (byte) 0x84;
    return Stream.of(
        Arguments.of("empty", new byte[0]),
        Arguments.of("19 octets, shorter than a header", Arrays.copyOf(GOLDEN, 19)),
        Arguments.of("wrong version", wrongVersion),
        Arguments.of("length field above the array length", lengthTooBig),
        Arguments.of("length field below the array length", lengthTooSmall),
        Arguments.of("array truncated", Arrays.copyOf(GOLDEN, GOLDEN.length - 4)),
        Arguments.of("trailing octets", Arrays.copyOf(GOLDEN, GOLDEN.length + 4)),
        Arguments.of("length 20 with AVPs after it", header20Then(GOLDEN)));
  }

  private static byte[] header20Then(byte[] golden) {
    byte[] copy = golden.clone();
    copy[1] = 0;
    copy[2] = 0;
    copy[3] = 20;
    return copy;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedMessages")
  void should_refuse_message_when_header_is_malformed(String name, byte[] wire) {
    assertThat(DiameterWire.decode(wire)).isEmpty();
  }

  @Test
  void should_decode_bare_header_when_message_has_no_avps() {
    byte[] wire = inMessage(new byte[0]);

    assertThat(DiameterWire.decode(wire)).hasValueSatisfying(m -> assertThat(m.avps()).isEmpty());
  }

  @Test
  void should_read_u32_when_data_is_four_octets() {
    assertThat(Avp.u32(1, 0, true, 0xFFFF_FFFFL).u32()).hasValue(0xFFFF_FFFFL);
    assertThat(Avp.octets(1, 0, true, hex("00000bb9")).u32()).hasValue(3001L);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 3, 5, 8})
  void should_give_no_u32_when_data_is_not_four_octets(int length) {
    assertThat(Avp.octets(1, 0, true, new byte[length]).u32()).isEmpty();
  }

  @Test
  void should_list_children_when_avp_is_grouped() {
    Avp first = Avp.u32(BaseAvps.VENDOR_ID, 0, true, VENDOR_3GPP);
    Avp second = Avp.utf8(608, VENDOR_3GPP, true, "Digest-AKAv1-MD5");
    Avp third = Avp.grouped(612, VENDOR_3GPP, true, second);

    Avp grouped = Avp.grouped(260, 0, true, first, second, third);

    assertThat(grouped.children()).hasValue(List.of(first, second, third));
    assertThat(grouped.children().orElseThrow().get(2).children()).hasValue(List.of(second));
    assertThat(grouped.dataLength()).isEqualTo(12 + 28 + 40);
  }

  @Test
  void should_give_no_children_when_data_is_not_avps() {
    assertThat(Avp.utf8(1, 0, true, "user1_private@home1.net").children()).isEmpty();
  }

  @Test
  void should_give_empty_children_when_grouped_avp_has_none() {
    assertThat(Avp.grouped(279, 0, true).children()).hasValue(List.of());
  }

  @Test
  void should_hide_data_when_printing_avp_or_message() {
    byte[] secret = hex("5ec2e75ec2e75ec2e75ec2e75ec2e7ff");
    Avp key = Avp.octets(625, VENDOR_3GPP, true, secret);
    Avp text = Avp.utf8(626, VENDOR_3GPP, true, "TOPSECRETKEY");
    DiameterMessage m = DiameterMessage.request(303, ZH_APP, true, List.of(key, text));

    String printed = key + " " + text + " " + m + " " + Avp.grouped(612, VENDOR_3GPP, true, key);

    assertThat(printed)
        .doesNotContainIgnoringCase("5ec2e7")
        .doesNotContain("TOPSECRETKEY")
        .doesNotContain(Arrays.toString(secret))
        .doesNotContain(new String(secret, StandardCharsets.ISO_8859_1))
        .contains("625/10415", "16 octets");
  }

  @Test
  void should_copy_data_when_building_and_reading_avp() {
    byte[] data = {1, 2, 3, 4};
    Avp a = Avp.octets(1, 0, true, data);
    data[0] = 9;
    a.octets()[1] = 9;

    assertThat(a.octets()).containsExactly(1, 2, 3, 4);
  }

  @Test
  void should_give_result_code_when_answer_has_result_code() {
    DiameterMessage answer = answer(BaseMessages.resultCodeAvp(2001));

    assertThat(BaseMessages.resultCode(answer)).hasValue(new ResultCode(2001, 0));
    assertThat(BaseMessages.resultCode(answer).orElseThrow().isSuccess()).isTrue();
  }

  @Test
  void should_give_experimental_code_and_vendor_when_answer_has_experimental_result() {
    DiameterMessage answer = answer(BaseMessages.experimentalResult(VENDOR_3GPP, 5401));

    assertThat(BaseMessages.resultCode(answer)).hasValue(new ResultCode(5401, VENDOR_3GPP));
    assertThat(BaseMessages.resultCode(answer).orElseThrow().isSuccess()).isFalse();
  }

  @Test
  void should_read_experimental_result_when_built_by_hand_from_wire_bytes() {
    // Experimental-Result 297 = 0x129, M, length 8 + 24 = 32: Vendor-Id 10415, code 5401 = 0x1519
    byte[] avps =
        hex("00000129 40 000020", "0000010a 40 00000c 000028af", "0000012a 40 00000c 00001519");

    DiameterMessage answer = DiameterWire.decode(inMessage(avps)).orElseThrow();

    assertThat(BaseMessages.resultCode(answer)).hasValue(new ResultCode(5401, VENDOR_3GPP));
  }

  @Test
  void should_give_no_result_code_when_answer_has_neither() {
    DiameterMessage answer = answer(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "s"));

    assertThat(BaseMessages.resultCode(answer)).isEqualTo(Optional.empty());
  }

  private static DiameterMessage answer(Avp avp) {
    DiameterMessage request = DiameterMessage.request(303, ZH_APP, true, List.of());
    return DiameterMessage.answerTo(
        request, false, List.of(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "s;1"), avp));
  }
}
