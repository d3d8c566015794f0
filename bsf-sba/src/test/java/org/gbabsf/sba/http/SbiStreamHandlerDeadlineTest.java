package org.gbabsf.sba.http;

import static io.netty.handler.codec.http.HttpMethod.POST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.http.StreamHarness.NBSP;
import static org.gbabsf.sba.http.StreamHarness.content;
import static org.gbabsf.sba.http.StreamHarness.full;
import static org.gbabsf.sba.http.StreamHarness.head;
import static org.gbabsf.sba.http.StreamHarness.last;
import static org.gbabsf.sba.http.StreamHarness.utf8;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The stream handler when a service fails instead of answering, and when the request timeout passes
 * (on the channel's frozen clock, moved by hand).
 */
class SbiStreamHandlerDeadlineTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(3);

  private final StreamHarness h =
      new StreamHarness(
          SbiServerSettings.defaults("sbi", "127.0.0.1", 0).withRequestTimeout(TIMEOUT));

  private void pass(Duration d) {
    h.channel.advanceTimeBy(d.toMillis(), TimeUnit.MILLISECONDS);
    h.channel.runScheduledPendingTasks();
    h.channel.runPendingTasks();
  }

  private double failures() {
    return h.count("bsf.sbi.server.failures");
  }

  private double timeouts(String phase) {
    return h.count("bsf.sbi.server.timeouts", "phase", phase);
  }

  @Test
  void should_answer_500_system_failure_and_count_it_when_the_service_throws() {
    h.service =
        r -> {
          throw new IllegalStateException("bug");
        };

    h.send(full(POST, NBSP, "application/json", "{}"));

    assertThat(h.answer().assertProblem("SYSTEM_FAILURE").assertNbspAnswer().status())
        .isEqualTo(500);
    assertThat(failures()).isEqualTo(1);
    assertThat(h.metrics.inFlight.get()).isZero();
    assertThat(h.requestsCounted("nbsp-gba", 500)).isEqualTo(1);
    assertThat(h.channel.isOpen()).isTrue();
  }

  @Test
  void should_answer_500_when_the_service_has_already_failed_its_stage() {
    h.service = r -> CompletableFuture.failedFuture(new IllegalStateException("bug"));

    h.send(full(POST, NBSP, "application/json", "{}"));

    assertThat(h.answer().assertProblem("SYSTEM_FAILURE").status()).isEqualTo(500);
    assertThat(failures()).isEqualTo(1);
    assertThat(h.metrics.inFlight.get()).isZero();
  }

  @Test
  void should_answer_500_when_the_service_fails_its_stage_later() {
    CompletableFuture<SbiResponse> later = new CompletableFuture<>();
    h.service = r -> later;

    h.send(full(POST, NBSP, "application/json", "{}"));
    h.assertNoAnswer();
    assertThat(h.metrics.inFlight.get()).isEqualTo(1);
    later.completeExceptionally(new IllegalStateException("bug"));
    h.channel.runPendingTasks();

    assertThat(h.answer().assertProblem("SYSTEM_FAILURE").status()).isEqualTo(500);
    assertThat(failures()).isEqualTo(1);
    assertThat(h.metrics.inFlight.get()).isZero();
  }

  @Test
  void should_answer_500_when_the_service_completes_with_no_answer() {
    h.service = r -> CompletableFuture.completedFuture(null);

    h.send(full(POST, NBSP, "application/json", "{}"));

    assertThat(h.answer().status()).isEqualTo(500);
    assertThat(failures()).isEqualTo(1);
  }

  @Test
  void should_answer_500_and_free_its_in_flight_slot_when_the_service_returns_no_stage() {
    h.service = r -> null;

    h.send(full(POST, NBSP, "application/json", "{}"));

    assertThat(h.answer().assertProblem("SYSTEM_FAILURE").status()).isEqualTo(500);
    assertThat(failures()).isEqualTo(1);
    assertThat(h.metrics.inFlight.get()).isZero();
  }

  @Test
  void should_answer_a_service_that_completes_later_when_it_is_in_time() {
    CompletableFuture<SbiResponse> later = new CompletableFuture<>();
    h.service = r -> later;

    h.send(full(POST, NBSP, "application/json", "{}"));
    pass(TIMEOUT.minusMillis(1));
    h.assertNoAnswer();
    later.complete(SbiResponse.json(200, utf8("{\"late\":false}")));
    h.channel.runPendingTasks();

    assertThat(h.answer().text()).isEqualTo("{\"late\":false}");
    pass(TIMEOUT);
    h.assertNoAnswer();
    assertThat(h.channel.isOpen()).isTrue();
    assertThat(timeouts("answer") + timeouts("request")).isZero();
  }

  @Test
  void should_close_the_stream_without_answer_when_the_request_is_incomplete_at_the_deadline() {
    h.send(head(POST, NBSP, 10L, "application/json"), content("{\"a\":"));
    pass(TIMEOUT.minusMillis(1));
    assertThat(h.channel.isOpen()).isTrue();

    pass(Duration.ofMillis(1));

    h.assertNoAnswer();
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(h.requests).isEmpty();
    assertThat(timeouts("request")).isEqualTo(1);
    assertThat(timeouts("answer")).isZero();
  }

  @Test
  void should_close_the_stream_when_no_request_head_came_before_the_deadline() {
    pass(TIMEOUT);

    h.assertNoAnswer();
    assertThat(h.channel.isOpen()).isFalse();
    assertThat(timeouts("request")).isEqualTo(1);
  }

  @Test
  void should_answer_503_with_retry_after_when_the_service_is_late_and_ignore_its_late_answer() {
    CompletableFuture<SbiResponse> never = new CompletableFuture<>();
    h.service = r -> never;
    h.send(head(POST, NBSP, 2L, "application/json"), last("{}"));
    assertThat(h.requests).hasSize(1);

    pass(TIMEOUT);

    StreamHarness.Answer a = h.answer().assertProblem("NF_CONGESTION").assertNbspAnswer();
    assertThat(a.status()).isEqualTo(503);
    assertThat(a.headers()).containsEntry("retry-after", "1");
    assertThat(timeouts("answer")).isEqualTo(1);
    assertThat(timeouts("request")).isZero();
    assertThat(h.channel.isOpen()).isTrue();
    assertThat(h.metrics.inFlight.get()).isEqualTo(1);

    never.complete(SbiResponse.json(200, utf8("{}")));
    h.channel.runPendingTasks();

    h.assertNoAnswer();
    assertThat(h.metrics.inFlight.get()).isZero();
    assertThat(h.requestsCounted("nbsp-gba", 503)).isEqualTo(1);
  }

  @Test
  void should_not_answer_after_the_stream_closed_when_the_service_completes_then() {
    CompletableFuture<SbiResponse> later = new CompletableFuture<>();
    h.service = r -> later;
    h.send(full(POST, NBSP, "application/json", "{}"));

    h.channel.close();
    later.complete(SbiResponse.json(200, utf8("{}")));
    h.channel.runPendingTasks();
    pass(TIMEOUT);

    h.assertNoAnswer();
    assertThat(h.metrics.inFlight.get()).isZero();
    assertThat(timeouts("answer") + timeouts("request")).isZero();
  }
}
