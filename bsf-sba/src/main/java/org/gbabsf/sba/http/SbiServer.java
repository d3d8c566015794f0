package org.gbabsf.sba.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.gbabsf.netty.ServerBind;
import org.gbabsf.netty.ServerLoops;
import org.gbabsf.security.tls.ServerTls;

/**
 * An SBI producer's HTTP/2 server on Netty (TS 29.500 §5.2): h2c with prior knowledge, or h2 over
 * TLS with ALPN ({@code tls} present, mutual when its context asks for client certificates),
 * serving {@link SbiRoutes}. Every answer that is not a success is a ProblemDetails.
 */
public final class SbiServer implements AutoCloseable {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SbiServer.class);

  private final SbiRoutes routes;
  private final SbiServerSettings settings;
  private final SbiServerMetrics metrics;
  private final Optional<ServerTls> tls;
  private ServerLoops loops;
  private Channel serverChannel;
  private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

  /** A server of {@code routes}; {@code tls} empty for h2c. */
  public SbiServer(
      SbiRoutes routes,
      SbiServerSettings settings,
      MeterRegistry registry,
      Optional<ServerTls> tls) {
    this.routes = routes;
    this.settings = settings;
    this.metrics = new SbiServerMetrics(registry, settings.name());
    this.tls = tls;
  }

  /** Binds and serves; returns the bound address. Call once, not on an event loop. */
  public synchronized InetSocketAddress start() throws InterruptedException {
    if (serverChannel != null) {
      throw new IllegalStateException("already started");
    }
    loops = ServerLoops.of(settings.ioThreads());
    ServerBootstrap b =
        loops
            .bootstrap()
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childHandler(
                new SbiConnectionInitializer(routes, settings, metrics, tls, connections));
    try {
      serverChannel = ServerBind.bind(b, settings.address(), settings.port(), settings.name());
    } catch (InterruptedException | RuntimeException failed) {
      shutdownGroups();
      throw failed;
    }
    InetSocketAddress bound = (InetSocketAddress) serverChannel.localAddress();
    log.info(
        "SBI server {} listening on {}://{}:{} (HTTP/2{})",
        settings.name(),
        tls.isPresent() ? "https" : "http",
        bound.getHostString(),
        bound.getPort(),
        tls.isPresent() ? " over TLS, ALPN h2" : " with prior knowledge");
    return bound;
  }

  /** The bound address, once started. */
  public InetSocketAddress address() {
    return (InetSocketAddress) serverChannel.localAddress();
  }

  /** Whether it is listening. */
  public boolean isListening() {
    Channel c = serverChannel;
    return c != null && c.isActive();
  }

  /** Requests being served now. */
  public int inFlight() {
    return metrics.inFlight.get();
  }

  /** Stops listening, closes every connection and frees the threads. Idempotent. */
  @Override
  public synchronized void close() {
    if (serverChannel == null) {
      return;
    }
    serverChannel.close().syncUninterruptibly();
    serverChannel = null;
    // Closed here, not left to the event loops' shutdown: a connection accepted a moment before
    // must not outlive the server.
    connections.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    shutdownGroups();
    log.info("SBI server {} stopped", settings.name());
  }

  private void shutdownGroups() {
    if (loops != null) {
      loops.close();
    }
  }
}
