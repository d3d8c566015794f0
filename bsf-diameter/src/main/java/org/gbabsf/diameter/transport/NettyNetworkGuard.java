package org.gbabsf.diameter.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.netty.NettyTransport;
import org.gbabsf.security.tls.ServerTls;
import org.jdiameter.client.api.parser.IMessageParser;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.jdiameter.server.api.IMetaData;
import org.jdiameter.server.api.io.INetworkConnectionListener;
import org.jdiameter.server.api.io.INetworkGuard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listening side, plugged into jdiameter's {@code InternalNetworkGuard} extension point: binds
 * synchronously on the node's {@link DiameterTransport} (jdiameter's own guard binds in the
 * background and swallows a port already in use), and hands a connection to the stack only once its
 * CER was admitted by {@link CerGuard}, as a {@link NettyConnection}.
 */
public final class NettyNetworkGuard implements INetworkGuard {

  private static final Logger log = LoggerFactory.getLogger(NettyNetworkGuard.class);

  private final List<INetworkConnectionListener> listeners = new CopyOnWriteArrayList<>();
  private final AtomicInteger pending = new AtomicInteger();
  private final DiameterTransport transport;
  private final IMessageParser parser;
  private final IMetaData metaData;
  private final Channel server;
  private final Channel tlsServer;

  /** Called by jdiameter's server transport factory; binds at once. */
  public NettyNetworkGuard(
      InetAddress[] addresses,
      int port,
      IConcurrentFactory concurrentFactory,
      IMessageParser parser,
      IMetaData metaData)
      throws IOException {
    if (!(metaData.getConfiguration() instanceof NodeConfiguration node)
        || node.transport() == null) {
      // Fail closed: without our configuration there is no admission policy to apply.
      throw new IOException("the stack was not configured by DiameterNode (no transport)");
    }
    this.transport = node.transport();
    this.parser = parser;
    this.metaData = metaData;
    InetAddress address = addresses.length > 0 ? addresses[0] : null;
    this.server = bind(address, port, false);
    DiameterTls tls = transport.tls();
    if (tls.port() != 0) {
      try {
        this.tlsServer = bind(address, tls.port(), true);
      } catch (IOException e) {
        server.close().awaitUninterruptibly();
        throw e;
      }
      log.info(
          "Diameter: TLS/TCP on {}:{}",
          address == null ? "*" : address.getHostAddress(),
          tls.port());
    } else {
      this.tlsServer = null;
    }
  }

  /**
   * Listens on {@code address:port}; over TLS, the handshake (with a client certificate) completes
   * before the CER is read, and the CER's Origin-Host must be named by that certificate.
   */
  private Channel bind(InetAddress address, int port, boolean overTls) throws IOException {
    ServerBootstrap b =
        new ServerBootstrap()
            .group(transport.io())
            .channel(NettyTransport.of(transport.io()).serverChannel())
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, transport.tcpNoDelay())
            .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, NettyConnection.WATER_MARK)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    Pipelines.incoming(
                        ch,
                        transport,
                        new CerGuard(
                            transport,
                            NettyNetworkGuard.this.metaData.getLocalPeer(),
                            pending,
                            NettyNetworkGuard.this::admitted,
                            overTls));
                    if (overTls) {
                      new ServerTls(transport.tls().server(), transport.tls().events())
                          .addFirst(ch);
                    }
                  }
                });
    ChannelFuture bound = b.bind(new InetSocketAddress(address, port)).awaitUninterruptibly();
    if (!bound.isSuccess()) {
      Throwable cause = NettyTransport.bindFailure(bound.cause());
      throw new IOException(
          "cannot listen on " + address + ":" + port + ": " + cause.getMessage(), cause);
    }
    return bound.channel();
  }

  /**
   * Joins an admitted connection to the stack: its listeners register before the CER is read, and
   * the gate is told of {@code originHost} on the delivery thread before the CER is delivered.
   */
  private void admitted(ChannelHandlerContext ctx, String originHost) {
    NettyConnection connection =
        new NettyConnection(
            transport,
            parser,
            ctx.channel(),
            originHost,
            () -> transport.gate().admitted(originHost));
    ctx.pipeline().addLast("deliver", connection.deliverer());
    for (INetworkConnectionListener l : listeners) {
      l.newNetworkConnection(connection);
    }
  }

  @Override
  public void addListener(INetworkConnectionListener listener) {
    listeners.add(listener);
  }

  @Override
  public void remListener(INetworkConnectionListener listener) {
    listeners.remove(listener);
  }

  /** The bound port (for tests). */
  public int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  /** Connections accepted and still waiting for their CER (for tests and metrics). */
  public int pendingConnections() {
    return pending.get();
  }

  /** The bound TLS port, or 0 without one (for tests). */
  public int tlsPort() {
    return tlsServer == null ? 0 : ((InetSocketAddress) tlsServer.localAddress()).getPort();
  }

  @Override
  public void destroy() {
    if (tlsServer != null) {
      tlsServer.close().awaitUninterruptibly();
    }
    server.close().awaitUninterruptibly();
    log.debug("Diameter: stopped listening on {}", server.localAddress());
  }
}
