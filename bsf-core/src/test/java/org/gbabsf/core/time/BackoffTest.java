package org.gbabsf.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

  @Test
  void should_double_up_to_the_maximum_when_failures_repeat() {
    Backoff b = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(3));

    assertThat(b.next()).isEqualTo(Duration.ofMillis(500));
    assertThat(b.next()).isEqualTo(Duration.ofSeconds(1));
    assertThat(b.next()).isEqualTo(Duration.ofSeconds(2));
    assertThat(b.next()).isEqualTo(Duration.ofSeconds(3));
    assertThat(b.next()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void should_start_again_from_the_first_delay_when_reset_after_a_success() {
    Backoff b = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30));
    b.next();
    b.next();

    b.reset();

    assertThat(b.next()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void should_refuse_bounds_when_the_first_delay_is_not_positive_or_above_the_maximum() {
    assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_cap_a_doubled_delay_when_it_would_pass_the_maximum() {
    assertThat(Backoff.doubled(Duration.ofSeconds(6), Duration.ofSeconds(10)))
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(Backoff.doubled(Duration.ofSeconds(4), Duration.ofSeconds(10)))
        .isEqualTo(Duration.ofSeconds(8));
  }
}
