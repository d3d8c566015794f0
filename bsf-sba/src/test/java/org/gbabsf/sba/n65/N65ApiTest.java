package org.gbabsf.sba.n65;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.hss.TestVectors.answered;
import static org.gbabsf.sba.hss.TestVectors.describe;
import static org.gbabsf.sba.hss.TestVectors.problem;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.hss.TestVectors;
import org.gbabsf.sba.http.SbiResult;
import org.junit.jupiter.api.Test;

/** How the two N65 calls combine as they complete, in either order. */
class N65ApiTest {

  private static final String IMPI = "user@home1.net";
  private static final byte[] RESULT = N65Codec.authResult(IMPI, TestVectors.set1());
  private static final byte[] GUSS =
      N65Codec.subscriberData(
          new Guss(
              "",
              org.gbabsf.core.domain.UiccType.GBA,
              java.util.Optional.of(Duration.ofHours(1)),
              java.util.List.of()));

  private final CompletableFuture<SbiResult> ueau = new CompletableFuture<>();
  private final CompletableFuture<SbiResult> sdm = new CompletableFuture<>();
  private final CompletableFuture<Step> step = N65Api.combine(ueau, sdm, IMPI);

  @Test
  void should_give_the_vector_when_both_calls_succeed_in_any_order() {
    sdm.complete(answered(200, GUSS));
    assertThat(step).isNotDone();

    ueau.complete(answered(200, RESULT));

    assertThat(describe(step.join())).isEqualTo("Vector");
  }

  @Test
  void should_not_wait_for_the_guss_and_cancel_it_when_the_user_is_unknown() {
    ueau.complete(problem(404, "USER_NOT_FOUND"));

    assertThat(describe(step.join())).isEqualTo("UserUnknown");
    assertThat(sdm.join()).isEqualTo(SbiResult.Failed.cancelled());
  }

  @Test
  void should_not_wait_for_the_vector_and_cancel_it_when_the_guss_call_fails() {
    sdm.complete(problem(503, "NF_CONGESTION"));

    assertThat(describe(step.join())).isEqualTo("Failover:5xx");
    assertThat(ueau.join()).isEqualTo(SbiResult.Failed.cancelled());
  }

  @Test
  void should_take_the_vector_call_outcome_when_it_fails_after_the_guss_arrived() {
    sdm.complete(answered(200, GUSS));
    ueau.complete(answered(200, "{\"impi\":\"someone-else@home1.net\",\"3gAkaAv\":{}}"));

    assertThat(describe(step.join())).isEqualTo("Failover:malformed");
  }
}
