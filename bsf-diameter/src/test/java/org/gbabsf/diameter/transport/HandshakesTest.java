package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.gbabsf.diameter.PeerStatus;
import org.gbabsf.diameter.transport.CerGate.PeerView;
import org.gbabsf.diameter.transport.Handshakes.Turn;
import org.junit.jupiter.api.Test;

/** One CER handshake per host in the stack at a time: the turn rules, with a fake stack view. */
class HandshakesTest {

  private static final String NAF = "naf.example";

  private final Handshakes handshakes = new Handshakes();
  private final FakeAttempt first = new FakeAttempt();
  private final Object ownConnection = new Object();

  /** A connection as the transport sees it. */
  private static final class FakeAttempt implements Handshakes.Attempt {
    boolean closed;
    long cea = -1;

    @Override
    public boolean closed() {
      return closed;
    }

    @Override
    public long ceaResult() {
      return cea;
    }
  }

  private Turn next(PeerView view) {
    return handshakes.turn(NAF, new FakeAttempt(), view, false);
  }

  private void firstDelivered() {
    assertThat(handshakes.turn(NAF, first, PeerView.NONE, false)).isEqualTo(Turn.DELIVER);
  }

  @Test
  void should_deliver_at_once_when_the_host_has_no_earlier_connection() {
    assertThat(next(PeerView.NONE)).isEqualTo(Turn.DELIVER);
  }

  @Test
  void should_refuse_when_an_earlier_connection_of_the_host_is_in_service() {
    firstDelivered();
    first.cea = 2001;

    assertThat(next(new PeerView(PeerStatus.OKAY, first, true))).isEqualTo(Turn.ALREADY_CONNECTED);
  }

  @Test
  void should_refuse_when_the_peer_is_in_service_on_the_stacks_own_connection() {
    assertThat(next(new PeerView(PeerStatus.SUSPECT, ownConnection, true)))
        .isEqualTo(Turn.ALREADY_CONNECTED);
  }

  @Test
  void should_wait_while_the_stack_has_not_answered_an_earlier_cer() {
    firstDelivered();

    assertThat(next(new PeerView(PeerStatus.DOWN, first, true))).isEqualTo(Turn.WAIT);
  }

  @Test
  void should_wait_when_the_stack_has_written_its_cea_2001_but_not_yet_put_the_peer_in_service() {
    firstDelivered();
    first.cea = 2001; // written; the stack moves the peer to OKAY right after

    assertThat(next(new PeerView(PeerStatus.DOWN, first, true))).isEqualTo(Turn.WAIT);
    assertThat(next(new PeerView(PeerStatus.OKAY, first, true))).isEqualTo(Turn.ALREADY_CONNECTED);
  }

  @Test
  void should_deliver_when_the_stack_refused_an_earlier_open_connection_and_the_peer_is_down() {
    firstDelivered();
    first.cea = 5010; // refused; the stack closes it next

    assertThat(next(new PeerView(PeerStatus.DOWN, first, true))).isEqualTo(Turn.DELIVER);
  }

  @Test
  void should_wait_while_an_earlier_cer_of_a_closed_connection_may_still_be_queued() {
    firstDelivered();
    first.closed = true; // closed before the stack tried to answer it

    assertThat(next(new PeerView(PeerStatus.DOWN, first, false))).isEqualTo(Turn.WAIT);
  }

  @Test
  void should_wait_while_the_stack_still_holds_a_closed_connection_in_service() {
    firstDelivered();
    first.cea = 2001;
    first.closed = true;

    assertThat(next(new PeerView(PeerStatus.OKAY, first, false))).isEqualTo(Turn.WAIT);
  }

  @Test
  void should_deliver_and_forget_the_earlier_connection_when_it_was_answered_closed_and_is_down() {
    firstDelivered();
    first.cea = 5012; // the stack tried to answer on a connection already closed
    first.closed = true;

    assertThat(next(new PeerView(PeerStatus.DOWN, first, false))).isEqualTo(Turn.DELIVER);
    assertThat(handshakes.hosts()).isEqualTo(1);
  }

  @Test
  void should_deliver_when_the_stack_reconnects_the_peer_itself_after_the_earlier_one_closed() {
    firstDelivered();
    first.closed = true;

    assertThat(next(new PeerView(PeerStatus.REOPEN, ownConnection, false))).isEqualTo(Turn.DELIVER);
  }

  @Test
  void should_deliver_when_an_earlier_answered_connection_is_no_longer_the_stacks() {
    firstDelivered();
    first.cea = 2001; // answered, then the stack went on with its own connection (an election)

    assertThat(next(new PeerView(PeerStatus.INITIAL, ownConnection, true))).isEqualTo(Turn.DELIVER);
  }

  @Test
  void should_deliver_and_drop_the_stale_connection_when_it_waited_enough() {
    firstDelivered();
    first.closed = true; // the stack never settles it

    Turn turn =
        handshakes.turn(NAF, new FakeAttempt(), new PeerView(PeerStatus.DOWN, first, false), true);

    assertThat(turn).isEqualTo(Turn.DELIVER);
    assertThat(handshakes.hosts()).isEqualTo(1);
  }

  @Test
  void should_refuse_after_waiting_when_the_peer_is_in_service_on_an_open_connection() {
    firstDelivered(); // never answered

    Turn turn =
        handshakes.turn(
            NAF, new FakeAttempt(), new PeerView(PeerStatus.OKAY, ownConnection, true), true);

    assertThat(turn).isEqualTo(Turn.ALREADY_CONNECTED);
  }

  @Test
  void should_not_hold_one_host_for_another_when_names_differ_even_in_case() {
    firstDelivered();

    assertThat(handshakes.turn("NAF.example", new FakeAttempt(), PeerView.NONE, false))
        .isEqualTo(Turn.DELIVER);
    assertThat(handshakes.turn("naf-b.example", new FakeAttempt(), PeerView.NONE, false))
        .isEqualTo(Turn.DELIVER);
  }

  @Test
  void should_hold_nothing_when_the_last_closed_connection_of_a_host_is_forgotten() {
    firstDelivered();
    first.closed = true;

    handshakes.forget(NAF, first);

    assertThat(handshakes.hosts()).isZero();
  }
}
