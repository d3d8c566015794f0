package org.gbabsf.diameter.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands messages to the stack on the I/O thread: the stack only parses them and puts them in the
 * peer's event queue (its FSM threads do the work). The admission hook of an incoming connection
 * may block, so its first message (the CER) goes to the stack from a delivery thread, with reading
 * paused and anything that arrived behind it held, in order, until it is through.
 */
final class Deliverer extends ChannelInboundHandlerAdapter {

  // The connection's logger: these lines are the connection's, and operators filter on its name.
  private static final Logger log = LoggerFactory.getLogger(NettyConnection.class);
  private static final int MAX_HELD = 16;
  private static final long TURN_POLL_MILLIS = 2;
  private static final long RETELL_CLOSE_MILLIS = 100;
  private static final int RETELL_CLOSE_TIMES = 10;

  private final NettyConnection connection;
  private final DiameterTransport transport;
  // An accepted channel, as opposed to one this connection dialled (outgoing, or an accepted
  // connection the stack reconnected): only an accepted one's close ends a CER handshake.
  private final boolean accepted;
  private final ArrayDeque<byte[]> held = new ArrayDeque<>();
  private boolean pausedForFirst;
  // This channel's (jdiameter may connect() one outgoing connection object again): set on the
  // channel's I/O thread before its first read, and read by it; probeLiveness only starts it.
  private volatile LivenessProbe probe;

  Deliverer(NettyConnection connection, DiameterTransport transport, boolean accepted) {
    this.connection = connection;
    this.transport = transport;
    this.accepted = accepted;
  }

  /** This channel's liveness probe, once the handler is in its pipeline. */
  LivenessProbe probe() {
    return probe;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    probe = new LivenessProbe(ctx.channel());
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof byte[] bytes)) {
      return;
    }
    LivenessProbe p = probe;
    if (p != null && p.onMessage(bytes)) {
      return; // the DWA to our own probe: the stack did not send its DWR
    }
    BooleanSupplier first = connection.takeBeforeFirstMessage();
    if (first != null) {
      pausedForFirst = true;
      ctx.channel().config().setAutoRead(false);
      awaitCea(ctx);
      long giveUpAt = System.nanoTime() + transport.limits().cerTimeout().toNanos();
      transport.delivery().execute(() -> takeTurn(ctx, first, bytes, giveUpAt));
      return;
    }
    if (pausedForFirst) {
      if (held.size() == MAX_HELD) {
        ctx.close(); // a peer may not pipeline before its CEA: this one floods
        return;
      }
      held.add(bytes);
      return;
    }
    connection.received(bytes);
  }

  /**
   * Delivers {@code cer} once the stack is done with the host's earlier connections ({@link
   * Handshakes}), asking again every {@link #TURN_POLL_MILLIS} until {@code giveUpAt}; closes the
   * connection, the refusal counted, if the peer is in service on another one. Runs on a delivery
   * thread and never waits there: a wait is a task scheduled again.
   */
  private void takeTurn(
      ChannelHandlerContext ctx, BooleanSupplier first, byte[] cer, long giveUpAt) {
    boolean again = false;
    try {
      if (!ctx.channel().isActive()) {
        return; // closed while it waited: nothing to deliver
      }
      CerGate.PeerView view = transport.gate().peerView(connection.originHost());
      Handshakes.Turn turn =
          transport
              .handshakes()
              .turn(connection.originHost(), connection, view, System.nanoTime() - giveUpAt > 0);
      switch (turn) {
        case WAIT -> {
          again = true;
          transport
              .delivery()
              .schedule(
                  () -> takeTurn(ctx, first, cer, giveUpAt),
                  TURN_POLL_MILLIS,
                  TimeUnit.MILLISECONDS);
        }
        case ALREADY_CONNECTED -> {
          transport
              .gate()
              .refused(
                  CerGate.Refusal.ALREADY_CONNECTED,
                  connection.originHost(),
                  null,
                  connection.getRemoteAddress());
          ctx.channel().close();
          if (view.connection() instanceof NettyConnection inService
              && inService.mayBeProbedBy(connection, ctx.channel())) {
            inService.probeLiveness(connection.originHost()); // a peer whose host died may be back
          }
        }
        case DELIVER -> {
          if (first.getAsBoolean()) {
            connection.received(cer);
          } else {
            transport
                .gate()
                .refused(
                    CerGate.Refusal.ELECTION_WON,
                    connection.originHost(),
                    null,
                    connection.getRemoteAddress());
            ctx.channel().close();
          }
        }
      }
    } finally {
      if (!again) {
        ctx.executor().execute(() -> resume(ctx));
      }
    }
  }

  /**
   * Closes the connection if the stack has sent no CEA on it within twice the CER timeout (the wait
   * for its turn, then the answer), unless the stack holds it in service all the same.
   */
  private void awaitCea(ChannelHandlerContext ctx) {
    ctx.executor()
        .schedule(
            () -> {
              if (connection.ceaResult() >= 0 || !ctx.channel().isActive()) {
                return;
              }
              if (transport.gate().peerView(connection.originHost()).inServiceOn(connection)) {
                return;
              }
              transport
                  .gate()
                  .refused(
                      CerGate.Refusal.NO_CEA,
                      connection.originHost(),
                      null,
                      connection.getRemoteAddress());
              ctx.channel().close();
            },
            2 * transport.limits().cerTimeout().toMillis(),
            TimeUnit.MILLISECONDS);
  }

  private void resume(ChannelHandlerContext ctx) {
    pausedForFirst = false;
    if (!ctx.channel().isActive()) {
      held.clear();
      return;
    }
    while (!held.isEmpty()) {
      connection.received(held.poll());
    }
    ctx.channel().config().setAutoRead(true);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    Channel current = connection.channel();
    if (connection.takeCloseUntold(ctx.channel())) {
      // see NettyConnection.giveUpForPeer()
    } else if (current == null || current == ctx.channel() || !current.isActive()) {
      connection.channelClosed();
    } // else a channel this connection has left: the stack's peer is on the live one
    if (accepted) {
      transport.inboundClosed(connection);
      ctx.executor()
          .schedule(() -> retellClose(ctx, 1), RETELL_CLOSE_MILLIS, TimeUnit.MILLISECONDS);
      // By then the stack has had its CER timeout to finish with this connection.
      ctx.executor()
          .schedule(
              () -> transport.handshakes().forget(connection.originHost(), connection),
              transport.limits().cerTimeout().toMillis(),
              TimeUnit.MILLISECONDS);
    }
  }

  /**
   * jdiameter's peer FSM took events on several threads at once (the node now sets one, see
   * docs/diameter.md; this stays as the net under it), so the close of a connection whose CER was
   * still being answered could be handled first, in state DOWN, where it means nothing: the peer
   * then goes OKAY on this closed connection and stays there until the watchdog, answering every
   * later CER of the host on it. If the stack still holds this closed connection in service, it is
   * told of the close again (then, in OKAY, the close takes the peer down), every {@link
   * #RETELL_CLOSE_MILLIS} up to {@link #RETELL_CLOSE_TIMES} times.
   */
  private void retellClose(ChannelHandlerContext ctx, int time) {
    if (connection.channel() != ctx.channel()) {
      return; // the stack reconnected this connection (connect()): the new channel is in use
    }
    if (!transport.gate().peerView(connection.originHost()).inServiceOn(connection)) {
      return;
    }
    // A close told late cannot reach a later connection of the peer: jdiameter swaps a peer's
    // connection only in DOWN or INITIAL, a restarted FSM starts with an empty queue, and the
    // next CER waits for the old FSM threads to leave (PeerGate.admitted). An FSM merely slow to
    // take the first close gets a second one, which means nothing in DOWN.
    if (time == 1) {
      log.info(
          "Diameter: the stack still held peer {} up on its closed connection from {} {} ms"
              + " after the close; told it again",
          org.gbabsf.diameter.PeerWarnings.printable(connection.originHost()),
          connection.getRemoteAddress().getHostAddress(),
          RETELL_CLOSE_MILLIS);
    } else {
      log.debug(
          "Diameter: peer {} still up on a closed connection; told it again ({})",
          org.gbabsf.diameter.PeerWarnings.printable(connection.originHost()),
          time);
    }
    connection.channelClosed();
    if (time < RETELL_CLOSE_TIMES) {
      ctx.executor()
          .schedule(() -> retellClose(ctx, time + 1), RETELL_CLOSE_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug("Diameter: connection {}: {}", connection.getKey(), cause.toString());
    ctx.close();
  }
}
