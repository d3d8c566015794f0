package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FloodCommandTest {

  @Test
  void should_keep_only_ub_answers_and_evictions_when_reading_the_bsf_metrics() {
    String text =
        """
        # HELP bsf_ub_responses_total Ub answers by HTTP status and outcome
        # TYPE bsf_ub_responses_total counter
        bsf_ub_responses_total{outcome="challenge_initial",status="401"} 1234.0
        bsf_ub_responses_total{outcome="rejected_source_rate_limited",status="503"} 56.0
        bsf_store_challenges_evicted_total 789.0
        jvm_memory_used_bytes{area="heap",id="PS Eden Space"} 1.0E7
        bsf_ub_responses_total{outcome="bootstrapped",status="200"} not-a-number
        """;

    assertThat(FloodCommand.counters(text))
        .containsOnlyKeys(
            "bsf_ub_responses_total{outcome=\"challenge_initial\",status=\"401\"}",
            "bsf_ub_responses_total{outcome=\"rejected_source_rate_limited\",status=\"503\"}",
            "bsf_store_challenges_evicted_total")
        .containsEntry("bsf_store_challenges_evicted_total", 789.0);
  }
}
