package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.diameter.PeerStatus;
import org.gbabsf.diameter.transport.CerGate.PeerView;
import org.junit.jupiter.api.Test;

/** One CER handshake per host in the stack at a time: the turn rules, with a fake stack view. */
class HandshakesTest {

  private static final Duration LIMIT = Duration.ofSeconds(5);

  private final AtomicLong now = new AtomicLong();
  private final Handshakes handshakes = new Handshakes(now::get);

  /** A connection as the transport sees it. */
  private static final class FakeAttempt implements Handshakes.Attempt {
    volatile boolean closed;
    volatile long cea = -1;

    @Override
    public boolean closed() {
      return closed;
    }

    @Override
    public long ceaResult() {
      return cea;
    }
  }

  @Test
  void should_deliver_at_once_when_the_host_has_no_earlier_connection() {
    Handshakes.Turn turn =
        handshakes.awaitTurn("naf.example", new FakeAttempt(), () -> PeerView.NONE, LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
  }

  @Test
  void should_refuse_when_an_earlier_connection_of_the_host_is_in_service() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("naf.example", first, () -> PeerView.NONE, LIMIT);
    first.cea = 2001;

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "NAF.example", new FakeAttempt(), () -> new PeerView(PeerStatus.OKAY, first), LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.ALREADY_CONNECTED);
  }

  @Test
  void should_deliver_and_forget_the_earlier_connection_when_it_closed_and_the_peer_is_down() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("naf.example", first, () -> PeerView.NONE, LIMIT);
    first.cea = 2001;
    first.closed = true;

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "naf.example", new FakeAttempt(), () -> new PeerView(PeerStatus.DOWN, first), LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
    assertThat(handshakes.hosts()).isEqualTo(1); // the new one only
  }

  @Test
  void should_wait_while_the_stack_still_handles_a_closed_connection_as_up() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("naf.example", first, () -> PeerView.NONE, LIMIT);
    first.cea = 2001;
    first.closed = true; // closed, but the stack has not yet taken the peer down
    AtomicInteger looks = new AtomicInteger();

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "naf.example",
            new FakeAttempt(),
            () ->
                looks.incrementAndGet() < 3
                    ? new PeerView(PeerStatus.OKAY, first)
                    : new PeerView(PeerStatus.DOWN, first),
            LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
    assertThat(looks).hasValue(3);
  }

  @Test
  void should_wait_for_the_cea_of_an_earlier_cer_when_the_stack_has_not_answered_it() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("naf.example", first, () -> PeerView.NONE, LIMIT);
    AtomicInteger looks = new AtomicInteger();

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "naf.example",
            new FakeAttempt(),
            () -> {
              if (looks.incrementAndGet() < 3) {
                return new PeerView(PeerStatus.DOWN, first); // its CER still in the stack's queue
              }
              first.cea = 2001;
              return new PeerView(PeerStatus.OKAY, first);
            },
            LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.ALREADY_CONNECTED);
    assertThat(looks).hasValue(3);
  }

  @Test
  void should_deliver_after_the_limit_when_the_stack_never_settles_the_earlier_connection() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("naf.example", first, () -> PeerView.NONE, LIMIT);
    first.closed = true;

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "naf.example",
            new FakeAttempt(),
            () -> {
              now.addAndGet(Duration.ofSeconds(1).toNanos());
              return new PeerView(PeerStatus.OKAY, first); // stuck up on a closed connection
            },
            LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
    assertThat(now.get()).isGreaterThan(LIMIT.toNanos());
  }

  @Test
  void should_deliver_when_the_stack_reconnects_the_peer_itself_after_the_earlier_one_closed() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("hss.example", first, () -> PeerView.NONE, LIMIT);
    first.cea = 2001;
    first.closed = true;
    Object ownConnection = new Object();

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "hss.example",
            new FakeAttempt(),
            () -> new PeerView(PeerStatus.REOPEN, ownConnection),
            LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
    assertThat(now.get()).isZero();
  }

  @Test
  void should_deliver_when_an_earlier_connection_lost_the_election_to_the_stacks_own() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("hss.example", first, () -> PeerView.NONE, LIMIT);
    first.cea = 2001; // answered, then the stack went on with its own connection
    Object ownConnection = new Object();

    Handshakes.Turn turn =
        handshakes.awaitTurn(
            "hss.example",
            new FakeAttempt(),
            () -> new PeerView(PeerStatus.OKAY, ownConnection),
            LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
  }

  @Test
  void should_not_hold_one_host_for_another() {
    FakeAttempt first = new FakeAttempt();
    handshakes.awaitTurn("naf-a.example", first, () -> PeerView.NONE, LIMIT);

    Handshakes.Turn turn =
        handshakes.awaitTurn("naf-b.example", new FakeAttempt(), () -> PeerView.NONE, LIMIT);

    assertThat(turn).isEqualTo(Handshakes.Turn.DELIVER);
  }
}
