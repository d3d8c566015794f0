package org.gbabsf.sba.nbsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.openapi.OpenApiContract.NBSP_GBA;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** BootstrappingInfoResponse as the BSF writes it and as a NAF reads it (TS 29.309 §6.1.6.2.3). */
class NbspCodecResponseTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  private static final String KS_EXT =
      "d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428";
  private static final String KS_INT =
      "ABCDEF0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789";
  private static final Instant CREATED = Instant.parse("2026-03-01T10:00:00.750Z");
  private static final Instant EXPIRES = Instant.parse("2026-03-01T11:00:00.250Z");
  private static final Impi IMPI = new Impi("user@home1.net");

  private static final UserSecuritySetting USS_1 =
      new UserSecuritySetting("1", 1, "group1", List.of("sip:user@home1.net"), List.of(1, 2));
  private static final UserSecuritySetting USS_2 =
      new UserSecuritySetting("4294967295", 0, "", List.of("tel:+358501234567"), List.of());
  private static final UserSecuritySetting NAMED =
      new UserSecuritySetting("mbms", 1, "", List.of("sip:user@home1.net"), List.of());

  private static ZnOutcome.Keys keys(Optional<byte[]> ksInt, List<UserSecuritySetting> uss) {
    return new ZnOutcome.Keys(
        IMPI, Hex.decode(KS_EXT), ksInt, EXPIRES, CREATED, GbaType.THREE_G, uss, "<guss/>");
  }

  private static JsonNode tree(byte[] body) throws IOException {
    return SbiJson.mapper().readTree(body);
  }

  private static void assertValid(byte[] body) {
    CONTRACT.assertValidResponse(
        NBSP_GBA, "POST", NbspCodecTest.PATH, 200, "application/json", body);
  }

  @Test
  void should_write_every_attribute_when_keys_have_uicc_key_uss_and_impi_is_asked()
      throws IOException {
    byte[] body =
        NbspCodec.encodeResponse(
            keys(Optional.of(Hex.decode(KS_INT)), List.of(USS_1, NAMED, USS_2)), true);

    assertValid(body);
    JsonNode o = tree(body);
    assertThat(o.get("meKeyMaterial").asText()).isEqualTo(KS_EXT).matches("^[0-9a-f]{64}$");
    assertThat(o.get("uiccKeyMaterial").asText()).isEqualTo(KS_INT.toLowerCase());
    assertThat(o.get("keyExpiryTime").asText()).isEqualTo("2026-03-01T11:00:00Z");
    assertThat(o.get("bootstrappingInfoCreationTime").asText()).isEqualTo("2026-03-01T10:00:00Z");
    assertThat(o.get("gbaType").asText()).isEqualTo("3G_GBA");
    assertThat(o.get("impi").asText()).isEqualTo("user@home1.net");
    assertThat(o.get("ussList")).hasSize(2);
    assertThat(o.get("ussList").get(0).get("uss").get("gsId").asLong()).isEqualTo(1);
    assertThat(o.get("ussList").get(1).get("uss").get("gsId").asLong()).isEqualTo(4294967295L);
  }

  @Test
  void should_leave_out_uicc_key_uss_list_and_impi_when_there_is_none_to_send() throws IOException {
    byte[] none = NbspCodec.encodeResponse(keys(Optional.empty(), List.of()), false);
    byte[] unrepresentable =
        NbspCodec.encodeResponse(keys(Optional.empty(), List.of(NAMED)), false);

    for (byte[] body : List.of(none, unrepresentable)) {
      assertValid(body);
      JsonNode o = tree(body);
      assertThat(o.has("uiccKeyMaterial")).isFalse();
      assertThat(o.has("ussList")).isFalse();
      assertThat(o.has("impi")).isFalse();
      assertThat(o.get("meKeyMaterial").asText()).isEqualTo(KS_EXT);
    }
  }

  @Test
  void should_name_2g_gba_when_the_session_is_2g() throws IOException {
    ZnOutcome.Keys k =
        new ZnOutcome.Keys(
            IMPI,
            Hex.decode(KS_EXT),
            Optional.empty(),
            EXPIRES,
            CREATED,
            GbaType.TWO_G,
            List.of(),
            "");

    byte[] body = NbspCodec.encodeResponse(k, false);

    assertValid(body);
    assertThat(tree(body).get("gbaType").asText()).isEqualTo("2G_GBA");
  }

  @Test
  void should_give_back_keys_times_uss_and_impi_when_decoding_what_the_bsf_encoded() {
    ZnOutcome.Keys k = keys(Optional.of(Hex.decode(KS_INT)), List.of(USS_1, NAMED, USS_2));

    NbspCodec.Answer a = NbspCodec.decodeResponse(NbspCodec.encodeResponse(k, true)).orElseThrow();

    assertThat(a.meKeyMaterial()).isEqualTo(k.ksExtNaf());
    assertThat(a.uiccKeyMaterial())
        .hasValueSatisfying(u -> assertThat(u).isEqualTo(Hex.decode(KS_INT)));
    assertThat(a.keyExpiryTime()).contains(Instant.parse("2026-03-01T11:00:00Z"));
    assertThat(a.creationTime()).contains(Instant.parse("2026-03-01T10:00:00Z"));
    assertThat(a.ussList()).containsExactly(USS_1, USS_2);
    assertThat(a.gbaType()).contains("3G_GBA");
    assertThat(a.impi()).contains("user@home1.net");
    assertThat(a.toString()).doesNotContain(KS_EXT).contains("keys hidden");
  }

  @Test
  void should_give_empty_optionals_when_the_answer_has_only_me_key_material() {
    NbspCodec.Answer a =
        NbspCodec.decodeResponse(
                ("{\"meKeyMaterial\":\"" + KS_EXT.toUpperCase() + "\"}")
                    .getBytes(StandardCharsets.UTF_8))
            .orElseThrow();

    assertThat(a.meKeyMaterial()).isEqualTo(Hex.decode(KS_EXT));
    assertThat(a.uiccKeyMaterial()).isEmpty();
    assertThat(a.keyExpiryTime()).isEmpty();
    assertThat(a.creationTime()).isEmpty();
    assertThat(a.ussList()).isEmpty();
    assertThat(a.gbaType()).isEmpty();
    assertThat(a.impi()).isEmpty();
  }

  @Test
  void should_read_a_time_with_an_offset_as_its_instant_when_the_bsf_is_not_in_utc() {
    NbspCodec.Answer a =
        NbspCodec.decodeResponse(
                ("{\"meKeyMaterial\":\""
                        + KS_EXT
                        + "\",\"keyExpiryTime\":\"2026-03-01T12:00:00+02:00\","
                        + "\"bootstrappingInfoCreationTime\":\"yesterday\"}")
                    .getBytes(StandardCharsets.UTF_8))
            .orElseThrow();

    assertThat(a.keyExpiryTime()).contains(Instant.parse("2026-03-01T10:00:00Z"));
    assertThat(a.creationTime()).isEmpty();
  }

  static Stream<String> invalidAnswers() {
    return Stream.of(
        "{\"meKeyMaterial\":\"" + KS_EXT + "\",\"uiccKeyMaterial\":\"" + KS_EXT + "0\"}",
        "{\"meKeyMaterial\":\"" + KS_EXT + "\",\"uiccKeyMaterial\":1}",
        "{\"meKeyMaterial\":\"" + KS_EXT + "\",\"ussList\":[{\"uss\":{\"gsId\":1}}]}",
        "{\"meKeyMaterial\":\"" + KS_EXT + "\",\"ussList\":{}}",
        "{\"uiccKeyMaterial\":\"" + KS_EXT + "\"}",
        "{\"meKeyMaterial\":\"g" + "0".repeat(63) + "\"}",
        "{\"meKeyMaterial\":null}",
        "[\"" + KS_EXT + "\"]",
        "not json");
  }

  @ParameterizedTest
  @MethodSource("invalidAnswers")
  void should_refuse_the_answer_when_an_attribute_is_invalid(String body) {
    assertThat(NbspCodec.decodeResponse(body.getBytes(StandardCharsets.UTF_8))).isEmpty();
  }

  @Test
  void should_refuse_the_answer_when_me_key_material_has_63_or_65_hex_digits() {
    ObjectNode o = SbiJson.object();
    o.put("meKeyMaterial", KS_EXT.substring(1));
    ObjectNode p = SbiJson.object();
    p.put("meKeyMaterial", KS_EXT + "0");

    assertThat(NbspCodec.decodeResponse(SbiJson.bytes(o))).isEmpty();
    assertThat(NbspCodec.decodeResponse(SbiJson.bytes(p))).isEmpty();
    assertThat(
            OpenApiContract.shared()
                .responseErrors(
                    NBSP_GBA,
                    "POST",
                    NbspCodecTest.PATH,
                    200,
                    "application/json",
                    SbiJson.bytes(o)))
        .isNotEmpty();
  }
}
