package org.gbabsf.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Ub admission, driven by a fake clock and a fake event-loop lag. */
class AdaptiveLimitTest {

  private static final long MS = 1_000_000L;

  private final AtomicLong now = new AtomicLong();
  private final AtomicLong lag = new AtomicLong();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AdaptiveLimit limit =
      new AdaptiveLimit(1000, 50 * MS, lag::get, inFlight, now::get);

  /** Offers {@code n} first requests, each answered at once; returns how many were admitted. */
  private int offer(int n) {
    int admitted = 0;
    for (int i = 0; i < n; i++) {
      if (limit.tryAcquire()) {
        admitted++;
        limit.release();
      }
    }
    return admitted;
  }

  private void nextWindow() {
    now.addAndGet(AdaptiveLimit.WINDOW);
  }

  /** 500 first requests admitted in a window, with the lag high at the end of it and before. */
  private void overloaded() {
    lag.set(200 * MS);
    offer(10);
    nextWindow();
    offer(500); // the first late window changes nothing
    nextWindow();
  }

  @Test
  void should_change_nothing_when_a_single_window_is_late() {
    offer(500);
    lag.set(200 * MS);
    nextWindow();
    offer(1); // turns the window while the lag is high
    lag.set(MS);

    int admitted = offer(900);

    assertThat(admitted).isEqualTo(900);
    assertThat(limit.allowedPerSecond()).isEqualTo(-1);
  }

  @Test
  void should_admit_every_first_request_up_to_the_hard_cap_when_the_event_loops_keep_up() {
    int admitted = 0;
    while (limit.tryAcquire()) {
      admitted++;
    }

    assertThat(admitted).isEqualTo(1000);
    assertThat(limit.allowedPerSecond()).isEqualTo(-1);
  }

  @Test
  void should_allow_four_fifths_of_the_last_window_when_the_lag_exceeds_its_bound() {
    overloaded();

    int admitted = offer(500);

    assertThat(admitted).isEqualTo(400);
    assertThat(limit.allowedPerSecond()).isEqualTo(4000);
  }

  @Test
  void should_shed_even_when_every_request_is_answered_at_once() {
    overloaded();

    offer(1000);

    assertThat(inFlight).hasValue(0);
    assertThat(offer(1)).isZero();
  }

  @Test
  void should_keep_cutting_but_not_under_the_minimum_while_the_lag_stays_high() {
    offer(500);
    lag.set(200 * MS);
    for (int i = 0; i < 50; i++) {
      nextWindow();
      offer(500);
    }

    assertThat(limit.allowedPerSecond()).isEqualTo(AdaptiveLimit.MIN_PER_WINDOW * 10);
  }

  @Test
  void should_raise_the_allowance_when_the_lag_is_back_and_requests_were_refused() {
    overloaded();
    offer(500); // 400 admitted, 100 refused
    lag.set(MS);
    nextWindow();

    int admitted = offer(500);

    assertThat(admitted).isEqualTo(481);
  }

  @Test
  void should_lift_the_limit_when_the_lag_is_fine_and_nothing_was_refused() {
    overloaded();
    offer(100); // under the allowance of 400
    lag.set(MS);
    nextWindow();

    int admitted = offer(900);

    assertThat(admitted).isEqualTo(900);
    assertThat(limit.allowedPerSecond()).isEqualTo(-1);
  }

  @Test
  void should_admit_answers_up_to_the_hard_cap_when_first_requests_are_refused() {
    overloaded();
    offer(500); // allowance used up

    int answers = 0;
    while (limit.tryAcquireAnswer()) {
      answers++;
    }

    assertThat(offer(1)).isZero();
    assertThat(answers).isEqualTo(1000);
  }

  @Test
  void should_never_limit_first_requests_when_the_lag_bound_is_zero() {
    AdaptiveLimit fixed = new AdaptiveLimit(10, 0, () -> Long.MAX_VALUE, inFlight, now::get);
    int admitted = 0;
    for (int i = 0; i < 5; i++) {
      now.addAndGet(AdaptiveLimit.WINDOW);
      if (fixed.tryAcquire()) {
        admitted++;
        fixed.release();
      }
    }

    assertThat(admitted).isEqualTo(5);
  }
}
