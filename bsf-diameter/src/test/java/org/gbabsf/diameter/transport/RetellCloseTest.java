package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.gbabsf.diameter.PeerStatus;
import org.gbabsf.diameter.transport.CerGate.PeerView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The repair of a peer that jdiameter left up on a closed connection: the close is told to the
 * stack again while the stack still holds that connection in service, on an embedded channel with a
 * fake stack view.
 */
class RetellCloseTest {

  private static final String NAF = "naf.example";

  private final AtomicReference<PeerView> view = new AtomicReference<>(PeerView.NONE);
  private final StackListener stack = new StackListener();
  private final DiameterTransport transport =
      EmbeddedTransport.create(new RecordingEvents(), view::get);
  private final AcceptedChannel channel = new AcceptedChannel();
  private final NettyConnection connection =
      new NettyConnection(transport, null, channel, NAF, () -> true);

  @AfterEach
  void stop() {
    transport.close();
  }

  /** Joins the connection to its channel with a stack listener that counts the closes it hears. */
  private void joined() {
    channel.pipeline().addLast(connection.deliverer());
    connection.addConnectionListener(stack);
  }

  /**
   * The connection's close as its handler sees it. Not {@code channel.close()}: an embedded channel
   * cancels every task scheduled on its loop when it closes, the retelling included.
   */
  private void closed() {
    channel.pipeline().fireChannelInactive();
  }

  private void after(long millis) {
    channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
  }

  @Test
  void should_tell_the_close_again_when_the_stack_still_holds_the_closed_connection_in_service() {
    joined();
    view.set(new PeerView(PeerStatus.OKAY, connection, false));

    closed();
    after(100);

    assertThat(stack.closesTold).hasValue(2);
  }

  @Test
  void should_stop_telling_once_the_stack_let_the_connection_go() {
    joined();
    view.set(new PeerView(PeerStatus.OKAY, connection, false));
    closed();
    after(100);
    view.set(new PeerView(PeerStatus.DOWN, connection, false)); // the second close took it down

    after(1_000);

    assertThat(stack.closesTold).hasValue(2);
  }

  @Test
  void should_tell_the_close_once_when_the_stack_took_it_at_once() {
    joined();
    view.set(new PeerView(PeerStatus.DOWN, null, false));

    closed();
    after(1_000);

    assertThat(stack.closesTold).hasValue(1);
  }

  @Test
  void should_tell_the_close_once_when_the_stack_serves_the_peer_on_another_connection() {
    joined();
    view.set(new PeerView(PeerStatus.OKAY, new Object(), true));

    closed();
    after(1_000);

    assertThat(stack.closesTold).hasValue(1);
  }

  @Test
  void should_give_up_after_ten_retellings_when_the_stack_never_lets_go() {
    joined();
    view.set(new PeerView(PeerStatus.SUSPECT, connection, false));

    closed();
    for (int i = 0; i < 20; i++) {
      after(100);
    }

    assertThat(stack.closesTold).hasValue(11);
  }
}
