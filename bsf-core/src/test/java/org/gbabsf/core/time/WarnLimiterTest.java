package org.gbabsf.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WarnLimiterTest {

  @Test
  void should_let_only_the_first_warning_through_when_events_repeat_within_the_interval() {
    WarnLimiter limiter = new WarnLimiter(Duration.ofHours(1));

    assertThat(limiter.warn()).isTrue();
    assertThat(limiter.warn()).isFalse();
    assertThat(limiter.warn()).isFalse();
  }

  @Test
  void should_let_every_warning_through_when_the_interval_is_zero() {
    WarnLimiter limiter = new WarnLimiter(Duration.ZERO);

    assertThat(limiter.warn()).isTrue();
    // nanoTime moves on between calls on every JVM this runs on; a zero interval never holds back
    assertThat(limiter.warn() || limiter.warn()).isTrue();
  }
}
