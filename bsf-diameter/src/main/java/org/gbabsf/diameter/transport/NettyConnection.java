package org.gbabsf.diameter.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
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
  private static final int CEA = BaseCommands.CAPABILITIES_EXCHANGE;

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
    return new Deliverer(this, transport, true);
  }

  /** Takes the hook to run before the first message (an accepted connection's CER), once. */
  BooleanSupplier takeBeforeFirstMessage() {
    BooleanSupplier first = beforeFirstMessage;
    beforeFirstMessage = null;
    return first;
  }

  /** The admitted CER's Origin-Host of an incoming connection; null for an outgoing one. */
  String originHost() {
    return originHost;
  }

  /** The channel the connection uses now; null before it connects. */
  Channel channel() {
    return channel;
  }

  /**
   * True, once, if the close of {@code c} is not to be told to the stack ({@link #giveUpForPeer}).
   */
  boolean takeCloseUntold(Channel c) {
    if (c != closeUntold) {
      return false;
    }
    closeUntold = null;
    return true;
  }

  /** A whole, well-framed message for the stack. */
  void received(byte[] message) {
    onEvent(new Event(Kind.MESSAGE, message));
  }

  /** The connection's channel closed: the stack is told. */
  void channelClosed() {
    onEvent(new Event(Kind.CLOSED, null));
  }

  /**
   * Sends a DWR on this connection, in service for {@code peerHost}, because that peer connected
   * again; closes it if nothing arrives within the CER timeout ({@link LivenessProbe}). Never
   * blocks.
   */
  void probeLiveness(String peerHost) {
    Channel c = channel;
    Deliverer d = c == null ? null : c.pipeline().get(Deliverer.class);
    if (d == null || d.probe() == null) {
      return;
    }
    Duration timeout = transport.limits().cerTimeout();
    d.probe()
        .start(
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
  boolean mayBeProbedBy(NettyConnection newcomer, Channel newcomerChannel) {
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
                      ch.pipeline()
                          .addLast(
                              "deliver", new Deliverer(NettyConnection.this, transport, false));
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
      f.channel().pipeline().addLast("deliver", new Deliverer(this, transport, false));
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
    if (incoming
        && message.isRequest()
        && !BaseCommands.peerExchange(message.getCommandCode())
        && transport.connectsTo(originHost).isEmpty()) {
      transport.events().requestWithheld(originHost, remote.getAddress());
      throw new TransportException(
          "requests go to configured peers only, not to " + PeerWarnings.printable(originHost),
          TransportError.FailedSendMessage);
    }
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
}
