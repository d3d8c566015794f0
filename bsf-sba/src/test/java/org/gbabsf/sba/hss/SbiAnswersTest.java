package org.gbabsf.sba.hss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.hss.TestVectors.answered;
import static org.gbabsf.sba.hss.TestVectors.describe;
import static org.gbabsf.sba.hss.TestVectors.failed;
import static org.gbabsf.sba.hss.TestVectors.problem;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.stream.Stream;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.http.SbiResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What an HSS's or UDM's status means for the UE. */
class SbiAnswersTest {

  static Stream<Arguments> statuses() {
    return Stream.of(
        arguments(problem(404, "USER_NOT_FOUND"), "UserUnknown"),
        arguments(problem(404, "DATA_NOT_FOUND"), "Failover:404"),
        arguments(answered(404, ""), "Failover:404"),
        arguments(problem(403, "AUTHENTICATION_REJECTED"), "Refused"),
        arguments(answered(403, "<html/>"), "Refused"),
        arguments(problem(400, "MANDATORY_IE_INCORRECT"), "Unavailable"),
        arguments(answered(401, ""), "Unavailable"),
        arguments(answered(308, ""), "Unavailable"),
        arguments(answered(405, ""), "Unavailable"),
        arguments(answered(406, ""), "Unavailable"),
        arguments(answered(204, ""), "Unavailable"),
        arguments(problem(429, "NF_CONGESTION_RISK"), "Failover:429"),
        arguments(problem(500, "SYSTEM_FAILURE"), "Failover:5xx"),
        arguments(answered(502, ""), "Failover:5xx"),
        arguments(problem(503, "NF_CONGESTION"), "Failover:5xx"),
        arguments(answered(504, ""), "Failover:5xx"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("statuses")
  void should_map_the_status_to_its_step_when_the_answer_is_not_a_200(
      SbiResult.Answered a, String expected) {
    assertThat(describe(SbiAnswers.notOk(a, "generate-av"))).isEqualTo(expected);
  }

  @ParameterizedTest
  @EnumSource(SbiResult.Failure.class)
  void should_fail_over_with_the_failure_tag_when_there_is_no_answer(SbiResult.Failure f) {
    Step s = SbiAnswers.notOk(new SbiResult.Failed(f, "why"), "generate-av");

    assertThat(s).isEqualTo(new Step.Failover("generate-av: why", f.tag()));
  }

  @Test
  void should_name_the_operation_status_and_cause_in_the_reason_when_mapping_an_answer() {
    assertThat(SbiAnswers.notOk(problem(403, "AUTHENTICATION_REJECTED"), "generate-auth-data"))
        .isEqualTo(
            new Step.Answer(
                new HssAnswer.Refused("generate-auth-data: 403 AUTHENTICATION_REJECTED")));
    assertThat(SbiAnswers.notOk(answered(400, "garbage"), "subscriber-data"))
        .isEqualTo(new Step.Answer(new HssAnswer.Unavailable("subscriber-data: 400 no cause")));
    assertThat(SbiAnswers.notOk(problem(503, "NF_CONGESTION"), "generate-av"))
        .isEqualTo(new Step.Failover("generate-av: 503 NF_CONGESTION", "5xx"));
    assertThat(SbiAnswers.notOk(failed(SbiResult.Failure.TIMEOUT), "generate-av"))
        .isEqualTo(new Step.Failover("generate-av: no answer", "timeout"));
  }

  @Test
  void should_make_the_cause_printable_and_short_when_a_peer_sends_anything() {
    char[] longCause = new char[200];
    Arrays.fill(longCause, 'C');

    assertThat(SbiAnswers.cause(problem(500, "BAD\nCAUSE é"))).contains("BAD?CAUSE??");
    assertThat(SbiAnswers.cause(problem(500, new String(longCause))))
        .hasValueSatisfying(c -> assertThat(c).hasSize(64));
    assertThat(SbiAnswers.cause(answered(500, "{\"cause\":1}"))).isEmpty();
    assertThat(SbiAnswers.cause(answered(500, "not json"))).isEmpty();
    assertThat(SbiAnswers.cause(answered(500, ""))).isEmpty();
  }
}
