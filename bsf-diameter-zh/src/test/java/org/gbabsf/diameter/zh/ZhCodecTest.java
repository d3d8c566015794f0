package org.gbabsf.diameter.zh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.zh.ZhCodec.MaaResult;
import org.gbabsf.diameter.zh.ZhCodec.Mar;
import org.gbabsf.diameter.zh.ZhCodec.MarDecoded;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ZhCodecTest {

  private static final HexFormat HEX = HexFormat.of();
  private static final long V3GPP = BaseAvps.VENDOR_3GPP;

  // TS 35.208 §4.3, test set 1.
  private static final byte[] RAND = hex("23553cbe9637a89d218ae64dae47bf35");
  private static final byte[] SQN = hex("ff9bb4d0b607");
  private static final byte[] AMF = hex("b9b9");
  private static final byte[] MAC_A = hex("4a9ffac354dfafb3");
  private static final byte[] RES = hex("a54211d5e3ba50bf");
  private static final byte[] CK = hex("b40ba9a3c58b2a05bbf0d987b21bf8cb");
  private static final byte[] IK = hex("f769bcd751044604127672711c6d3441");
  private static final byte[] AK = hex("aa689c648370");

  /** Concealed SQN (6) ‖ MAC-S (8), values of our own choosing. */
  private static final byte[] AUTS = hex("a1a2a3a4a5a6 b1b2b3b4b5b6b7b8");

  private static final String IMPI = "user1_private@home1.net";

  private static byte[] hex(String... parts) {
    return HEX.parseHex(String.join("", parts).replace(" ", ""));
  }

  /** AUTN = SQN ⊕ AK ‖ AMF ‖ MAC-A (TS 33.102 §6.3.2). */
  private static byte[] autn() {
    byte[] autn = new byte[16];
    for (int i = 0; i < 6; i++) {
      autn[i] = (byte) (SQN[i] ^ AK[i]);
    }
    System.arraycopy(AMF, 0, autn, 6, 2);
    System.arraycopy(MAC_A, 0, autn, 8, 8);
    return autn;
  }

  private static AuthenticationVector vector() {
    return new AuthenticationVector(Rand.of(RAND), autn(), RES, CK, IK);
  }

  private static Mar initialMar() {
    return new Mar(
        "bsf.home1.net;1;1",
        "bsf.home1.net",
        "home1.net",
        "home1.net",
        Optional.empty(),
        new Impi(IMPI),
        Optional.empty());
  }

  private static Mar resyncMar() {
    return new Mar(
        "bsf.home1.net;1;1",
        "bsf.home1.net",
        "home1.net",
        "home1.net",
        Optional.of("hss.home1.net"),
        new Impi(IMPI),
        Optional.of(ZhCodec.randAuts(Rand.of(RAND), AUTS)));
  }

  // ---------------------------------------------------------------------------------------------
  // Golden MAR bytes, written by hand from RFC 6733 §3/§4.1 and TS 29.109 §4.4.1.

  private static final String SESSION_ID =
      // Session-Id 263 = 0x107, M, 8 + 17 = 25 = 0x19, "bsf.home1.net;1;1", 3 octets of padding
      "00000107 40 000019 6273662e686f6d65312e6e65743b313b31 000000";
  private static final String VENDOR_SPECIFIC_APPLICATION_ID =
      // 260 = 0x104, M, 8 + 12 + 12 = 32: Vendor-Id 266 = 10415, Auth-Application-Id 258 = 16777221
      "00000104 40 000020 0000010a 40 00000c 000028af 00000102 40 00000c 01000005";
  private static final String AUTH_SESSION_STATE =
      // 277 = 0x115, M, 12, NO_STATE_MAINTAINED (1)
      "00000115 40 00000c 00000001";
  private static final String ORIGIN_HOST =
      // 264 = 0x108, M, 8 + 13 = 21 = 0x15, "bsf.home1.net", 3 octets of padding
      "00000108 40 000015 6273662e686f6d65312e6e6574 000000";
  private static final String ORIGIN_REALM =
      // 296 = 0x128, M, 8 + 9 = 17 = 0x11, "home1.net", 3 octets of padding
      "00000128 40 000011 686f6d65312e6e6574 000000";
  private static final String DESTINATION_REALM =
      // 283 = 0x11b, M, 17, "home1.net", 3 octets of padding
      "0000011b 40 000011 686f6d65312e6e6574 000000";
  private static final String DESTINATION_HOST =
      // 293 = 0x125, M, 8 + 13 = 21, "hss.home1.net", 3 octets of padding
      "00000125 40 000015 6873732e686f6d65312e6e6574 000000";
  private static final String USER_NAME =
      // 1, M, 8 + 23 = 31 = 0x1f, "user1_private" "@" "home1.net", 1 octet of padding
      "00000001 40 00001f 75736572315f70726976617465 40 686f6d65312e6e6574 00";
  private static final String SIP_AUTH_DATA_ITEM =
      // 612 = 0x264, V|M, 12 + 28 + 44 = 84 = 0x54, vendor 10415 = 0x28af
      "00000264 c0 000054 000028af"
          // SIP-Authentication-Scheme 608 = 0x260, V|M, 12 + 16 = 28, "Digest-AKAv1-MD5"
          + "00000260 c0 00001c 000028af 4469676573742d414b4176312d4d4435"
          // SIP-Authorization 610 = 0x262, V|M, 12 + 30 = 42 = 0x2a, RAND ‖ AUTS, 2 of padding
          + "00000262 c0 00002a 000028af 23553cbe9637a89d218ae64dae47bf35"
          + "a1a2a3a4a5a6b1b2b3b4b5b6b7b8 0000";

  private static final byte[] GOLDEN_INITIAL =
      hex(
          // version 1, length 20 + 28 + 32 + 12 + 24 + 20 + 20 + 32 = 188 = 0xbc
          "01 0000bc",
          // R|P = 0xc0, Multimedia-Auth 303 = 0x12f, Zh 16777221 = 0x01000005
          "c0 00012f 01000005",
          // Hop-by-Hop, End-to-End
          "a1b2c3d4 0f1e2d3c",
          SESSION_ID,
          VENDOR_SPECIFIC_APPLICATION_ID,
          AUTH_SESSION_STATE,
          ORIGIN_HOST,
          ORIGIN_REALM,
          DESTINATION_REALM,
          USER_NAME);

  private static final byte[] GOLDEN_RESYNC =
      hex(
          // version 1, length 188 + 24 + 84 = 296 = 0x128
          "01 000128",
          "c0 00012f 01000005",
          "00000001 ffffffff",
          SESSION_ID,
          VENDOR_SPECIFIC_APPLICATION_ID,
          AUTH_SESSION_STATE,
          ORIGIN_HOST,
          ORIGIN_REALM,
          DESTINATION_REALM,
          DESTINATION_HOST,
          USER_NAME,
          SIP_AUTH_DATA_ITEM);

  @Test
  void should_encode_golden_bytes_when_mar_is_initial() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar()).withIdentifiers(0xa1b2c3d4L, 0x0f1e2d3cL);

    assertThat(HEX.formatHex(DiameterWire.encode(mar))).isEqualTo(HEX.formatHex(GOLDEN_INITIAL));
  }

  @Test
  void should_encode_golden_bytes_when_mar_asks_for_resync() {
    DiameterMessage mar = ZhCodec.encodeMar(resyncMar()).withIdentifiers(1, 0xffff_ffffL);

    assertThat(HEX.formatHex(DiameterWire.encode(mar))).isEqualTo(HEX.formatHex(GOLDEN_RESYNC));
  }

  static Stream<Arguments> mars() {
    return Stream.of(
        Arguments.of("initial", ZhCodec.encodeMar(initialMar())),
        Arguments.of("resync", ZhCodec.encodeMar(resyncMar())));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mars")
  void should_set_header_and_avp_flags_when_encoding_mar(String name, DiameterMessage mar) {
    assertThat(mar.request()).isTrue();
    assertThat(mar.proxiable()).isTrue();
    assertThat(mar.error()).isFalse();
    assertThat(mar.retransmitted()).isFalse();
    assertThat(mar.applicationId()).isEqualTo(16777221L);
    assertThat(mar.commandCode()).isEqualTo(303);
    assertThat(mar.avps().get(0).code()).isEqualTo(BaseAvps.SESSION_ID);
    for (Avp a : mar.avps()) {
      assertThat(a.mandatory()).as("M on %s", a).isTrue();
      if (a.code() == ZhAvps.SIP_AUTH_DATA_ITEM) {
        assertThat(a.vendorId()).isEqualTo(V3GPP);
        assertThat(a.children().orElseThrow())
            .extracting(Avp::code, Avp::vendorId, Avp::mandatory)
            .containsExactly(
                org.assertj.core.groups.Tuple.tuple(ZhAvps.SIP_AUTHENTICATION_SCHEME, V3GPP, true),
                org.assertj.core.groups.Tuple.tuple(ZhAvps.SIP_AUTHORIZATION, V3GPP, true));
      } else {
        assertThat(a.vendorId()).as("no vendor on base AVP %s", a).isZero();
      }
    }
  }

  @Test
  void should_set_v_and_m_bits_on_the_wire_when_avp_is_3gpp() {
    DiameterMessage decoded = DiameterWire.decode(GOLDEN_RESYNC).orElseThrow();
    Avp item = decoded.first(ZhAvps.SIP_AUTH_DATA_ITEM, V3GPP).orElseThrow();

    // Flags octet of SIP-Auth-Data-Item: header 20, six AVPs 136, Destination-Host 24,
    // User-Name 32, then 4 octets of AVP code.
    assertThat(GOLDEN_RESYNC[20 + 136 + 24 + 32 + 4]).isEqualTo((byte) 0xc0);
    assertThat(item.children().orElseThrow().get(0).utf8()).isEqualTo("Digest-AKAv1-MD5");
    assertThat(decoded).isEqualTo(ZhCodec.encodeMar(resyncMar()).withIdentifiers(1, 0xffff_ffffL));
  }

  // ---------------------------------------------------------------------------------------------
  // Golden MAA bytes, written by hand from RFC 6733 §3/§4.1/§7.6 and TS 29.109 §4.4.2, answering
  // the initial MAR with identifiers a1b2c3d4/0f1e2d3c.

  private static final String RESULT_CODE_2001 =
      // Result-Code 268 = 0x10c, M, 12, DIAMETER_SUCCESS 2001 = 0x7d1
      "0000010c 40 00000c 000007d1";
  private static final String EXPERIMENTAL_RESULT_5401 =
      // Experimental-Result 297 = 0x129, M, 8 + 12 + 12 = 32 = 0x20:
      // Vendor-Id 266 = 0x10a, M, 12, 10415 = 0x28af;
      // Experimental-Result-Code 298 = 0x12a, M, 12, DIAMETER_ERROR_IDENTITY_UNKNOWN 5401 = 0x1519
      "00000129 40 000020 0000010a 40 00000c 000028af 0000012a 40 00000c 00001519";
  private static final String ORIGIN_HOST_HSS1 =
      // 264 = 0x108, M, 8 + 14 = 22 = 0x16, "hss1.home1.net", 2 octets of padding
      "00000108 40 000016 687373312e686f6d65312e6e6574 0000";
  private static final String ORIGIN_HOST_HSS =
      // 264 = 0x108, M, 8 + 13 = 21 = 0x15, "hss.home1.net", 3 octets of padding
      "00000108 40 000015 6873732e686f6d65312e6e6574 000000";
  private static final String SIP_AUTH_DATA_ITEM_VECTOR =
      // 612 = 0x264, V|M, 12 + 28 + 44 + 20 + 28 + 28 = 160 = 0xa0, vendor 10415 = 0x28af
      "00000264 c0 0000a0 000028af"
          // SIP-Authentication-Scheme 608 = 0x260, V|M, 12 + 16 = 28, "Digest-AKAv1-MD5"
          + "00000260 c0 00001c 000028af 4469676573742d414b4176312d4d4435"
          // SIP-Authenticate 609 = 0x261, V|M, 12 + 32 = 44 = 0x2c, RAND ‖ AUTN, no padding;
          // AUTN = SQN ⊕ AK (ff9bb4d0b607 ⊕ aa689c648370 = 55f328b43577) ‖ AMF ‖ MAC-A
          + "00000261 c0 00002c 000028af 23553cbe9637a89d218ae64dae47bf35"
          + "55f328b43577 b9b9 4a9ffac354dfafb3"
          // SIP-Authorization 610 = 0x262, V|M, 12 + 8 = 20 = 0x14, XRES
          + "00000262 c0 000014 000028af a54211d5e3ba50bf"
          // Confidentiality-Key 625 = 0x271, V|M, 12 + 16 = 28 = 0x1c, CK
          + "00000271 c0 00001c 000028af b40ba9a3c58b2a05bbf0d987b21bf8cb"
          // Integrity-Key 626 = 0x272, V|M, 12 + 16 = 28 = 0x1c, IK
          + "00000272 c0 00001c 000028af f769bcd751044604127672711c6d3441";
  private static final String GBA_USER_SEC_SETTINGS_EMPTY =
      // GBA-UserSecSettings 400 = 0x190, V|M, 12 + 7 = 19 = 0x13, "<guss/>", 1 octet of padding
      "00000190 c0 000013 000028af 3c677573732f3e 00";

  private static final byte[] GOLDEN_MAA_5401 =
      hex(
          // version 1, length 20 + 28 + 32 + 32 + 12 + 24 + 20 = 168 = 0xa8
          "01 0000a8",
          // P only = 0x40 (answer, not an error), Multimedia-Auth 303 = 0x12f, Zh 16777221
          "40 00012f 01000005",
          // Hop-by-Hop, End-to-End of the MAR
          "a1b2c3d4 0f1e2d3c",
          SESSION_ID,
          VENDOR_SPECIFIC_APPLICATION_ID,
          EXPERIMENTAL_RESULT_5401,
          AUTH_SESSION_STATE,
          ORIGIN_HOST_HSS1,
          ORIGIN_REALM);

  private static final byte[] GOLDEN_MAA_VECTOR =
      hex(
          // version 1, length 20 + 28 + 32 + 12 + 12 + 24 + 20 + 32 + 160 + 20 = 360 = 0x168
          "01 000168",
          // P only = 0x40, Multimedia-Auth 303 = 0x12f, Zh 16777221
          "40 00012f 01000005",
          "a1b2c3d4 0f1e2d3c",
          SESSION_ID,
          VENDOR_SPECIFIC_APPLICATION_ID,
          RESULT_CODE_2001,
          AUTH_SESSION_STATE,
          ORIGIN_HOST_HSS,
          ORIGIN_REALM,
          USER_NAME,
          SIP_AUTH_DATA_ITEM_VECTOR,
          GBA_USER_SEC_SETTINGS_EMPTY);

  @Test
  void should_encode_golden_bytes_when_maa_carries_experimental_result_5401() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar()).withIdentifiers(0xa1b2c3d4L, 0x0f1e2d3cL);

    DiameterMessage maa = ZhCodec.encodeMaaExperimental(mar, "hss1.home1.net", "home1.net", 5401);

    assertThat(HEX.formatHex(DiameterWire.encode(maa))).isEqualTo(HEX.formatHex(GOLDEN_MAA_5401));
  }

  @Test
  void should_encode_golden_bytes_when_maa_carries_vector_and_guss() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar()).withIdentifiers(0xa1b2c3d4L, 0x0f1e2d3cL);

    DiameterMessage maa =
        ZhCodec.encodeMaaVector(mar, "hss.home1.net", "home1.net", vector(), "<guss/>");

    assertThat(HEX.formatHex(DiameterWire.encode(maa))).isEqualTo(HEX.formatHex(GOLDEN_MAA_VECTOR));
  }

  // ---------------------------------------------------------------------------------------------
  // MAA vector round trip.

  @Test
  void should_give_vector_and_guss_back_when_maa_is_encoded_then_decoded() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar()).withIdentifiers(5, 6);

    DiameterMessage maa =
        ZhCodec.encodeMaaVector(mar, "hss.home1.net", "home1.net", vector(), GussParserTest.FULL);
    MaaResult result = ZhCodec.decodeMaa(throughWire(maa));

    assertThat(maa.request()).isFalse();
    assertThat(maa.error()).isFalse();
    assertThat(maa.hopByHop()).isEqualTo(5);
    assertThat(maa.endToEnd()).isEqualTo(6);
    assertThat(maa.first(BaseAvps.USER_NAME, 0).orElseThrow().utf8()).isEqualTo(IMPI);
    assertThat(result)
        .isInstanceOfSatisfying(
            MaaResult.Vector.class,
            v -> {
              assertThat(v.vector().rand()).isEqualTo(Rand.of(RAND));
              assertThat(v.vector().autn()).isEqualTo(hex("55f328b43577 b9b9 4a9ffac354dfafb3"));
              assertThat(v.vector().xres()).isEqualTo(RES);
              assertThat(v.vector().ck()).isEqualTo(CK);
              assertThat(v.vector().ik()).isEqualTo(IK);
              assertThat(v.guss().rawXml()).isEqualTo(GussParserTest.FULL);
              assertThat(v.guss().uiccType()).isEqualTo(UiccType.GBA_U);
              assertThat(v.guss().lifetime()).hasValue(Duration.ofSeconds(7200));
              assertThat(v.guss().ussList()).isEqualTo(GussParserTest.FULL_USS);
            });
  }

  @Test
  void should_give_empty_guss_when_maa_has_no_guss() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar());

    DiameterMessage maa = ZhCodec.encodeMaaVector(mar, "hss.home1.net", "home1.net", vector(), "");
    MaaResult result = ZhCodec.decodeMaa(throughWire(maa));

    assertThat(maa.first(ZhAvps.GBA_USER_SEC_SETTINGS, V3GPP)).isEmpty();
    assertThat(result)
        .isInstanceOfSatisfying(
            MaaResult.Vector.class,
            v -> {
              assertThat(v.guss()).isEqualTo(Guss.empty());
              assertThat(v.vector().ck()).isEqualTo(CK);
            });
  }

  private static DiameterMessage throughWire(DiameterMessage m) {
    return DiameterWire.decode(DiameterWire.encode(m)).orElseThrow();
  }

  // ---------------------------------------------------------------------------------------------
  // Result mapping.

  static Stream<Arguments> results() {
    return Stream.of(
        Arguments.of(
            "Experimental 5401 (3GPP)",
            BaseMessages.experimentalResult(V3GPP, 5401),
            new MaaResult.UserUnknown()),
        Arguments.of(
            "Experimental 5001 (3GPP, Cx user unknown)",
            BaseMessages.experimentalResult(V3GPP, 5001),
            new MaaResult.UserUnknown()),
        Arguments.of(
            "Experimental 4181 (3GPP)",
            BaseMessages.experimentalResult(V3GPP, 4181),
            new MaaResult.Retryable(4181)),
        Arguments.of(
            "Result-Code 3002", BaseMessages.resultCodeAvp(3002), new MaaResult.Retryable(3002)),
        Arguments.of(
            "Result-Code 3004", BaseMessages.resultCodeAvp(3004), new MaaResult.Retryable(3004)),
        Arguments.of(
            "Result-Code 4001", BaseMessages.resultCodeAvp(4001), new MaaResult.Refused(4001)),
        Arguments.of(
            "Result-Code 5012", BaseMessages.resultCodeAvp(5012), new MaaResult.Failed(5012)),
        Arguments.of(
            "Result-Code 5001 (AVP_UNSUPPORTED, not user unknown)",
            BaseMessages.resultCodeAvp(5001),
            new MaaResult.Failed(5001)),
        Arguments.of(
            "Result-Code 5401 (not experimental)",
            BaseMessages.resultCodeAvp(5401),
            new MaaResult.Failed(5401)),
        Arguments.of(
            "Result-Code 4181 (not experimental)",
            BaseMessages.resultCodeAvp(4181),
            new MaaResult.Failed(4181)),
        Arguments.of(
            "Experimental 5401 of another vendor",
            BaseMessages.experimentalResult(5535, 5401),
            new MaaResult.Failed(5401)),
        Arguments.of(
            "Experimental 4181 of another vendor",
            BaseMessages.experimentalResult(5535, 4181),
            new MaaResult.Failed(4181)),
        Arguments.of(
            "Experimental 4001 (3GPP)",
            BaseMessages.experimentalResult(V3GPP, 4001),
            new MaaResult.Failed(4001)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("results")
  void should_map_answer_code_when_maa_carries_it(String name, Avp result, MaaResult expected) {
    DiameterMessage maa = answer(List.of(result));

    assertThat(ZhCodec.decodeMaa(maa)).isEqualTo(expected);
  }

  @Test
  void should_be_malformed_when_maa_has_no_result() {
    DiameterMessage maa = answer(List.of());

    assertThat(ZhCodec.decodeMaa(maa)).isInstanceOf(MaaResult.Malformed.class);
  }

  /** An MAA of {@code extra} after Session-Id, as an HSS would send it. */
  private static DiameterMessage answer(List<Avp> extra) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "bsf.home1.net;1;1"));
    avps.add(BaseMessages.vendorSpecificApplicationId(V3GPP, ZhAvps.APPLICATION_ID));
    avps.addAll(extra);
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "hss.home1.net"));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, "home1.net"));
    return DiameterMessage.answerTo(ZhCodec.encodeMar(initialMar()), false, avps);
  }

  // ---------------------------------------------------------------------------------------------
  // Malformed 2001 answers.

  private static Avp scheme() {
    return Avp.utf8(ZhAvps.SIP_AUTHENTICATION_SCHEME, V3GPP, true, ZhAvps.DIGEST_AKA_V1_MD5);
  }

  private static Avp authenticate(int length) {
    byte[] nonce = new byte[length];
    byte[] good = vector().randAutn();
    System.arraycopy(good, 0, nonce, 0, Math.min(length, good.length));
    return Avp.octets(ZhAvps.SIP_AUTHENTICATE, V3GPP, true, nonce);
  }

  private static Avp xres(byte[] xres) {
    return Avp.octets(ZhAvps.SIP_AUTHORIZATION, V3GPP, true, xres);
  }

  private static Avp ck(byte[] ck) {
    return Avp.octets(ZhAvps.CONFIDENTIALITY_KEY, V3GPP, true, ck);
  }

  private static Avp ik(byte[] ik) {
    return Avp.octets(ZhAvps.INTEGRITY_KEY, V3GPP, true, ik);
  }

  private static List<Avp> goodItem() {
    return List.of(scheme(), authenticate(32), xres(RES), ck(CK), ik(IK));
  }

  private static UnaryOperator<List<Avp>> without(int code) {
    return item -> item.stream().filter(a -> a.code() != code).toList();
  }

  private static UnaryOperator<List<Avp>> replacing(Avp replacement) {
    return item ->
        item.stream().map(a -> a.code() == replacement.code() ? replacement : a).toList();
  }

  private static byte[] octets(byte[] prefixOf, int length) {
    byte[] out = new byte[length];
    System.arraycopy(prefixOf, 0, out, 0, Math.min(length, prefixOf.length));
    return out;
  }

  /** A 2001 MAA whose SIP-Auth-Data-Item has {@code item}, plus GBA-UserSecSettings if given. */
  private static DiameterMessage vectorMaa(List<Avp> item, Optional<String> guss) {
    List<Avp> avps = new ArrayList<>();
    avps.add(BaseMessages.resultCodeAvp(2001));
    avps.add(Avp.grouped(ZhAvps.SIP_AUTH_DATA_ITEM, V3GPP, true, item));
    guss.ifPresent(g -> avps.add(Avp.utf8(ZhAvps.GBA_USER_SEC_SETTINGS, V3GPP, true, g)));
    return answer(avps);
  }

  static Stream<Arguments> malformedMaas() {
    Optional<String> noGuss = Optional.empty();
    return Stream.of(
        Arguments.of("no SIP-Auth-Data-Item", answer(List.of(BaseMessages.resultCodeAvp(2001)))),
        Arguments.of(
            "SIP-Auth-Data-Item that is not grouped",
            answer(
                List.of(
                    BaseMessages.resultCodeAvp(2001),
                    Avp.octets(ZhAvps.SIP_AUTH_DATA_ITEM, V3GPP, true, CK)))),
        Arguments.of(
            "no SIP-Authenticate",
            vectorMaa(without(ZhAvps.SIP_AUTHENTICATE).apply(goodItem()), noGuss)),
        Arguments.of(
            "no CK", vectorMaa(without(ZhAvps.CONFIDENTIALITY_KEY).apply(goodItem()), noGuss)),
        Arguments.of("no IK", vectorMaa(without(ZhAvps.INTEGRITY_KEY).apply(goodItem()), noGuss)),
        Arguments.of(
            "no SIP-Authorization",
            vectorMaa(without(ZhAvps.SIP_AUTHORIZATION).apply(goodItem()), noGuss)),
        Arguments.of(
            "SIP-Authenticate of 31 octets",
            vectorMaa(replacing(authenticate(31)).apply(goodItem()), noGuss)),
        Arguments.of(
            "SIP-Authenticate of 33 octets",
            vectorMaa(replacing(authenticate(33)).apply(goodItem()), noGuss)),
        Arguments.of(
            "XRES of 3 octets",
            vectorMaa(replacing(xres(octets(RES, 3))).apply(goodItem()), noGuss)),
        Arguments.of(
            "XRES of 17 octets",
            vectorMaa(replacing(xres(octets(RES, 17))).apply(goodItem()), noGuss)),
        Arguments.of(
            "CK of 15 octets", vectorMaa(replacing(ck(octets(CK, 15))).apply(goodItem()), noGuss)),
        Arguments.of(
            "CK of 17 octets", vectorMaa(replacing(ck(octets(CK, 17))).apply(goodItem()), noGuss)),
        Arguments.of(
            "IK of 15 octets", vectorMaa(replacing(ik(octets(IK, 15))).apply(goodItem()), noGuss)),
        Arguments.of("GUSS that is not XML", vectorMaa(goodItem(), Optional.of("not xml at all"))),
        Arguments.of(
            "GUSS with lifeTime soon",
            vectorMaa(
                goodItem(),
                Optional.of(
                    "<guss><bsfInfo><lifeTime>soon</lifeTime></bsfInfo><ussList/></guss>"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedMaas")
  void should_be_malformed_without_key_material_in_reason_when_2001_answer_is_unusable(
      String name, DiameterMessage maa) {
    MaaResult result = ZhCodec.decodeMaa(throughWire(maa));

    assertThat(result)
        .isInstanceOfSatisfying(
            MaaResult.Malformed.class,
            m ->
                assertThat(m.reason())
                    .isNotBlank()
                    .doesNotContainIgnoringCase(HEX.formatHex(CK))
                    .doesNotContainIgnoringCase(HEX.formatHex(CK, 0, 4))
                    .doesNotContainIgnoringCase(HEX.formatHex(IK, 0, 4))
                    .doesNotContainIgnoringCase(HEX.formatHex(RES, 0, 4)));
  }

  @Test
  void should_give_vector_when_good_item_is_built_by_hand() {
    MaaResult result = ZhCodec.decodeMaa(vectorMaa(goodItem(), Optional.empty()));

    assertThat(result).isInstanceOf(MaaResult.Vector.class);
  }

  // ---------------------------------------------------------------------------------------------
  // decodeMar (HSS side).

  @Test
  void should_give_impi_without_resync_when_mar_is_initial() {
    MarDecoded decoded = ZhCodec.decodeMar(throughWire(ZhCodec.encodeMar(initialMar())));

    assertThat(decoded)
        .isInstanceOfSatisfying(
            MarDecoded.Valid.class,
            v -> {
              assertThat(v.impi()).isEqualTo(new Impi(IMPI));
              assertThat(v.resync()).isEmpty();
            });
  }

  @Test
  void should_give_rand_and_auts_when_mar_asks_for_resync() {
    MarDecoded decoded = ZhCodec.decodeMar(DiameterWire.decode(GOLDEN_RESYNC).orElseThrow());

    assertThat(decoded)
        .isInstanceOfSatisfying(
            MarDecoded.Valid.class,
            v -> {
              assertThat(v.impi()).isEqualTo(new Impi(IMPI));
              assertThat(v.resync())
                  .hasValueSatisfying(
                      r ->
                          assertThat(HEX.formatHex(r))
                              .isEqualTo(
                                  "23553cbe9637a89d218ae64dae47bf35"
                                      + "a1a2a3a4a5a6b1b2b3b4b5b6b7b8"));
            });
  }

  static Stream<Arguments> marsMissingAvps() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar());
    return Stream.of(
        Arguments.of("no User-Name", dropping(mar, BaseAvps.USER_NAME), BaseAvps.USER_NAME),
        Arguments.of(
            "User-Name that is not an IMPI",
            replacingAvp(mar, Avp.utf8(BaseAvps.USER_NAME, 0, true, "not an impi")),
            BaseAvps.USER_NAME),
        Arguments.of("no Session-Id", dropping(mar, BaseAvps.SESSION_ID), BaseAvps.SESSION_ID),
        Arguments.of(
            "neither",
            dropping(dropping(mar, BaseAvps.SESSION_ID), BaseAvps.USER_NAME),
            BaseAvps.SESSION_ID));
  }

  private static DiameterMessage dropping(DiameterMessage m, int code) {
    return withAvps(m, m.avps().stream().filter(a -> a.code() != code).toList());
  }

  private static DiameterMessage replacingAvp(DiameterMessage m, Avp replacement) {
    return withAvps(
        m, m.avps().stream().map(a -> a.code() == replacement.code() ? replacement : a).toList());
  }

  private static DiameterMessage withAvps(DiameterMessage m, List<Avp> avps) {
    return new DiameterMessage(
        m.commandCode(),
        m.applicationId(),
        m.request(),
        m.proxiable(),
        m.error(),
        m.retransmitted(),
        m.hopByHop(),
        m.endToEnd(),
        avps);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("marsMissingAvps")
  void should_name_the_missing_avp_when_mar_lacks_it(
      String name, DiameterMessage mar, int missingCode) {
    MarDecoded decoded = ZhCodec.decodeMar(mar);

    assertThat(decoded)
        .isInstanceOfSatisfying(
            MarDecoded.MissingAvp.class,
            m -> {
              assertThat(m.missing().code()).isEqualTo(missingCode);
              assertThat(m.missing().vendorId()).isZero();
            });
  }

  // ---------------------------------------------------------------------------------------------
  // Error answers (HSS side).

  @Test
  void should_set_e_bit_when_result_code_is_a_protocol_error() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar()).withIdentifiers(7, 8);

    DiameterMessage maa =
        ZhCodec.encodeMaaResult(mar, "hss.home1.net", "home1.net", 3004, Optional.empty());

    assertThat(maa.error()).isTrue();
    assertThat(maa.request()).isFalse();
    assertThat(maa.proxiable()).isTrue();
    assertThat(maa.hopByHop()).isEqualTo(7);
    assertThat(maa.endToEnd()).isEqualTo(8);
    assertThat(maa.avps().get(0)).isEqualTo(mar.avps().get(0));
    assertThat(maa.first(BaseAvps.FAILED_AVP, 0)).isEmpty();
    assertThat(ZhCodec.decodeMaa(throughWire(maa))).isEqualTo(new MaaResult.Retryable(3004));
  }

  @Test
  void should_wrap_the_avp_in_failed_avp_when_answering_missing_avp() {
    DiameterMessage mar = dropping(ZhCodec.encodeMar(initialMar()), BaseAvps.USER_NAME);
    Avp missing = ((MarDecoded.MissingAvp) ZhCodec.decodeMar(mar)).missing();

    DiameterMessage maa =
        throughWire(
            ZhCodec.encodeMaaResult(mar, "hss.home1.net", "home1.net", 5005, Optional.of(missing)));

    assertThat(maa.error()).isFalse();
    assertThat(BaseMessages.resultCode(maa)).hasValue(new BaseMessages.ResultCode(5005, 0));
    assertThat(maa.first(BaseAvps.FAILED_AVP, 0))
        .hasValueSatisfying(
            f -> {
              assertThat(f.mandatory()).isTrue();
              assertThat(f.children()).hasValue(List.of(missing));
            });
    assertThat(ZhCodec.decodeMaa(maa)).isEqualTo(new MaaResult.Failed(5005));
  }

  @Test
  void should_decode_as_user_unknown_when_hss_answers_experimental_5401() {
    DiameterMessage mar = ZhCodec.encodeMar(initialMar());

    DiameterMessage maa =
        ZhCodec.encodeMaaExperimental(
            mar, "hss.home1.net", "home1.net", ZhAvps.ERROR_IDENTITY_UNKNOWN);

    assertThat(maa.error()).isFalse();
    assertThat(maa.first(BaseAvps.RESULT_CODE, 0)).isEmpty();
    assertThat(ZhCodec.decodeMaa(throughWire(maa))).isEqualTo(new MaaResult.UserUnknown());
  }

  // ---------------------------------------------------------------------------------------------
  // randAuts.

  @ParameterizedTest
  @ValueSource(ints = {0, 13, 15, 16, 30})
  void should_refuse_auts_when_not_14_octets(int length) {
    assertThatThrownBy(() -> ZhCodec.randAuts(Rand.of(RAND), new byte[length]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_concatenate_rand_and_auts_when_auts_is_14_octets() {
    assertThat(ZhCodec.randAuts(Rand.of(RAND), AUTS))
        .hasSize(30)
        .isEqualTo(hex("23553cbe9637a89d218ae64dae47bf35", "a1a2a3a4a5a6b1b2b3b4b5b6b7b8"));
  }

  @Test
  void should_hide_resync_data_when_printing_mar() {
    assertThat(resyncMar().toString()).doesNotContainIgnoringCase("a1a2a3").contains(IMPI);
  }

  @Test
  void should_carry_public_identity_with_m_and_guss_timestamp_without_m_when_given() {
    ZhCodec.Mar mar =
        marWith(
            java.util.Optional.of("sip:user1_public1@home1.net"),
            java.util.Optional.of(java.time.Instant.parse("2026-01-01T00:00:00Z")));

    org.gbabsf.diameter.DiameterMessage m = ZhCodec.encodeMar(mar);

    org.gbabsf.diameter.Avp pub = m.first(601, 10415).orElseThrow();
    assertThat(pub.mandatory()).isTrue();
    assertThat(pub.utf8()).isEqualTo("sip:user1_public1@home1.net");
    org.gbabsf.diameter.Avp ts = m.first(409, 10415).orElseThrow();
    assertThat(ts.mandatory()).as("GUSS-Timestamp M bit clear (TS 29.109)").isFalse();
    // 2026-01-01T00:00:00Z is 1767225600 s after 1970; + 2208988800 s from 1900 = 3976214400.
    assertThat(ts.u32()).contains(3976214400L);
  }

  @Test
  void should_read_guss_timestamp_from_a_mar_when_present() {
    java.time.Instant t = java.time.Instant.parse("2026-01-01T00:00:00Z");
    ZhCodec.Mar mar = marWith(java.util.Optional.empty(), java.util.Optional.of(t));

    ZhCodec.MarDecoded decoded = ZhCodec.decodeMar(ZhCodec.encodeMar(mar));

    assertThat(decoded).isInstanceOf(ZhCodec.MarDecoded.Valid.class);
    assertThat(((ZhCodec.MarDecoded.Valid) decoded).gussTimestamp()).contains(t);
  }

  @Test
  void should_read_the_guss_with_the_given_reader_when_decoding_a_maa() {
    org.gbabsf.core.domain.Guss cached =
        new org.gbabsf.core.domain.Guss(
            "<guss/>",
            org.gbabsf.core.domain.UiccType.GBA_U,
            java.util.Optional.empty(),
            java.util.List.of());
    java.util.List<String> read = new java.util.ArrayList<>();

    ZhCodec.MaaResult result =
        ZhCodec.decodeMaa(
            vectorMaa(goodItem(), Optional.of("<guss/>")),
            xml -> {
              read.add(xml);
              return new GussParser.Result.Parsed(cached);
            });

    assertThat(read).containsExactly("<guss/>");
    assertThat(((ZhCodec.MaaResult.Vector) result).guss()).isSameAs(cached);
  }

  /** A first MAR with the optional Public-Identity and GUSS-Timestamp as given. */
  private static ZhCodec.Mar marWith(
      java.util.Optional<String> publicIdentity,
      java.util.Optional<java.time.Instant> gussTimestamp) {
    return new ZhCodec.Mar(
        "bsf.home1.net;1;9",
        "bsf.home1.net",
        "home1.net",
        "home1.net",
        java.util.Optional.empty(),
        new org.gbabsf.core.domain.Impi("user1_private@home1.net"),
        java.util.Optional.empty(),
        publicIdentity,
        gussTimestamp);
  }
}
