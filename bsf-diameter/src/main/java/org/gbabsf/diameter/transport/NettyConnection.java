package org.gbabsf.diameter.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.ssl.SslHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.PeerWarnings;
import org.gbabsf.diameter.base.BaseCommands;
import org.gbabsf.diameter.transport.TransportEvents.Undelivered;
import org.gbabsf.netty.NettyTransport;
import org.jdiameter.api.AvpDataException;
import org.jdiameter.api.Configuration;
import org.jdiameter.api.OverloadException;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.api.io.IConnection;
import org.jdiameter.client.api.io.IConnectionListener;
import org.jdiameter.client.api.io.TransportError;
import org.jdiameter.client.api.io.TransportException;
import org.jdiameter.client.api.parser.IMessageParser;
import org.jdiameter.client.api.parser.ParseException;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Diameter connection on Netty, plugged into jdiameter as its connection class (outgoing, through
 * the {@code InternalConnectionClass} extension point) and created by {@link NettyNetworkGuard} for
 * incoming connections once their CER is admitted. Bytes are framed and checked on the node's I/O
 * thread ({@link Pipelines}); only whole, well-framed messages reach the stack. A peer that does
 * not read its answers cannot make us buffer without bound: past the write-buffer high-water mark,
 * sends fail with an overload.
 */
public final class NettyConnection implements IConnection, Handshakes.Attempt {

  private static final Logger log = LoggerFactory.getLogger(NettyConnection.class);

  /** Write buffer held for a peer that does not read, at most. */
  static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(256 * 1024, 1024 * 1024);

  private static final int CONNECT_TIMEOUT_MS = 5_000;
  private static final int PENDING_EVENTS = 64;
  private static final int MAX_HELD = 16;
  private static final int CEA = BaseCommands.CAPABILITIES_EXCHANGE;
  private static final long TURN_POLL_MILLIS = 2;
  private static final long RETELL_CLOSE_MILLIS = 100;
  private static final int RETELL_CLOSE_TIMES = 10;

  private enum Kind {
    OPENED,
    CLOSED,
    MESSAGE
  }

  private record Event(Kind kind, byte[] message) {}

  private final long createdTime = System.currentTimeMillis();
  private final DiameterTransport transport;
  // Incoming: the peer's address, until the stack has it dial the peer's configured one instead.
  private volatile InetSocketAddress remote;
  private final InetSocketAddress local;
  private final String key;
  private final List<IConnectionListener> listeners = new CopyOnWriteArrayList<>();
  private final ArrayDeque<Event> pending = new ArrayDeque<>();
  private final Object lock = new Object();
  private volatile IMessageParser parser;
  private volatile Channel channel;
  private BooleanSupplier beforeFirstMessage; // touched by the I/O thread only, after construction
  private final boolean incoming;
  private final String tlsPeer; // outgoing to a peer that must use TLS, else null
  private final String originHost; // incoming: the admitted CER's Origin-Host, else null
  private volatile long ceaResult = -1;
  private volatile Channel closeUntold; // a channel whose close the stack is not to be told of

  /** Called by jdiameter's transport factory for an outgoing connection. */
  public NettyConnection(
      Configuration config,
      IConcurrentFactory concurrentFactory,
      InetAddress remoteAddress,
      int remotePort,
      InetAddress localAddress,
      int localPort,
      IMessageParser parser,
      String ref) {
    this.transport = transportOf(config);
    this.tlsPeer = OutgoingTls.peerOf(ref);
    this.incoming = false;
    this.originHost = null;
    this.parser = parser;
    this.remote = new InetSocketAddress(remoteAddress, remotePort);
    this.local = localAddress == null ? null : new InetSocketAddress(localAddress, localPort);
    this.key = key(remote);
  }

  /** Called by jdiameter's transport factory for an outgoing connection with a listener. */
  public NettyConnection(
      Configuration config,
      IConcurrentFactory concurrentFactory,
      InetAddress remoteAddress,
      int remotePort,
      InetAddress localAddress,
      int localPort,
      IConnectionListener listener,
      IMessageParser parser,
      String ref) {
    this(
        config, concurrentFactory, remoteAddress, remotePort, localAddress, localPort, parser, ref);
    listeners.add(listener);
  }

  /**
   * An incoming connection whose CER, from {@code originHost}, was admitted; {@link #deliverer()}
   * joins its pipeline, and runs {@code beforeFirstMessage} on a delivery thread before it delivers
   * the CER, once the host's earlier handshakes have settled in the stack ({@link Handshakes}).
   */
  NettyConnection(
      DiameterTransport transport,
      IMessageParser parser,
      Channel channel,
      String originHost,
      BooleanSupplier beforeFirstMessage) {
    this.beforeFirstMessage = beforeFirstMessage;
    this.originHost = originHost;
    this.incoming = true;
    this.tlsPeer = null; // an accepted connection's TLS is its listener's
    this.transport = transport;
    this.parser = parser;
    this.channel = channel;
    this.remote = (InetSocketAddress) channel.remoteAddress();
    this.local = (InetSocketAddress) channel.localAddress();
    this.key = key(remote);
  }

  private static DiameterTransport transportOf(Configuration config) {
    if (config instanceof NodeConfiguration node && node.transport() != null) {
      return node.transport();
    }
    throw new IllegalStateException("the stack was not configured by DiameterNode (no transport)");
  }

  /** {@code aaa://<address>:<port>}: numeric, so that no name lookup happens on an I/O thread. */
  private static String key(InetSocketAddress a) {
    return "aaa://" + a.getAddress().getHostAddress() + ":" + a.getPort();
  }

  /**
   * The security reference to give jdiameter for a peer that must use TLS: the connection it
   * creates for that peer then speaks TLS and checks the peer's certificate names {@code host}.
   */
  public static String tlsSecurityRef(String host) {
    return OutgoingTls.REF_PREFIX + host;
  }

  /**
   * Told before the stack is made to give up this connection, its own to a configured peer not yet
   * in service, for the peer's connection: the close that follows is not told to the stack. The
   * stack, which closes it itself, has moved the peer on by then, and jdiameter takes a close for
   * whatever connection the peer has: told after the peer's CER, it took the peer down from OKAY on
   * the peer's connection (ElectionIT, about one module run in ten). Such a connection carries no
   * request to re-send (its CER was never answered).
   */
  public void giveUpForPeer() {
    closeUntold = channel;
  }

  /** The handler that hands the messages of this connection's accepted channel to the stack. */
  ChannelInboundHandlerAdapter deliverer() {
    return new Deliverer(true);
  }

  /**
   * Sends a DWR on this connection, in service for {@code peerHost}, because that peer connected
   * again; closes it if nothing arrives within the CER timeout ({@link LivenessProbe}). Never
   * blocks.
   */
  void probeLiveness(String peerHost) {
    Channel c = channel;
    Deliverer d = c == null ? null : c.pipeline().get(Deliverer.class);
    if (d == null || d.probe == null) {
      return;
    }
    Duration timeout = transport.limits().cerTimeout();
    d.probe.start(
        transport.originHost(),
        transport.originRealm(),
        timeout,
        outcome -> transport.events().probed(peerHost, remote.getAddress(), timeout, outcome));
  }

  /**
   * Whether a refused new connection of this connection's peer may have this one probed: only if
   * the newcomer proved the peer's identity (over TLS, its certificate names the Origin-Host) or
   * comes from this connection's own address (a rebooted host). Otherwise anyone who can reach the
   * plain port could, by naming an admitted peer, get that peer's connection closed during a
   * silence of one CER timeout.
   */
  private boolean mayBeProbedBy(NettyConnection newcomer, Channel newcomerChannel) {
    return newcomerChannel.pipeline().get(SslHandler.class) != null
        || remote.getAddress().equals(newcomer.remote.getAddress());
  }

  /**
   * Opens the connection; the stack calls it again to reconnect. An accepted connection is
   * reconnected to the peer's configured address: jdiameter reconnects a peer on the connection
   * object it holds, and for a configured peer that had connected in (it won the election, or came
   * while we retried it) that object names the port the peer came from, an ephemeral one.
   */
  @Override
  public void connect() throws TransportException {
    InetSocketAddress target = remote;
    InetSocketAddress bindTo = local;
    String tlsPeer = this.tlsPeer;
    if (incoming) {
      PeerConfig configured =
          transport
              .connectsTo(originHost)
              .orElseThrow(
                  () ->
                      new TransportException(
                          "peer "
                              + PeerWarnings.printable(originHost)
                              + " connected to us and is not a peer we connect to",
                          TransportError.NetWorkError));
      target = new InetSocketAddress(configured.address(), configured.port());
      // From the address the peer reached us at, as jdiameter binds its own connections to ours:
      // a peer that filters by source address sees the same one.
      bindTo = new InetSocketAddress(local.getAddress(), 0);
      tlsPeer = transport.tls().requiredFor(configured.host()) ? configured.host() : null;
      if (target.isUnresolved()) {
        throw new TransportException(
            "cannot resolve " + configured.address() + " for peer " + configured.host(),
            TransportError.NetWorkError);
      }
      remote = target;
      transport.handshakes().forget(originHost, this); // no longer a CER handshake of the peer's
    }
    if (tlsPeer != null && !transport.tls().enabled()) {
      throw OutgoingTls.noTls(tlsPeer);
    }
    String tls = tlsPeer;
    int port = target.getPort();
    Bootstrap b =
        new Bootstrap()
            .group(transport.io())
            .channel(NettyTransport.of(transport.io()).socketChannel())
            .option(ChannelOption.TCP_NODELAY, transport.tcpNoDelay())
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MS)
            .option(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    Pipelines.outgoing(ch, transport);
                    if (tls == null) {
                      ch.pipeline().addLast("deliver", new Deliverer(false));
                    } else {
                      OutgoingTls.addHandlers(ch, transport, tls, port);
                    }
                  }
                });
    ChannelFuture f = bindTo == null ? b.connect(target) : b.connect(target, bindTo);
    if (!f.awaitUninterruptibly(CONNECT_TIMEOUT_MS + 1_000L, TimeUnit.MILLISECONDS)
        || !f.isSuccess()) {
      f.channel().close();
      Throwable cause = f.cause();
      throw new TransportException(
          "cannot connect to " + target + ": " + (cause == null ? "timeout" : cause.getMessage()),
          TransportError.NetWorkError,
          cause);
    }
    if (tls != null) {
      // Only a peer proven by its certificate reaches the stack: the deliverer joins after.
      OutgoingTls.verify(f.channel(), transport, tls, target);
      f.channel().pipeline().addLast("deliver", new Deliverer(false));
    }
    Channel previous = channel;
    channel = f.channel();
    if (previous != null && previous.isActive()) {
      previous.close(); // its close is not told to the stack: the connection is the new channel
    }
    onEvent(new Event(Kind.OPENED, null));
  }

  @Override
  public void disconnect() {
    Channel c = channel;
    if (c != null) {
      ChannelFuture closing = c.close();
      if (!c.eventLoop().inEventLoop()) {
        closing.awaitUninterruptibly(1, TimeUnit.SECONDS);
      }
    }
  }

  @Override
  public void release() throws IOException {
    try {
      disconnect();
    } finally {
      synchronized (lock) {
        pending.clear();
      }
      listeners.clear();
    }
  }

  @Override
  public void sendMessage(IMessage message) throws TransportException, OverloadException {
    if (ceaResult < 0 && message.getCommandCode() == CEA && !message.isRequest()) {
      ceaResult = resultCode(message); // the stack's answer to this connection's CER, sent or not
    }
    Channel c = channel;
    // An application's answer (a BIA, say) that cannot be written is the transport's to handle.
    // The base protocol's answers (CEA, DWA, DPA) and every request still fail to the stack, whose
    // peer FSM reacts to that failure (it takes the connection down).
    boolean answer = !message.isRequest() && !BaseCommands.peerExchange(message.getCommandCode());
    if (c == null || !c.isActive()) {
      if (answer) {
        transport.events().answerUndelivered(Undelivered.CLOSED, remote.getAddress());
        return;
      }
      throw new TransportException("not connected to " + remote, TransportError.FailedSendMessage);
    }
    if (!c.isWritable()) {
      if (answer) {
        // A peer that does not read is disconnected, as the stack did when an answer failed.
        transport.events().answerUndelivered(Undelivered.NOT_READING, remote.getAddress());
        c.close();
        return;
      }
      throw new OverloadException("peer " + remote + " is not reading: write buffer full");
    }
    ByteBuffer bytes;
    try {
      bytes = parser.encodeMessage(message);
    } catch (ParseException e) {
      throw new TransportException("cannot encode message", TransportError.FailedSendMessage, e);
    }
    c.writeAndFlush(Unpooled.wrappedBuffer(bytes))
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                log.debug("Diameter: send to {} failed: {}", remote, f.cause().toString());
                if (answer) {
                  transport.events().answerUndelivered(Undelivered.CLOSED, remote.getAddress());
                }
              }
            });
  }

  private static long resultCode(IMessage message) {
    org.jdiameter.api.Avp code = message.getAvps().getAvp(org.jdiameter.api.Avp.RESULT_CODE);
    try {
      return code == null ? 0 : code.getUnsigned32();
    } catch (AvpDataException unreadable) {
      return 0;
    }
  }

  /** True once this connection is closed (part of a CER handshake, {@link Handshakes}). */
  @Override
  public boolean closed() {
    return !isConnected();
  }

  /** The Result-Code of the first CEA the stack sent (or tried to) on this connection, or -1. */
  @Override
  public long ceaResult() {
    return ceaResult;
  }

  @Override
  public boolean isNetworkInitiated() {
    return false;
  }

  @Override
  public boolean isConnected() {
    Channel c = channel;
    return c != null && c.isActive();
  }

  @Override
  public InetAddress getRemoteAddress() {
    return remote.getAddress();
  }

  @Override
  public int getRemotePort() {
    return remote.getPort();
  }

  @Override
  public long getCreatedTime() {
    return createdTime;
  }

  @Override
  public String getKey() {
    return key;
  }

  /** Adds a listener and hands it the events that arrived while there was none. */
  @Override
  public void addConnectionListener(IConnectionListener listener) {
    synchronized (lock) {
      listeners.add(listener);
      while (!pending.isEmpty()) {
        dispatch(pending.poll());
      }
    }
  }

  @Override
  public void remAllConnectionListener() {
    synchronized (lock) {
      listeners.clear();
    }
  }

  @Override
  public void remConnectionListener(IConnectionListener listener) {
    synchronized (lock) {
      listeners.remove(listener);
    }
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return false;
  }

  @Override
  public <T> T unwrap(Class<T> type) {
    return null;
  }

  private void onEvent(Event e) {
    if (e.kind() == Kind.CLOSED && transport.isStopping()) {
      return; // see DiameterTransport.stopping()
    }
    synchronized (lock) {
      if (listeners.isEmpty()) {
        if (pending.size() == PENDING_EVENTS) {
          pending.pollLast();
        }
        pending.add(e);
        return;
      }
      dispatch(e);
    }
  }

  /** Hands one event to every listener; holds {@link #lock} like jdiameter's own connection. */
  private void dispatch(Event e) {
    switch (e.kind()) {
      case OPENED -> listeners.forEach(l -> l.connectionOpened(key));
      case CLOSED -> listeners.forEach(l -> l.connectionClosed(key, null));
      case MESSAGE -> deliver(e.message());
    }
  }

  private void deliver(byte[] bytes) {
    IMessageParser p = parser;
    if (p == null) {
      return;
    }
    IMessage message;
    try {
      message = p.createMessage(ByteBuffer.wrap(bytes));
    } catch (AvpDataException e) {
      // Framing was checked: the stack still refused the content. Close, like a framing error.
      transport.events().unreadable(remote.getAddress());
      TransportException cause =
          new TransportException("unreadable message", TransportError.ReceivedBrokenMessage, e);
      listeners.forEach(l -> l.internalError(key, null, cause));
      Channel c = channel;
      if (c != null) {
        c.close();
      }
      return;
    }
    listeners.forEach(l -> l.messageReceived(key, message));
  }

  /**
   * Hands messages to the stack on the I/O thread: the stack only parses them and puts them in the
   * peer's event queue (its FSM threads do the work). The admission hook of an incoming connection
   * may block, so its first message (the CER) goes to the stack from a delivery thread, with
   * reading paused and anything that arrived behind it held, in order, until it is through.
   */
  private final class Deliverer extends ChannelInboundHandlerAdapter {
    // An accepted channel, as opposed to one this connection dialled (outgoing, or an accepted
    // connection the stack reconnected): only an accepted one's close ends a CER handshake.
    private final boolean accepted;
    private final ArrayDeque<byte[]> held = new ArrayDeque<>();
    private boolean pausedForFirst;
    // This channel's (jdiameter may connect() one outgoing connection object again): set on the
    // channel's I/O thread before its first read, and read by it; probeLiveness only starts it.
    private volatile LivenessProbe probe;

    Deliverer(boolean accepted) {
      this.accepted = accepted;
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
      BooleanSupplier first = beforeFirstMessage;
      if (first != null) {
        beforeFirstMessage = null;
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
      onEvent(new Event(Kind.MESSAGE, bytes));
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
        CerGate.PeerView view = transport.gate().peerView(originHost);
        Handshakes.Turn turn =
            transport
                .handshakes()
                .turn(originHost, NettyConnection.this, view, System.nanoTime() - giveUpAt > 0);
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
                .refused(CerGate.Refusal.ALREADY_CONNECTED, originHost, null, remote.getAddress());
            ctx.channel().close();
            if (view.connection() instanceof NettyConnection inService
                && inService.mayBeProbedBy(NettyConnection.this, ctx.channel())) {
              inService.probeLiveness(originHost); // a peer whose host died may be back
            }
          }
          case DELIVER -> {
            if (first.getAsBoolean()) {
              onEvent(new Event(Kind.MESSAGE, cer));
            } else {
              transport
                  .gate()
                  .refused(CerGate.Refusal.ELECTION_WON, originHost, null, remote.getAddress());
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
     * Closes the connection if the stack has sent no CEA on it within twice the CER timeout (the
     * wait for its turn, then the answer), unless the stack holds it in service all the same.
     */
    private void awaitCea(ChannelHandlerContext ctx) {
      ctx.executor()
          .schedule(
              () -> {
                if (ceaResult >= 0 || !ctx.channel().isActive()) {
                  return;
                }
                if (transport.gate().peerView(originHost).inServiceOn(NettyConnection.this)) {
                  return;
                }
                transport
                    .gate()
                    .refused(CerGate.Refusal.NO_CEA, originHost, null, remote.getAddress());
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
        onEvent(new Event(Kind.MESSAGE, held.poll()));
      }
      ctx.channel().config().setAutoRead(true);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      Channel current = channel;
      if (ctx.channel() == closeUntold) {
        closeUntold = null; // see giveUpForPeer()
      } else if (current == null || current == ctx.channel() || !current.isActive()) {
        onEvent(new Event(Kind.CLOSED, null));
      } // else a channel this connection has left: the stack's peer is on the live one
      if (accepted) {
        transport.inboundClosed(NettyConnection.this);
        ctx.executor()
            .schedule(() -> retellClose(ctx, 1), RETELL_CLOSE_MILLIS, TimeUnit.MILLISECONDS);
        // By then the stack has had its CER timeout to finish with this connection.
        ctx.executor()
            .schedule(
                () -> transport.handshakes().forget(originHost, NettyConnection.this),
                transport.limits().cerTimeout().toMillis(),
                TimeUnit.MILLISECONDS);
      }
    }

    /**
     * jdiameter's peer FSM took events on several threads at once (the node now sets one, see
     * docs/diameter.md; this stays as the net under it), so the close of a connection whose CER was
     * still being answered could be handled first, in state DOWN, where it means nothing: the peer
     * then goes OKAY on this closed connection and stays there until the watchdog, answering every
     * later CER of the host on it. If the stack still holds this closed connection in service, it
     * is told of the close again (then, in OKAY, the close takes the peer down), every {@link
     * #RETELL_CLOSE_MILLIS} up to {@link #RETELL_CLOSE_TIMES} times.
     */
    private void retellClose(ChannelHandlerContext ctx, int time) {
      if (channel != ctx.channel()) {
        return; // the stack reconnected this connection (connect()): the new channel is in use
      }
      if (!transport.gate().peerView(originHost).inServiceOn(NettyConnection.this)) {
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
            org.gbabsf.diameter.PeerWarnings.printable(originHost),
            remote.getAddress().getHostAddress(),
            RETELL_CLOSE_MILLIS);
      } else {
        log.debug(
            "Diameter: peer {} still up on a closed connection; told it again ({})",
            org.gbabsf.diameter.PeerWarnings.printable(originHost),
            time);
      }
      onEvent(new Event(Kind.CLOSED, null));
      if (time < RETELL_CLOSE_TIMES) {
        ctx.executor()
            .schedule(() -> retellClose(ctx, time + 1), RETELL_CLOSE_MILLIS, TimeUnit.MILLISECONDS);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      log.debug("Diameter: connection {}: {}", key, cause.toString());
      ctx.close();
    }
  }
}
