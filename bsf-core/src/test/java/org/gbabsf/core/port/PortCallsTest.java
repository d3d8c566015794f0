package org.gbabsf.core.port;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class PortCallsTest {

  private static final Duration BUDGET = Duration.ofSeconds(5);

  @Test
  void should_pass_the_value_on_when_the_port_answers_in_time() throws Exception {
    assertThat(PortCalls.within(BUDGET, () -> CompletableFuture.completedFuture("v")).get())
        .isEqualTo("v");
  }

  @Test
  void should_fail_the_call_when_the_port_returns_no_stage() {
    assertThatThrownBy(() -> PortCalls.<String>within(BUDGET, () -> null).get())
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void should_fail_the_call_when_the_port_throws_instead_of_failing_its_stage() {
    assertThatThrownBy(
            () ->
                PortCalls.<String>within(
                        BUDGET,
                        () -> {
                          throw new IllegalArgumentException("bug");
                        })
                    .get())
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_time_out_and_leave_the_ports_future_alone_when_it_never_answers() {
    CompletableFuture<String> never = new CompletableFuture<>();

    assertThatThrownBy(
            () -> PortCalls.within(Duration.ofMillis(1), () -> never).get(5, TimeUnit.SECONDS))
        .hasCauseInstanceOf(TimeoutException.class);
    assertThat(never).isNotDone();
  }

  @Test
  void should_find_the_cause_under_wrappers_when_unwrapping() {
    StoreException root = new StoreException("session store full");

    assertThat(PortCalls.cause(new CompletionException(new ExecutionException(root))))
        .isSameAs(root);
    assertThat(PortCalls.cause(root)).isSameAs(root);
  }
}
