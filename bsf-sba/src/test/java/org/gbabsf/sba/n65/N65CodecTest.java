package org.gbabsf.sba.n65;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.hss.TestVectors.answered;
import static org.gbabsf.sba.hss.TestVectors.describe;
import static org.gbabsf.sba.hss.TestVectors.failed;
import static org.gbabsf.sba.hss.TestVectors.problem;
import static org.gbabsf.sba.openapi.OpenApiContract.NHSS_GBA_SDM;
import static org.gbabsf.sba.openapi.OpenApiContract.NHSS_GBA_UEAU;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.AuthenticationVector;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** N65: Nhss_gbaUEAU and Nhss_gbaSDM (TS 29.562) as the BSF and the HSS simulator write them. */
class N65CodecTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  private static final String IMPI = "user@home1.net";
  private static final String GENERATE =
      "/impi-user@home1.net/security-information/generate-auth-data";
  private static final String SUBSCRIBER_DATA = "/impi-user@home1.net/subscriber-data";
  private static final String JSON = "application/json";

  private static final AuthenticationVector V = TestVectors.set1();
  private static final AkaJson.Resync RESYNC =
      new AkaJson.Resync(
          Rand.of(Hex.decode(TestVectors.RAND)), Hex.decode("0123456789abcdef0123456789ab"));
  private static final Guss GUSS =
      new Guss(
          "",
          UiccType.GBA_U,
          Optional.of(Duration.ofHours(2)),
          List.of(
              new UserSecuritySetting("1", 1, "group1", List.of("sip:user@home1.net"), List.of(1)),
              new UserSecuritySetting("2", 4, "", List.of("tel:+358501234567"), List.of())));

  private static final byte[] AUTH_RESULT = N65Codec.authResult(IMPI, V);

  private static JsonNode tree(byte[] b) throws IOException {
    return SbiJson.mapper().readTree(b);
  }

  @Test
  void should_write_a_valid_authentication_info_request_when_there_is_no_resync()
      throws IOException {
    byte[] body = N65Codec.authRequest(Optional.empty());

    CONTRACT.assertValidRequest(NHSS_GBA_UEAU, "POST", GENERATE, JSON, body);
    assertThat(tree(body).get("authenticationScheme").asText()).isEqualTo("DIGEST_AKAV1_MD5");
    assertThat(tree(body).has("resynchronizationInfo")).isFalse();
  }

  @Test
  void should_write_a_valid_authentication_info_request_with_rand_and_auts_when_resyncing()
      throws IOException {
    byte[] body = N65Codec.authRequest(Optional.of(RESYNC));

    CONTRACT.assertValidRequest(NHSS_GBA_UEAU, "POST", GENERATE, JSON, body);
    JsonNode r = tree(body).get("resynchronizationInfo");
    assertThat(r.get("rand").asText()).isEqualTo(TestVectors.RAND);
    assertThat(r.get("auts").asText()).isEqualTo("0123456789abcdef0123456789ab");
  }

  @Test
  void should_write_a_valid_authentication_info_result_when_the_simulator_answers()
      throws IOException {
    CONTRACT.assertValidResponse(NHSS_GBA_UEAU, "POST", GENERATE, 200, JSON, AUTH_RESULT);
    assertThat(tree(AUTH_RESULT).get("impi").asText()).isEqualTo(IMPI);
    assertThat(tree(AUTH_RESULT).get("3gAkaAv").get("xres").asText()).isEqualTo(TestVectors.RES);
  }

  @Test
  void should_write_valid_subscriber_data_when_the_guss_is_full_or_empty() throws IOException {
    byte[] full = N65Codec.subscriberData(GUSS);
    byte[] empty = N65Codec.subscriberData(Guss.empty());

    CONTRACT.assertValidResponse(NHSS_GBA_SDM, "GET", SUBSCRIBER_DATA, 200, JSON, full);
    CONTRACT.assertValidResponse(NHSS_GBA_SDM, "GET", SUBSCRIBER_DATA, 200, JSON, empty);
    assertThat(tree(full).at("/guss/bsfInfo/uiccType").asText()).isEqualTo("GBA_U");
    assertThat(tree(full).at("/guss/bsfInfo/lifeTime").asLong()).isEqualTo(7200);
    assertThat(tree(full).at("/guss/ussList")).hasSize(2);
    assertThat(tree(empty).at("/guss/bsfInfo/uiccType").asText()).isEqualTo("GBA");
    assertThat(tree(empty).at("/guss").has("ussList")).isFalse();
    assertThat(tree(empty).at("/guss/bsfInfo").has("lifeTime")).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "'{\"guss\":{\"bsfInfo\":{\"uiccType\":\"GBA_U\"}}}', GBA_U",
    "'{\"guss\":{\"bsfInfo\":{\"uiccType\":\"GBA\"}}}', GBA",
    "'{\"guss\":{\"bsfInfo\":{}}}', GBA",
    "'{\"guss\":{\"bsfInfo\":{\"uiccType\":\"GBA_X\"}}}', UNKNOWN",
    "'{\"guss\":{\"bsfInfo\":{\"uiccType\":7}}}', UNKNOWN"
  })
  void should_read_the_uicc_type_and_never_take_an_unknown_one_for_gba(
      String body, UiccType expected) {
    N65Codec.GussPart p = N65Codec.gussPart(answered(200, body));

    assertThat(p)
        .isInstanceOfSatisfying(
            N65Codec.GussPart.Found.class,
            found -> assertThat(found.guss().uiccType()).isEqualTo(expected));
  }

  @Test
  void should_give_back_the_vector_and_the_guss_when_both_answers_are_200() {
    Step s =
        N65Codec.combine(
            N65Codec.vectorPart(answered(200, AUTH_RESULT), IMPI),
            N65Codec.gussPart(answered(200, N65Codec.subscriberData(GUSS))));

    assertThat(s).isInstanceOf(Step.Answer.class);
    HssAnswer.Vector v = (HssAnswer.Vector) ((Step.Answer) s).answer();
    assertThat(v.vector().rand()).isEqualTo(V.rand());
    assertThat(v.vector().autn()).isEqualTo(Hex.decode(TestVectors.AUTN));
    assertThat(v.vector().xres()).isEqualTo(Hex.decode(TestVectors.RES));
    assertThat(v.vector().ck()).isEqualTo(Hex.decode(TestVectors.CK));
    assertThat(v.vector().ik()).isEqualTo(Hex.decode(TestVectors.IK));
    assertThat(v.guss()).isEqualTo(GUSS);
  }

  static Stream<Arguments> vectorAnswers() {
    return Stream.of(
        arguments("200 valid", answered(200, AUTH_RESULT), "Found"),
        arguments("200 not JSON", answered(200, "{\"3gAkaAv\":"), "Failover:malformed"),
        arguments(
            "200 without 3gAkaAv",
            answered(200, "{\"impi\":\"" + IMPI + "\"}"),
            "Failover:malformed"),
        arguments(
            "200 with xres of 7 hex", answered(200, withXres("a54211d")), "Failover:malformed"),
        arguments("200 empty", answered(200, ""), "Failover:malformed"),
        arguments("404 USER_NOT_FOUND", problem(404, "USER_NOT_FOUND"), "UserUnknown"),
        arguments("404 without body", answered(404, ""), "Failover:404"),
        arguments("403", problem(403, "AUTHENTICATION_REJECTED"), "Refused"),
        arguments("400", problem(400, "MANDATORY_IE_INCORRECT"), "Unavailable"),
        arguments("429", problem(429, "NF_CONGESTION_RISK"), "Failover:429"),
        arguments("500", problem(500, "SYSTEM_FAILURE"), "Failover:5xx"),
        arguments("503", answered(503, ""), "Failover:5xx"),
        arguments("timeout", failed(SbiResult.Failure.TIMEOUT), "Failover:timeout"),
        arguments("connect", failed(SbiResult.Failure.CONNECT), "Failover:connect"));
  }

  private static String withXres(String xres) {
    return new String(AUTH_RESULT, StandardCharsets.UTF_8).replace(TestVectors.RES, xres);
  }

  @ParameterizedTest(name = "{0} -> {2}")
  @MethodSource("vectorAnswers")
  void should_make_the_expected_part_when_generate_auth_data_answers(
      String name, SbiResult r, String expected) {
    N65Codec.VectorPart p = N65Codec.vectorPart(r, IMPI);

    assertThat(
            p instanceof N65Codec.VectorPart.Other o
                ? describe(o.step())
                : p.getClass().getSimpleName())
        .isEqualTo(expected);
  }

  static Stream<Arguments> gussAnswers() {
    return Stream.of(
        arguments("200 valid", answered(200, N65Codec.subscriberData(GUSS)), "Found:2"),
        arguments("200 without guss", answered(200, "{}"), "Found:0"),
        arguments("200 not JSON", answered(200, "guss"), "Failover:malformed"),
        arguments("200 guss not an object", answered(200, "{\"guss\":[]}"), "Failover:malformed"),
        arguments(
            "200 lifeTime 0",
            answered(200, "{\"guss\":{\"bsfInfo\":{\"lifeTime\":0}}}"),
            "Failover:malformed"),
        arguments(
            "200 lifeTime a string",
            answered(200, "{\"guss\":{\"bsfInfo\":{\"lifeTime\":\"3600\"}}}"),
            "Failover:malformed"),
        arguments(
            "200 malformed ussList",
            answered(200, "{\"guss\":{\"ussList\":[{\"uss\":{\"gsId\":1}}]}}"),
            "Failover:malformed"),
        arguments("404 USER_NOT_FOUND", problem(404, "USER_NOT_FOUND"), "UserUnknown"),
        arguments("404 DATA_NOT_FOUND", problem(404, "DATA_NOT_FOUND"), "Found:0"),
        arguments("404 without body", answered(404, ""), "Failover:404"),
        arguments("403", problem(403, "AUTHENTICATION_REJECTED"), "Refused"),
        arguments("400", answered(400, ""), "Unavailable"),
        arguments("429", answered(429, ""), "Failover:429"),
        arguments("500", problem(500, "SYSTEM_FAILURE"), "Failover:5xx"),
        arguments("503", problem(503, "NF_CONGESTION"), "Failover:5xx"),
        arguments("timeout", failed(SbiResult.Failure.TIMEOUT), "Failover:timeout"),
        arguments("connect", failed(SbiResult.Failure.CONNECT), "Failover:connect"));
  }

  @ParameterizedTest(name = "{0} -> {2}")
  @MethodSource("gussAnswers")
  void should_make_the_expected_part_when_subscriber_data_answers(
      String name, SbiResult r, String expected) {
    N65Codec.GussPart p = N65Codec.gussPart(r);

    assertThat(
            p instanceof N65Codec.GussPart.Other o
                ? describe(o.step())
                : "Found:" + ((N65Codec.GussPart.Found) p).guss().ussList().size())
        .isEqualTo(expected);
  }

  @Test
  void should_read_an_empty_guss_as_gba_without_lifetime_when_the_hss_has_no_gba_data() {
    N65Codec.GussPart p = N65Codec.gussPart(problem(404, "DATA_NOT_FOUND"));

    assertThat(p).isEqualTo(new N65Codec.GussPart.Found(Guss.empty()));
  }

  static Stream<Arguments> combinations() {
    N65Codec.VectorPart found = new N65Codec.VectorPart.Found(V);
    N65Codec.GussPart guss = new N65Codec.GussPart.Found(GUSS);
    N65Codec.VectorPart vUnknown =
        new N65Codec.VectorPart.Other(new Step.Answer(new HssAnswer.UserUnknown()));
    N65Codec.VectorPart vDown = new N65Codec.VectorPart.Other(new Step.Failover("x", "503"));
    N65Codec.GussPart gUnknown =
        new N65Codec.GussPart.Other(new Step.Answer(new HssAnswer.UserUnknown()));
    N65Codec.GussPart gDown = new N65Codec.GussPart.Other(new Step.Failover("y", "timeout"));
    N65Codec.GussPart gRefused =
        new N65Codec.GussPart.Other(new Step.Answer(new HssAnswer.Refused("z")));
    return Stream.of(
        arguments("vector and GUSS", found, guss, "Vector"),
        arguments("vector, GUSS timed out", found, gDown, "Failover:timeout"),
        arguments("vector, GUSS user unknown", found, gUnknown, "UserUnknown"),
        arguments("vector, GUSS refused", found, gRefused, "Refused"),
        arguments("user unknown, GUSS timed out", vUnknown, gDown, "UserUnknown"),
        arguments("user unknown, GUSS", vUnknown, guss, "UserUnknown"),
        arguments("vector 503, GUSS", vDown, guss, "Failover:503"),
        arguments("vector 503, GUSS timed out", vDown, gDown, "Failover:503"));
  }

  @ParameterizedTest(name = "{0} -> {3}")
  @MethodSource("combinations")
  void should_take_the_vector_outcome_first_when_combining_the_two_parts(
      String name, N65Codec.VectorPart v, N65Codec.GussPart g, String expected) {
    assertThat(describe(N65Codec.combine(v, g))).isEqualTo(expected);
  }
}
