package org.gbabsf.sba.n68;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.hss.TestVectors.answered;
import static org.gbabsf.sba.hss.TestVectors.describe;
import static org.gbabsf.sba.hss.TestVectors.failed;
import static org.gbabsf.sba.hss.TestVectors.problem;
import static org.gbabsf.sba.openapi.OpenApiContract.NUDM_UEAU;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.hss.TestVectors;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** N68: Nudm_UEAU GenerateGbaAv (TS 29.503) as the BSF and the UDM simulator write it. */
class N68CodecTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  private static final String GENERATE_AV =
      "/imsi-234150999999999/gba-security-information/generate-av";
  private static final String JSON = "application/json";
  private static final String AUTS = "0123456789abcdef0123456789ab";

  private static final byte[] RESULT = N68Codec.result(TestVectors.set1());
  private static final Guss DEFAULT_GUSS =
      new Guss(
          "",
          UiccType.GBA,
          Optional.of(Duration.ofHours(1)),
          List.of(new UserSecuritySetting("1", 1, "", List.of("sip:u@home1.net"), List.of())));

  private static JsonNode tree(byte[] b) throws IOException {
    return SbiJson.mapper().readTree(b);
  }

  @Test
  void should_write_a_valid_gba_authentication_info_request_when_there_is_no_resync()
      throws IOException {
    byte[] body = N68Codec.request(Optional.empty());

    CONTRACT.assertValidRequest(NUDM_UEAU, "POST", GENERATE_AV, JSON, body);
    assertThat(new String(body, StandardCharsets.UTF_8))
        .isEqualTo("{\"authType\":\"DIGEST_AKAV1_MD5\"}");
  }

  @Test
  void should_write_a_valid_gba_authentication_info_request_with_rand_and_auts_when_resyncing()
      throws IOException {
    AkaJson.Resync r = new AkaJson.Resync(Rand.of(Hex.decode(TestVectors.RAND)), Hex.decode(AUTS));

    byte[] body = N68Codec.request(Optional.of(r));

    CONTRACT.assertValidRequest(NUDM_UEAU, "POST", GENERATE_AV, JSON, body);
    assertThat(tree(body).at("/resynchronizationInfo/rand").asText()).isEqualTo(TestVectors.RAND);
    assertThat(tree(body).at("/resynchronizationInfo/auts").asText()).isEqualTo(AUTS);
  }

  @Test
  void should_write_a_valid_gba_authentication_info_result_when_the_simulator_answers()
      throws IOException {
    CONTRACT.assertValidResponse(NUDM_UEAU, "POST", GENERATE_AV, 200, JSON, RESULT);
    assertThat(tree(RESULT).at("/3gAkaAv/autn").asText()).isEqualTo(TestVectors.AUTN);
  }

  @Test
  void should_give_the_vector_with_the_default_guss_when_the_udm_answers_200() {
    Step s = N68Codec.step(answered(200, RESULT), DEFAULT_GUSS);

    HssAnswer.Vector v = (HssAnswer.Vector) ((Step.Answer) s).answer();
    assertThat(v.vector().ks()).isEqualTo(Hex.decode(TestVectors.CK + TestVectors.IK));
    assertThat(v.vector().xres()).isEqualTo(Hex.decode(TestVectors.RES));
    assertThat(v.vector().randAutn()).isEqualTo(Hex.decode(TestVectors.RAND + TestVectors.AUTN));
    assertThat(v.guss()).isSameAs(DEFAULT_GUSS);
  }

  static Stream<Arguments> answers() {
    String result = new String(RESULT, StandardCharsets.UTF_8);
    return Stream.of(
        arguments("200 valid", answered(200, RESULT), "Vector"),
        arguments("200 not JSON", answered(200, result.substring(1)), "Failover:malformed"),
        arguments(
            "200 without 3gAkaAv",
            answered(200, "{\"supportedFeatures\":\"0\"}"),
            "Failover:malformed"),
        arguments(
            "200 with xres of 7 hex",
            answered(200, result.replace(TestVectors.RES, "a54211d")),
            "Failover:malformed"),
        arguments(
            "200 with ck of 30 hex",
            answered(200, result.replace(TestVectors.CK, TestVectors.CK.substring(2))),
            "Failover:malformed"),
        arguments("404 USER_NOT_FOUND", problem(404, "USER_NOT_FOUND"), "UserUnknown"),
        arguments("404 without body", answered(404, ""), "Failover:404"),
        arguments("403", problem(403, "AUTHENTICATION_REJECTED"), "Refused"),
        arguments("400", problem(400, "MANDATORY_IE_MISSING"), "Unavailable"),
        arguments("429", answered(429, ""), "Failover:429"),
        arguments("500", problem(500, "SYSTEM_FAILURE"), "Failover:5xx"),
        arguments("503", problem(503, "NF_CONGESTION"), "Failover:5xx"),
        arguments("timeout", failed(SbiResult.Failure.TIMEOUT), "Failover:timeout"),
        arguments("connect", failed(SbiResult.Failure.CONNECT), "Failover:connect"),
        arguments("reset", failed(SbiResult.Failure.RESET), "Failover:reset"));
  }

  @ParameterizedTest(name = "{0} -> {2}")
  @MethodSource("answers")
  void should_make_the_expected_step_when_generate_av_answers(
      String name, SbiResult r, String expected) {
    assertThat(describe(N68Codec.step(r, DEFAULT_GUSS))).isEqualTo(expected);
  }
}
