package org.gbabsf.diameter.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.base.DiameterTime;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.diameter.zn.ZnCodec.BirDecoded;
import org.gbabsf.diameter.zn.avp.ZnAvps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZnCodecTest {

  private static final BTid BTID = new BTid("I1U8vpY3qJ0hiuZNrke/NQ==@bsf.home1.net");
  private static final NafId NAF = new NafId("naf.home1.net", Hex.decode("0100000002"));
  private static final byte[] KS_EXT =
      Hex.decode("d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428");

  private static DiameterMessage bir(List<Integer> services, boolean aware) {
    DiameterMessage m =
        ZnCodec.encodeBir(
            new ZnCodec.Bir(
                "naf.home1.net;1;1",
                "naf.home1.net",
                "home1.net",
                "home1.net",
                BTID,
                NAF,
                services,
                aware));
    // Through the wire and back, as the BSF receives it.
    return DiameterWire.decode(DiameterWire.encode(m.withIdentifiers(7, 8))).orElseThrow();
  }

  @Test
  void should_read_btid_naf_id_services_and_awareness_when_a_bir_is_decoded() {
    BirDecoded decoded = ZnCodec.decodeBir(bir(List.of(1, 5), true));

    assertThat(decoded).isEqualTo(new BirDecoded.Valid(BTID, NAF, List.of(1, 5), true));
  }

  @Test
  void should_mark_bir_for_zn_with_p_bit_and_3gpp_avps_with_v_and_m_when_encoded() {
    DiameterMessage m = bir(List.of(1), true);

    assertThat(m.commandCode()).isEqualTo(310);
    assertThat(m.applicationId()).isEqualTo(16777220L);
    assertThat(m.request()).isTrue();
    assertThat(m.proxiable()).isTrue();
    assertThat(m.avps())
        .filteredOn(a -> a.code() >= 400 && a.code() <= 420)
        .hasSize(4)
        .allSatisfy(
            a -> {
              assertThat(a.vendorId()).isEqualTo(10415L);
              assertThat(a.mandatory()).isTrue();
            });
  }

  @ParameterizedTest
  @CsvSource({"263,5005", "401,5005", "402,5005"})
  void should_answer_5005_naming_the_avp_when_a_mandatory_one_is_missing(int code, long result) {
    DiameterMessage full = bir(List.of(), false);
    List<Avp> without = full.avps().stream().filter(a -> a.code() != code).toList();
    DiameterMessage broken =
        new DiameterMessage(310, 16777220L, true, true, false, false, 1, 2, without);

    BirDecoded decoded = ZnCodec.decodeBir(broken);

    assertThat(decoded).isInstanceOf(BirDecoded.Invalid.class);
    BirDecoded.Invalid invalid = (BirDecoded.Invalid) decoded;
    assertThat(invalid.resultCode()).isEqualTo(result);
    assertThat(invalid.failed().code()).isEqualTo(code);
    DiameterMessage bia = ZnCodec.encodeBiaInvalid(broken, "bsf.home1.net", "home1.net", invalid);
    assertThat(BaseMessages.resultCode(bia).orElseThrow().code()).isEqualTo(result);
    assertThat(bia.first(279, 0)).isPresent();
  }

  @Test
  void should_answer_5004_when_the_transaction_identifier_is_not_a_btid() {
    DiameterMessage full = bir(List.of(), false);
    List<Avp> avps =
        full.avps().stream()
            .map(
                a ->
                    a.code() == 401
                        ? Avp.octets(
                            401, 10415, true, "no-at-sign".getBytes(StandardCharsets.UTF_8))
                        : a)
            .toList();

    BirDecoded decoded =
        ZnCodec.decodeBir(
            new DiameterMessage(310, 16777220L, true, true, false, false, 1, 2, avps));

    assertThat(decoded).isInstanceOf(BirDecoded.Invalid.class);
    assertThat(((BirDecoded.Invalid) decoded).resultCode()).isEqualTo(5004);
  }

  @Test
  void should_carry_keys_times_guss_and_type_to_the_naf_when_the_btid_is_live() {
    Instant created = Instant.parse("2026-11-22T10:00:00Z");
    Instant expires = Instant.parse("2026-11-22T11:00:00Z");
    ZnOutcome.Keys keys =
        new ZnOutcome.Keys(
            new Impi("user1_private@home1.net"),
            KS_EXT,
            Optional.empty(),
            expires,
            created,
            GbaType.THREE_G,
            List.of(),
            "<guss/>");

    DiameterMessage bia =
        ZnCodec.encodeBia(bir(List.of(), false), "bsf.home1.net", "home1.net", keys);
    BiaResult read = ZnCodec.decodeBia(DiameterWire.decode(DiameterWire.encode(bia)).orElseThrow());

    assertThat(read).isInstanceOf(BiaResult.Keys.class);
    BiaResult.Keys k = (BiaResult.Keys) read;
    assertThat(k.ksExtNaf()).isEqualTo(KS_EXT);
    assertThat(k.ksIntNaf()).isEmpty();
    assertThat(k.impi()).isEqualTo("user1_private@home1.net");
    assertThat(k.expiresAt()).isEqualTo(expires);
    assertThat(k.createdAt()).isEqualTo(created);
    assertThat(k.gussXml()).isEqualTo("<guss/>");
    assertThat(bia.first(ZnAvps.GBA_TYPE, 10415).flatMap(Avp::u32)).contains(0L);
    assertThat(bia.error()).isFalse();
  }

  @Test
  void should_map_each_refusal_to_its_code_when_no_keys_are_given() {
    DiameterMessage b = bir(List.of(), false);

    assertThat(
            BaseMessages.resultCode(
                    ZnCodec.encodeBia(b, "bsf", "home1.net", new ZnOutcome.UnknownBtid()))
                .orElseThrow())
        .isEqualTo(new BaseMessages.ResultCode(5403, 10415));
    assertThat(
            BaseMessages.resultCode(
                    ZnCodec.encodeBia(b, "bsf", "home1.net", new ZnOutcome.NotAuthorised("x")))
                .orElseThrow())
        .isEqualTo(new BaseMessages.ResultCode(5402, 10415));
    DiameterMessage storeDown =
        ZnCodec.encodeBia(b, "bsf", "home1.net", new ZnOutcome.StoreUnavailable());
    assertThat(BaseMessages.resultCode(storeDown).orElseThrow().code()).isEqualTo(3002);
    assertThat(storeDown.error()).as("3xxx answers carry the E bit").isTrue();
    assertThat(ZnCodec.decodeBia(storeDown)).isEqualTo(new BiaResult.Refused(3002));
  }

  @ParameterizedTest
  @CsvSource({"2026-11-22T10:00:00Z", "1999-12-31T23:59:59Z", "2040-01-01T00:00:00Z"})
  void should_round_trip_rfc_6733_time_when_either_side_of_the_2036_era_boundary(String t) {
    Instant instant = Instant.parse(t);

    assertThat(DiameterTime.fromNtp(DiameterTime.toNtp(instant))).isEqualTo(instant);
  }

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> malformed() {
    Avp unknownMandatory = Avp.utf8(9999, 0, true, "x");
    Avp unknownOptional = Avp.utf8(9999, 0, false, "x");
    Avp secondTid =
        Avp.octets(
            org.gbabsf.diameter.zn.avp.ZnAvps.TRANSACTION_IDENTIFIER,
            org.gbabsf.diameter.base.BaseAvps.VENDOR_3GPP,
            true,
            "b@c".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Avp secondSession = Avp.utf8(org.gbabsf.diameter.base.BaseAvps.SESSION_ID, 0, true, "s;2");
    Avp emptySession = Avp.utf8(org.gbabsf.diameter.base.BaseAvps.SESSION_ID, 0, true, "");
    return java.util.stream.Stream.of(
        org.junit.jupiter.params.provider.Arguments.of(
            "unknown AVP with the M bit", List.of(unknownMandatory), 5001L, unknownMandatory),
        org.junit.jupiter.params.provider.Arguments.of(
            "Transaction-Identifier twice", List.of(secondTid), 5009L, secondTid),
        org.junit.jupiter.params.provider.Arguments.of(
            "Session-Id twice", List.of(secondSession), 5009L, secondSession),
        org.junit.jupiter.params.provider.Arguments.of(
            "unknown AVP without the M bit", List.of(unknownOptional), 0L, null));
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0} -> {2}")
  @org.junit.jupiter.params.provider.MethodSource("malformed")
  void should_answer_the_rfc_6733_code_with_the_failed_avp_when_a_bir_is_malformed(
      String name, List<Avp> extra, long expected, Avp failed) {
    List<Avp> avps = new java.util.ArrayList<>(bir(List.of(), false).avps());
    avps.addAll(extra);
    DiameterMessage m = bir(List.of(), false);

    BirDecoded decoded =
        ZnCodec.decodeBir(
            new DiameterMessage(
                m.commandCode(), m.applicationId(), true, true, false, false, 7, 8, avps));

    if (expected == 0) {
      assertThat(decoded).isInstanceOf(BirDecoded.Valid.class);
    } else {
      assertThat(decoded).isEqualTo(new BirDecoded.Invalid(expected, failed));
    }
  }

  @Test
  void should_answer_5004_when_the_session_id_is_empty() {
    DiameterMessage m = bir(List.of(), false);
    List<Avp> avps = new java.util.ArrayList<>(m.avps());
    avps.set(0, Avp.utf8(org.gbabsf.diameter.base.BaseAvps.SESSION_ID, 0, true, ""));

    BirDecoded decoded =
        ZnCodec.decodeBir(
            new DiameterMessage(
                m.commandCode(), m.applicationId(), true, true, false, false, 7, 8, avps));

    assertThat(decoded).isEqualTo(new BirDecoded.Invalid(5004, avps.get(0)));
  }
}
