package org.gbabsf.sba.akma;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AfKeyOutcome;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.sba.akma.NaanfCodec.Decoded;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.problem.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Naanf_AKMA bodies against the schemas of TS29535_Naanf_AKMA.yaml 1.2.0 and TS29522_AKMA.yaml. */
class NaanfCodecTest {

  private static final String K_AKMA =
      "bba5e95f1205d4f1c217b91e08ec3509ad62cfbf43f474c6bf495da83132c95e";

  private static byte[] json(String text) {
    return text.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void should_decode_every_attribute_when_an_akma_key_info_is_valid() {
    Decoded<AnchorService.Registration> d =
        NaanfCodec.decodeRegistration(
            json(
                "{'supi':'imsi-001010000000001','gpsi':'msisdn-4917000001',"
                    + "'aKId':'rid1.atid1@home1.net','kAkma':'"
                    + K_AKMA
                    + "'}"));

    AnchorService.Registration r = ((Decoded.Valid<AnchorService.Registration>) d).request();
    assertThat(r.aKid()).isEqualTo(new AKid("rid1.atid1@home1.net"));
    assertThat(r.supi()).contains(new Supi("imsi-001010000000001"));
    assertThat(r.gpsi()).contains("msisdn-4917000001");
    assertThat(Hex.encode(r.kAkma())).isEqualTo(K_AKMA);
    assertThat(r.toString()).doesNotContain(K_AKMA).doesNotContain("001010000000001");
  }

  @Test
  void should_echo_the_supi_alone_when_a_registration_carried_both_identities() {
    AnchorService.Registration r =
        ((Decoded.Valid<AnchorService.Registration>)
                NaanfCodec.decodeRegistration(
                    json(
                        "{'supi':'imsi-001010000000001','gpsi':'msisdn-4917000001',"
                            + "'aKId':'rid1.atid1@home1.net','kAkma':'"
                            + K_AKMA
                            + "'}")))
            .request();

    String echo = new String(NaanfCodec.encodeRegistration(r), StandardCharsets.UTF_8);

    assertThat(echo).contains("\"supi\":\"imsi-001010000000001\"").doesNotContain("gpsi");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{'supi':'imsi-001010000000001','kAkma':'" + K_AKMA + "'} | MANDATORY_IE_MISSING | /aKId",
        "{'supi':'imsi-001010000000001','aKId':'a@b'} | MANDATORY_IE_MISSING | /kAkma",
        "{'aKId':'a@b','kAkma':'" + K_AKMA + "'} | MANDATORY_IE_MISSING | /supi",
        "{'supi':'imsi-001010000000001','aKId':'a@b','kAkma':'00'} | MANDATORY_IE_INCORRECT | /kAkma",
        "{'supi':'imsi-1','aKId':'a@b','kAkma':'" + K_AKMA + "'} | MANDATORY_IE_INCORRECT | /supi",
        "{'supi':'imsi-001010000000001','aKId':'no-realm','kAkma':'"
            + K_AKMA
            + "'} | MANDATORY_IE_INCORRECT | /aKId",
        "{'gpsi':'tel:123','aKId':'a@b','kAkma':'" + K_AKMA + "'} | MANDATORY_IE_INCORRECT | /gpsi",
      })
  void should_refuse_with_the_attribute_named_when_an_akma_key_info_is_invalid(
      String body, String cause, String pointer) {
    Decoded<AnchorService.Registration> d = NaanfCodec.decodeRegistration(json(body));

    Problem p = ((Decoded.Invalid<AnchorService.Registration>) d).problem();
    assertThat(p.status()).isEqualTo(400);
    assertThat(p.cause()).contains(cause);
    assertThat(p.invalidParams()).extracting(Problem.InvalidParam::param).contains(pointer);
  }

  @Test
  void should_take_anon_ind_as_false_when_it_is_omitted() {
    NaanfCodec.KeyRequest r =
        ((Decoded.Valid<NaanfCodec.KeyRequest>)
                NaanfCodec.decodeKeyRequest(json("{'afId':'af.example.com','aKId':'a@b'}")))
            .request();

    assertThat(r).isEqualTo(new NaanfCodec.KeyRequest("af.example.com", new AKid("a@b"), false));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{'aKId':'a@b'} | MANDATORY_IE_MISSING | /afId",
        "{'afId':'af.example.com'} | MANDATORY_IE_MISSING | /aKId",
        "{'afId':7,'aKId':'a@b'} | MANDATORY_IE_INCORRECT | /afId",
        "{'afId':'af.example.com/x','aKId':'a@b'} | MANDATORY_IE_INCORRECT | /afId",
        "{'afId':'-af.example.com','aKId':'a@b'} | MANDATORY_IE_INCORRECT | /afId",
        "{'afId':'','aKId':'a@b'} | MANDATORY_IE_INCORRECT | /afId",
        "{'afId':'af.example.com','aKId':'a@b','anonInd':'yes'} | OPTIONAL_IE_INCORRECT | /anonInd",
      })
  void should_refuse_with_the_attribute_named_when_a_key_request_is_invalid(
      String body, String cause, String pointer) {
    Problem p =
        ((Decoded.Invalid<NaanfCodec.KeyRequest>) NaanfCodec.decodeKeyRequest(json(body)))
            .problem();

    assertThat(p.cause()).contains(cause);
    assertThat(p.invalidParams()).extracting(Problem.InvalidParam::param).contains(pointer);
  }

  @Test
  void should_refuse_a_body_that_is_not_json_when_decoding() {
    assertThat(NaanfCodec.decodeRemove("supi=imsi-1".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(Decoded.Invalid.class);
    assertThat(NaanfCodec.decodeRemove(json("{}"))).isInstanceOf(Decoded.Invalid.class);
    assertThat(NaanfCodec.decodeRemove(json("{'supi':'imsi-001010000000001'}")))
        .isEqualTo(new Decoded.Valid<>(new Supi("imsi-001010000000001")));
  }

  @Test
  void should_write_kaf_and_expiry_and_identities_when_encoding_key_data() {
    byte[] body =
        NaanfCodec.encodeKeyData(
            new AfKeyOutcome.Key(
                Hex.decode(K_AKMA),
                Instant.parse("2026-11-28T10:30:00Z"),
                Optional.of(new Supi("imsi-001010000000001")),
                Optional.empty()));

    var o = SbiJson.parseObject(body).orElseThrow();
    assertThat(o.get("kaf").asText()).isEqualTo(K_AKMA);
    assertThat(o.get("expiry").asText()).isEqualTo("2026-11-28T10:30:00Z");
    assertThat(o.get("supi").asText()).isEqualTo("imsi-001010000000001");
    assertThat(o.has("gpsi")).isFalse();
  }

  @Test
  void should_write_neither_supi_nor_gpsi_when_the_outcome_has_none() {
    byte[] body =
        NaanfCodec.encodeKeyData(
            new AfKeyOutcome.Key(
                Hex.decode(K_AKMA),
                Instant.parse("2026-11-28T10:30:00Z"),
                Optional.empty(),
                Optional.empty()));

    var o = SbiJson.parseObject(body).orElseThrow();
    assertThat(o.fieldNames()).toIterable().containsExactlyInAnyOrder("kaf", "expiry");
  }
}
