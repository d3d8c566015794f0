package org.gbabsf.diameter.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.gbabsf.diameter.DiameterNodeConfig.TransportLimits;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.netty.NettyTransport;

/**
 * The threads and rules shared by every connection of one node, in and out.
 *
 * <ul>
 *   <li>One I/O thread reads and writes every connection: framing is checked there ({@link
 *       FrameDecoder}), so no connection costs a thread of its own.
 *   <li>Messages that framed go to the stack on the I/O thread, which only parses them and queues
 *       them for the peer's FSM thread. jdiameter's queue holds 10,000 events a peer and waits for
 *       room when full, so a connection may leave at most {@code maxPendingRequests} requests
 *       unanswered ({@link PendingRequests}): the queue cannot fill with one peer's requests and
 *       hold the I/O thread. The step that may wait, readying the stack for a peer that connects
 *       in, runs on a delivery thread, once per connection.
 * </ul>
 */
public final class DiameterTransport implements AutoCloseable {

  private final EventLoopGroup io;
  private final EventExecutorGroup delivery;
  private final TransportLimits limits;
  private final RequestScreen screen;
  private final TransportEvents events;
  private final CerGate gate;
  private final boolean tcpNoDelay;
  private final String originHost;
  private final String originRealm;
  private final DiameterTls tls;
  private final Handshakes handshakes = new Handshakes();
  private volatile boolean stopping;
  private final java.util.function.Function<
          String, java.util.Optional<org.gbabsf.diameter.DiameterNodeConfig.PeerConfig>>
      connectsTo;
  private volatile java.util.function.Consumer<org.jdiameter.client.api.io.IConnection>
      inboundClosed = c -> {};

  /**
   * Starts the threads of the node {@code originHost}/{@code originRealm}, which answers what the
   * transport refuses itself, with {@code tls}; {@code connectsTo} names the configured peer, by
   * Origin-Host, that the node connects to itself (empty for any other host).
   */
  public DiameterTransport(
      String originHost,
      String originRealm,
      TransportLimits limits,
      RequestScreen screen,
      TransportEvents events,
      CerGate gate,
      boolean tcpNoDelay,
      DiameterTls tls,
      java.util.function.Function<
              String, java.util.Optional<org.gbabsf.diameter.DiameterNodeConfig.PeerConfig>>
          connectsTo) {
    this.tls = tls;
    this.connectsTo = connectsTo;
    this.limits = limits;
    this.screen = screen;
    this.events = events;
    this.gate = gate;
    this.tcpNoDelay = tcpNoDelay;
    this.originHost = originHost;
    this.originRealm = originRealm;
    this.io = NettyTransport.loops(1, daemon("diameter-io-" + originHost + "-"));
    this.delivery =
        new DefaultEventExecutorGroup(2, daemon("diameter-deliver-" + originHost + "-"));
  }

  EventLoopGroup io() {
    return io;
  }

  EventExecutorGroup delivery() {
    return delivery;
  }

  /** The CER handshakes of incoming connections, one per Origin-Host at a time. */
  Handshakes handshakes() {
    return handshakes;
  }

  TransportLimits limits() {
    return limits;
  }

  RequestScreen screen() {
    return screen;
  }

  TransportEvents events() {
    return events;
  }

  CerGate gate() {
    return gate;
  }

  /** The configured peer {@code originHost}, if the node connects to it itself. */
  java.util.Optional<org.gbabsf.diameter.DiameterNodeConfig.PeerConfig> connectsTo(
      String originHost) {
    return connectsTo.apply(originHost);
  }

  boolean tcpNoDelay() {
    return tcpNoDelay;
  }

  /**
   * Told when an accepted connection closes, after the stack heard of it: jdiameter keeps accepted
   * connections in its peer table's map of incoming connections and forgets to remove those whose
   * CER it dropped (a NAF reconnecting while its old connection is still up), so the node removes
   * them itself. Runs on the I/O thread.
   */
  public void onInboundClosed(
      java.util.function.Consumer<org.jdiameter.client.api.io.IConnection> action) {
    this.inboundClosed = action;
  }

  void inboundClosed(org.jdiameter.client.api.io.IConnection connection) {
    inboundClosed.accept(connection);
  }

  String originHost() {
    return originHost;
  }

  DiameterTls tls() {
    return tls;
  }

  String originRealm() {
    return originRealm;
  }

  /**
   * Told when the node starts to stop: from then on the close of a connection is not told to the
   * stack. Every peer is then stopping or stopped, where jdiameter ignores a close; but a close
   * handed to a stopped peer whose FSM thread has left starts a new one, in DOWN, that never ends.
   */
  public void stopping() {
    stopping = true;
  }

  /** True once the node has started to stop ({@link #stopping()}). */
  boolean isStopping() {
    return stopping;
  }

  /** Stops the threads; connections still open are closed with them. */
  @Override
  public void close() {
    Future<?> a = io.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    Future<?> b = delivery.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    a.awaitUninterruptibly(2, TimeUnit.SECONDS);
    b.awaitUninterruptibly(2, TimeUnit.SECONDS);
  }

  private static ThreadFactory daemon(String prefix) {
    return org.gbabsf.netty.Threads.numbered(prefix);
  }
}
