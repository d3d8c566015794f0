package org.gbabsf.sba.nbsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.openapi.OpenApiContract.NBSP_GBA;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.ProblemJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** BootstrappingInfoRequest as the BSF reads it and as a NAF writes it (TS 29.309 §6.1.6.2.2). */
class NbspCodecTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  static final String PATH = "/bootstrapping-info-retrieval";
  static final String BTID = "I1VTvJY3qJ0hiuZNrke/NQ==@bsf.example.org";
  private static final String NAF_ID =
      "{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"01000000Af\"}";
  private static final String BT = "\"btId\":\"" + BTID + "\"";

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String request(String members) {
    return "{" + BT + ",\"nafId\":" + NAF_ID + members + "}";
  }

  private static NbspCodec.Decoded.Valid valid(String body) {
    NbspCodec.Decoded d = NbspCodec.decodeRequest(utf8(body));
    assertThat(d).isInstanceOf(NbspCodec.Decoded.Valid.class);
    return (NbspCodec.Decoded.Valid) d;
  }

  @Test
  void should_decode_btid_and_naf_id_with_defaults_when_only_mandatory_attributes_are_sent() {
    NbspCodec.Decoded.Valid v = valid(request(""));

    assertThat(v.btid()).isEqualTo(new BTid(BTID));
    assertThat(v.nafId().fqdn()).isEqualTo("naf.example.org");
    assertThat(v.nafId().uaSecurityProtocolId()).containsExactly(0x01, 0x00, 0x00, 0x00, 0xaf);
    byte[] fqdn = utf8("naf.example.org");
    assertThat(v.nafId().octets())
        .hasSize(fqdn.length + 5)
        .startsWith(fqdn)
        .endsWith(Hex.decode("01000000af"));
    assertThat(v.gbaUAware()).isFalse();
    assertThat(v.gsIds()).isEmpty();
  }

  @Test
  void should_decode_gba_u_aware_and_gs_ids_as_uint32_bits_when_the_optional_attributes_are_sent() {
    NbspCodec.Decoded.Valid v =
        valid(request(",\"gbaUAware\":true,\"gsIds\":[0,7,2147483648,4294967295],\"x\":{}"));

    assertThat(v.gbaUAware()).isTrue();
    assertThat(v.gsIds()).containsExactly(0, 7, Integer.MIN_VALUE, -1);
  }

  @Test
  void should_keep_gba_u_aware_false_when_the_naf_sends_false() {
    assertThat(valid(request(",\"gbaUAware\":false")).gbaUAware()).isFalse();
  }

  static Stream<Arguments> invalidRequests() {
    String nested = "{\"a\":".repeat(100) + "1" + "}".repeat(100);
    String nestedArrays =
        "{" + BT + ",\"nafId\":" + NAF_ID + ",\"gsIds\":" + "[".repeat(100) + "]".repeat(100) + "}";
    return Stream.of(
        arguments(
            "btId missing", "{\"nafId\":" + NAF_ID + "}", "MANDATORY_IE_MISSING", List.of("/btId")),
        arguments("nafId missing", "{" + BT + "}", "MANDATORY_IE_MISSING", List.of("/nafId")),
        arguments("empty object", "{}", "MANDATORY_IE_MISSING", List.of("/btId", "/nafId")),
        arguments(
            "btId without '@'",
            "{\"btId\":\"I1VTvJY3qJ0hiuZNrke\",\"nafId\":" + NAF_ID + "}",
            "MANDATORY_IE_INCORRECT",
            List.of("/btId")),
        arguments(
            "btId ending with '@'",
            "{\"btId\":\"abc@\",\"nafId\":" + NAF_ID + "}",
            "MANDATORY_IE_INCORRECT",
            List.of("/btId")),
        arguments(
            "btId a number",
            "{\"btId\":12,\"nafId\":" + NAF_ID + "}",
            "MANDATORY_IE_INCORRECT",
            List.of("/btId")),
        arguments(
            "btId with a space",
            "{\"btId\":\"a b@bsf.example.org\",\"nafId\":" + NAF_ID + "}",
            "MANDATORY_IE_INCORRECT",
            List.of("/btId")),
        arguments(
            "btId too long",
            "{\"btId\":\"a@" + "b".repeat(BTid.MAX_LENGTH) + "\",\"nafId\":" + NAF_ID + "}",
            "MANDATORY_IE_INCORRECT",
            List.of("/btId")),
        arguments(
            "nafId not an object",
            "{" + BT + ",\"nafId\":\"naf.example.org\"}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId")),
        arguments(
            "nafFqdn missing",
            "{" + BT + ",\"nafId\":{\"uaSecProtId\":\"0100000002\"}}",
            "MANDATORY_IE_MISSING",
            List.of("/nafId/nafFqdn")),
        arguments(
            "uaSecProtId missing",
            "{" + BT + ",\"nafId\":{\"nafFqdn\":\"naf.example.org\"}}",
            "MANDATORY_IE_MISSING",
            List.of("/nafId/uaSecProtId")),
        arguments(
            "nafFqdn not an FQDN",
            "{" + BT + ",\"nafId\":{\"nafFqdn\":\"naf\",\"uaSecProtId\":\"0100000002\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/nafFqdn")),
        arguments(
            "nafFqdn with an underscore",
            "{"
                + BT
                + ",\"nafId\":{\"nafFqdn\":\"n_f.example.org\",\"uaSecProtId\":\"0100000002\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/nafFqdn")),
        arguments(
            "nafFqdn a number",
            "{" + BT + ",\"nafId\":{\"nafFqdn\":1,\"uaSecProtId\":\"0100000002\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/nafFqdn")),
        arguments(
            "uaSecProtId of 9 digits",
            "{"
                + BT
                + ",\"nafId\":{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"010000000\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/uaSecProtId")),
        arguments(
            "uaSecProtId of 11 digits",
            "{"
                + BT
                + ",\"nafId\":{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"01000000020\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/uaSecProtId")),
        arguments(
            "uaSecProtId not hex",
            "{"
                + BT
                + ",\"nafId\":{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"010000000g\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/uaSecProtId")),
        arguments(
            "both NafId members wrong",
            "{" + BT + ",\"nafId\":{\"nafFqdn\":\"naf\",\"uaSecProtId\":\"01\"}}",
            "MANDATORY_IE_INCORRECT",
            List.of("/nafId/nafFqdn", "/nafId/uaSecProtId")),
        arguments(
            "gbaUAware a string",
            request(",\"gbaUAware\":\"true\""),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gbaUAware")),
        arguments(
            "gbaUAware null",
            request(",\"gbaUAware\":null"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gbaUAware")),
        arguments(
            "gsIds empty", request(",\"gsIds\":[]"), "OPTIONAL_IE_INCORRECT", List.of("/gsIds")),
        arguments(
            "gsIds not an array",
            request(",\"gsIds\":1"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gsIds")),
        arguments(
            "gsId negative",
            request(",\"gsIds\":[-1]"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gsIds/0")),
        arguments(
            "gsId above 2^32-1",
            request(",\"gsIds\":[1,4294967296]"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gsIds/1")),
        arguments(
            "gsId above a long",
            request(",\"gsIds\":[99999999999999999999]"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gsIds/0")),
        arguments(
            "gsId 1.5",
            request(",\"gsIds\":[2,1.5]"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gsIds/1")),
        arguments(
            "gsId a string and null",
            request(",\"gsIds\":[\"1\",null,3]"),
            "OPTIONAL_IE_INCORRECT",
            List.of("/gsIds/0", "/gsIds/1")),
        arguments(
            "missing, incorrect and optional at once",
            "{\"nafId\":{\"nafFqdn\":\"naf\",\"uaSecProtId\":\"0100000002\"},\"gbaUAware\":1}",
            "MANDATORY_IE_MISSING",
            List.of("/btId", "/nafId/nafFqdn", "/gbaUAware")),
        arguments(
            "incorrect and optional at once",
            "{\"btId\":\"x\",\"nafId\":" + NAF_ID + ",\"gsIds\":[-2]}",
            "MANDATORY_IE_INCORRECT",
            List.of("/btId", "/gsIds/0")),
        arguments("body not JSON", "{\"btId\":", "INVALID_MSG_FORMAT", List.of()),
        arguments("body empty", "", "INVALID_MSG_FORMAT", List.of()),
        arguments("body a JSON array", "[" + request("") + "]", "INVALID_MSG_FORMAT", List.of()),
        arguments("body a JSON string", "\"btId\"", "INVALID_MSG_FORMAT", List.of()),
        arguments(
            "body followed by more JSON", request("") + " {}", "INVALID_MSG_FORMAT", List.of()),
        arguments("100 nested objects", nested, "INVALID_MSG_FORMAT", List.of()),
        arguments("100 nested arrays in gsIds", nestedArrays, "INVALID_MSG_FORMAT", List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidRequests")
  void should_refuse_with_the_cause_and_the_json_pointers_when_the_request_is_invalid(
      String name, String body, String cause, List<String> pointers) {
    NbspCodec.Decoded d = NbspCodec.decodeRequest(utf8(body));

    assertThat(d).isInstanceOf(NbspCodec.Decoded.Invalid.class);
    Problem p = ((NbspCodec.Decoded.Invalid) d).problem();
    assertThat(p.status()).isEqualTo(400);
    assertThat(p.cause()).contains(cause);
    assertThat(p.invalidParams())
        .extracting(Problem.InvalidParam::param)
        .containsExactlyElementsOf(pointers);
    assertThat(p.invalidParams()).allSatisfy(ip -> assertThat(ip.reason()).isNotBlank());
    CONTRACT.assertValidResponse(
        NBSP_GBA, "POST", PATH, 400, "application/problem+json", ProblemJson.encode(p));
  }

  @Test
  void should_write_a_request_the_openapi_file_accepts_when_a_naf_asks_with_options() {
    NafId naf = new NafId("naf.example.org", Hex.decode("0100000002"));

    byte[] full = NbspCodec.encodeRequest(new BTid(BTID), naf, true, List.of(1L, 4294967295L));
    byte[] bare = NbspCodec.encodeRequest(new BTid(BTID), naf, false, List.of());

    CONTRACT.assertValidRequest(NBSP_GBA, "POST", PATH, "application/json", full);
    CONTRACT.assertValidRequest(NBSP_GBA, "POST", PATH, "application/json", bare);
    assertThat(new String(bare, StandardCharsets.UTF_8))
        .isEqualTo(
            "{"
                + BT
                + ",\"nafId\":{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"0100000002\"}}");
    NbspCodec.Decoded.Valid v = valid(new String(full, StandardCharsets.UTF_8));
    assertThat(v.btid().value()).isEqualTo(BTID);
    assertThat(v.nafId()).isEqualTo(naf);
    assertThat(v.gbaUAware()).isTrue();
    assertThat(v.gsIds()).containsExactly(1, -1);
  }

  @Test
  void should_accept_the_requests_the_openapi_file_accepts_when_they_are_valid() {
    for (String body :
        List.of(
            request(""),
            request(",\"gbaUAware\":true,\"gsIds\":[1,4294967295]"),
            "{"
                + BT
                + ",\"nafId\":{\"nafFqdn\":\"naf.example.org.\",\"uaSecProtId\":\"0100000002\"}}")) {
      CONTRACT.assertValidRequest(NBSP_GBA, "POST", PATH, "application/json", utf8(body));
      valid(body);
    }
  }
}
