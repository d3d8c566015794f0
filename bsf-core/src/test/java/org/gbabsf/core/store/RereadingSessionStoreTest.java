package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.testing.Fixtures;
import org.gbabsf.core.testing.ManualDelays;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class RereadingSessionStoreTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));

  /** The port contract holds when every wait is a re-read made at once. */
  @Nested
  class Contract extends SessionStoreContract {
    @Override
    protected SessionStore newStore() {
      return new RereadingSessionStore(
          new InMemorySessionStore(100, clock),
          Duration.ofMillis(300),
          ManualDelays.inline(),
          nanos -> {});
    }

    @Override
    protected void elapse(Duration d) {
      clock.advance(d);
    }

    @Override
    protected Instant now() {
      return clock.instant();
    }
  }

  private final ManualDelays delays = new ManualDelays();
  private final InMemorySessionStore replica = new InMemorySessionStore(100, clock);
  private final List<Long> delaysSeen = new ArrayList<>();
  private final RereadingSessionStore store =
      new RereadingSessionStore(replica, Duration.ofMillis(300), delays, delaysSeen::add);

  @Test
  void should_find_a_session_that_replicates_while_the_lookup_waits() {
    SecurityAssociation s = Fixtures.session("a@home1.net", clock.instant(), Duration.ofHours(1));

    CompletableFuture<Optional<SecurityAssociation>> found =
        store.find(s.btid()).toCompletableFuture();
    delays.advance(Duration.ofMillis(20));
    assertThat(found).isNotDone();
    replica.put(s); // the replication lands
    delays.advance(Duration.ofMillis(40));

    assertThat(found).isCompletedWithValue(Optional.of(s));
    assertThat(store.found()).isEqualTo(1);
    assertThat(delaysSeen).hasSize(1);
    assertThat(delays.scheduled()).isZero();
  }

  @Test
  void should_answer_unknown_after_the_miss_wait_when_no_session_arrives() {
    SecurityAssociation s = Fixtures.session("a@home1.net", clock.instant(), Duration.ofHours(1));

    CompletableFuture<Optional<SecurityAssociation>> found =
        store.find(s.btid()).toCompletableFuture();
    delays.advance(Duration.ofMillis(299));
    assertThat(found).isNotDone();
    delays.advance(Duration.ofMillis(1));

    assertThat(found).isCompletedWithValue(Optional.empty());
    assertThat(store.missed()).isEqualTo(1);
    assertThat(delays.scheduled()).isZero();
  }

  @Test
  void should_not_wait_when_the_session_is_there_or_the_wait_is_zero() {
    SecurityAssociation s = Fixtures.session("a@home1.net", clock.instant(), Duration.ofHours(1));
    replica.put(s);
    RereadingSessionStore noWait =
        new RereadingSessionStore(replica, Duration.ZERO, delays, delaysSeen::add);

    assertThat(store.find(s.btid()).toCompletableFuture()).isCompletedWithValue(Optional.of(s));
    SecurityAssociation other =
        Fixtures.session("b@home1.net", clock.instant(), Duration.ofHours(1));
    assertThat(noWait.find(other.btid()).toCompletableFuture())
        .isCompletedWithValue(Optional.empty());
    assertThat(delays.scheduled()).isZero();
  }

  @Test
  void should_answer_unknown_at_once_when_the_delays_refuse_the_wait() {
    delays.refuse = true;
    SecurityAssociation s = Fixtures.session("a@home1.net", clock.instant(), Duration.ofHours(1));

    assertThat(store.find(s.btid()).toCompletableFuture()).isCompletedWithValue(Optional.empty());
    assertThat(store.missed()).isEqualTo(1);
  }

  @Test
  void should_wait_at_the_fixed_points_then_at_the_miss_wait() {
    assertThat(RereadingSessionStore.waits(Duration.ofMillis(300)))
        .containsExactly(
            Duration.ofMillis(20),
            Duration.ofMillis(40),
            Duration.ofMillis(90),
            Duration.ofMillis(150));
    assertThat(RereadingSessionStore.waits(Duration.ofMillis(100)))
        .containsExactly(Duration.ofMillis(20), Duration.ofMillis(40), Duration.ofMillis(40));
    assertThat(RereadingSessionStore.waits(Duration.ofMillis(150)))
        .containsExactly(Duration.ofMillis(20), Duration.ofMillis(40), Duration.ofMillis(90));
    assertThat(RereadingSessionStore.waits(Duration.ZERO)).isEmpty();
  }
}
