package org.gbabsf.naf;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.gbabsf.netty.ServerBind;
import org.gbabsf.netty.ServerLoops;
import org.gbabsf.security.tls.ServerTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The authentication proxy's listener: HTTP/1.1, or HTTPS toward the UE (TS 33.222 §5.3:
 * certificate-based NAF authentication plus Digest), in front of the application servers of {@link
 * Routes}. Binds, serves with {@link UaProxyHandler}, and shuts down.
 */
public final class NafProxyServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(NafProxyServer.class);

  /**
   * Listener settings, validated by the configuration.
   *
   * @param address bind address
   * @param port port, 0 for an ephemeral one
   * @param ioThreads event loops, 0 for 2 × cores
   * @param maxBody largest request body read (bytes); larger gets 413
   * @param idleTimeout keep-alive idle timeout
   * @param retryAfter Retry-After of 503 answers
   * @param appendForwardedFor true to append the UE's address to the X-Forwarded-For it sent (a
   *     proxy behind a load balancer that sets it); false to replace whatever the UE sent
   */
  public record Settings(
      String address,
      int port,
      int ioThreads,
      int maxBody,
      Duration idleTimeout,
      Duration retryAfter,
      boolean appendForwardedFor) {

    /** Settings that replace the UE's X-Forwarded-For. */
    public Settings(
        String address,
        int port,
        int ioThreads,
        int maxBody,
        Duration idleTimeout,
        Duration retryAfter) {
      this(address, port, ioThreads, maxBody, idleTimeout, retryAfter, false);
    }
  }

  private final Settings settings;
  private final UaAuthenticator authenticator;
  private final Routes routes;
  private final NafProxyMetrics metrics;
  private final Optional<ServerTls> tls;
  private final String opaque;
  private ServerLoops loops;
  private UpstreamClient upstream;
  private Channel channel;
  private final Duration upstreamConnectTimeout;
  private final Duration upstreamTimeout;
  private final int upstreamConnections;

  /** A proxy; {@code upstreamConnections} per application server, each one request at a time. */
  public NafProxyServer(
      Settings settings,
      UaAuthenticator authenticator,
      Routes routes,
      NafProxyMetrics metrics,
      Optional<ServerTls> tls,
      Duration upstreamConnectTimeout,
      Duration upstreamTimeout,
      int upstreamConnections) {
    this.settings = settings;
    this.authenticator = authenticator;
    this.routes = routes;
    this.metrics = metrics;
    this.tls = tls;
    this.upstreamConnectTimeout = upstreamConnectTimeout;
    this.upstreamTimeout = upstreamTimeout;
    this.upstreamConnections = upstreamConnections;
    byte[] o = new byte[12];
    new SecureRandom().nextBytes(o);
    this.opaque = Base64.getUrlEncoder().withoutPadding().encodeToString(o);
  }

  /** Binds and serves; returns the bound address. */
  public synchronized InetSocketAddress start() throws InterruptedException {
    loops = ServerLoops.of(settings.ioThreads());
    upstream =
        new UpstreamClient(
            loops.workers(),
            upstreamConnectTimeout,
            upstreamTimeout,
            upstreamConnections,
            16 * 1024 * 1024);
    UpstreamClient up = upstream;
    int retryAfter = (int) Math.max(1, settings.retryAfter().toSeconds());
    ServerBootstrap b =
        loops
            .bootstrap()
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    tls.ifPresent(t -> t.addFirst(ch));
                    ch.pipeline()
                        .addLast(
                            "http",
                            new HttpServerCodec(
                                new HttpDecoderConfig()
                                    .setMaxInitialLineLength(4096)
                                    .setMaxHeaderSize(8192)
                                    .setMaxChunkSize(settings.maxBody())
                                    // Transfer-Encoding with Content-Length is a decoding
                                    // failure (400), not a Content-Length silently dropped
                                    .setUseRfc9112TransferEncoding(true)))
                        .addLast("aggregate", new HttpObjectAggregator(settings.maxBody()))
                        .addLast(
                            "idle",
                            new IdleStateHandler(
                                0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS))
                        .addLast(
                            "ua",
                            new UaProxyHandler(
                                authenticator,
                                routes,
                                up,
                                metrics,
                                opaque,
                                tls.isPresent(),
                                retryAfter,
                                settings.appendForwardedFor()));
                  }
                });
    try {
      channel = ServerBind.bind(b, settings.address(), settings.port(), "NAF proxy");
    } catch (InterruptedException | RuntimeException failed) {
      close();
      throw failed;
    }
    InetSocketAddress bound = (InetSocketAddress) channel.localAddress();
    log.info(
        "NAF proxy listening on {}://{}:{} for {}",
        tls.isPresent() ? "https" : "http",
        bound.getHostString(),
        bound.getPort(),
        routes.all().stream().map(r -> r.host() + r.pathPrefix() + " -> " + r.upstream()).toList());
    return bound;
  }

  /** The bound address, once started. */
  public InetSocketAddress address() {
    return (InetSocketAddress) channel.localAddress();
  }

  /** Stops listening and closes every connection. */
  @Override
  public synchronized void close() {
    if (channel != null) {
      channel.close().syncUninterruptibly();
      channel = null;
    }
    if (upstream != null) {
      upstream.close();
      upstream = null;
    }
    if (loops != null) {
      loops.close();
      loops = null;
    }
  }
}
