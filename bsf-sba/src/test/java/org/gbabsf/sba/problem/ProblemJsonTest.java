package org.gbabsf.sba.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.openapi.OpenApiContract.COMMON_DATA;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** ProblemDetails (TS 29.571 §5.2.4.1) both ways. */
class ProblemJsonTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  private static final List<Problem.InvalidParam> PARAMS =
      List.of(
          new Problem.InvalidParam("/btId", "missing"),
          new Problem.InvalidParam("/nafId/uaSecProtId", "not 10 hexadecimal digits"));

  static Stream<Problem> problems() {
    return Stream.of(
        Problems.invalidMessageFormat("the body is not JSON"),
        Problems.mandatoryIeIncorrect(PARAMS),
        Problems.mandatoryIeMissing(PARAMS.subList(0, 1)),
        Problems.optionalIeIncorrect(PARAMS.subList(1, 2)),
        Problems.resourceUriStructureNotFound("/x"),
        Problems.methodNotAllowed("GET"),
        Problems.lengthRequired(),
        Problems.payloadTooLarge(65536),
        Problems.unsupportedMediaType("text/json"),
        Problems.congestionRisk(),
        Problems.systemFailure("the service failed"),
        Problems.notImplemented("push"),
        Problems.congestion("late"),
        Problems.serviceUnavailable("store down"),
        Problems.invalidApi("bad path"),
        new Problem(400, "", Optional.empty(), Optional.empty(), List.of()));
  }

  @ParameterizedTest
  @MethodSource("problems")
  void should_encode_a_valid_problem_details_when_given_any_problem(Problem p) {
    byte[] json = ProblemJson.encode(p);

    assertThat(CONTRACT.schemaErrors(COMMON_DATA, "ProblemDetails", json)).isEmpty();
    assertThat(ProblemJson.decode(p.status(), json)).contains(p);
  }

  @Test
  void should_write_title_status_detail_cause_and_invalid_params_when_all_are_set() {
    String json =
        new String(ProblemJson.encode(Problems.mandatoryIeMissing(PARAMS)), StandardCharsets.UTF_8);

    assertThat(json)
        .isEqualTo(
            "{\"title\":\"Bad Request\",\"status\":400,\"detail\":\"missing attributes\","
                + "\"cause\":\"MANDATORY_IE_MISSING\",\"invalidParams\":["
                + "{\"param\":\"/btId\",\"reason\":\"missing\"},"
                + "{\"param\":\"/nafId/uaSecProtId\",\"reason\":\"not 10 hexadecimal digits\"}]}");
  }

  @Test
  void should_leave_out_cause_and_invalid_params_when_the_problem_has_none() {
    String json =
        new String(ProblemJson.encode(Problems.methodNotAllowed("PUT")), StandardCharsets.UTF_8);

    assertThat(json)
        .isEqualTo(
            "{\"title\":\"Method Not Allowed\",\"status\":405,"
                + "\"detail\":\"PUT is not allowed here\"}");
  }

  @Test
  void should_read_what_a_peer_sent_with_the_http_status_when_decoding_its_problem() {
    byte[] body =
        ("{\"type\":\"https://example.org/p\",\"title\":\"Not Found\",\"status\":499,"
                + "\"cause\":\"USER_NOT_FOUND\",\"instance\":\"/x\",\"supportedFeatures\":\"1\","
                + "\"invalidParams\":[{\"param\":\"ueId\"},{\"reason\":\"r\"},{\"param\":1}]}")
            .getBytes(StandardCharsets.UTF_8);

    Problem p = ProblemJson.decode(404, body).orElseThrow();

    assertThat(p.status()).isEqualTo(404);
    assertThat(p.title()).isEqualTo("Not Found");
    assertThat(p.cause()).contains("USER_NOT_FOUND");
    assertThat(p.detail()).isEmpty();
    assertThat(p.invalidParams())
        .containsExactly(
            new Problem.InvalidParam("ueId", ""),
            new Problem.InvalidParam("", "r"),
            new Problem.InvalidParam("1", ""));
  }

  @Test
  void should_ignore_cause_and_detail_when_they_are_not_strings() {
    Problem p =
        ProblemJson.decode(
                500, "{\"cause\":1,\"detail\":{},\"title\":[]}".getBytes(StandardCharsets.UTF_8))
            .orElseThrow();

    assertThat(p).isEqualTo(new Problem(500, "", Optional.empty(), Optional.empty(), List.of()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "garbage", "<html>error</html>", "[]", "\"text\"", "42", "null", "{"})
  void should_read_nothing_when_the_body_is_not_a_json_object(String body) {
    assertThat(ProblemJson.decode(500, body.getBytes(StandardCharsets.UTF_8))).isEmpty();
  }
}
