package org.gbabsf.sba.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2PingFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One client HTTP/2 connection to an {@link Origin}: connects (TCP, then TLS with ALPN h2 for
 * https), follows the peer's SETTINGS_MAX_CONCURRENT_STREAMS and GOAWAY, and counts the streams
 * reserved on it. A connection that reads nothing for the keepalive sends a PING (RFC 9113 §6.7);
 * still nothing after another, it is closed: a peer gone without a FIN (a partition) does not stay
 * "connected" for {@code /ready}. Its {@link #ready()} stage completes with the channel, or with
 * the reason there is none; it never completes exceptionally. The stream counts are guarded by the
 * owning {@link OriginPool}.
 */
final class H2Connection {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(H2Connection.class);

  /** The connection, or why there is none. */
  sealed interface Ready {
    /** Usable. */
    record Up(Channel channel) implements Ready {}

    /** Not usable. */
    record Down(SbiResult.Failed why) implements Ready {}
  }

  final Origin origin;
  private final CompletableFuture<Ready> ready = new CompletableFuture<>();
  private volatile Channel channel;
  private volatile boolean goingAway;
  private volatile int peerMaxStreams = Integer.MAX_VALUE;
  private final int maxStreams;
  private final SbiClientSettings settings;
  private final Bootstrap template;
  private final SbiClientMetrics metrics;
  private boolean started;
  int active;

  private H2Connection(
      Origin origin, SbiClientSettings settings, Bootstrap template, SbiClientMetrics metrics) {
    this.origin = origin;
    this.maxStreams = settings.maxStreamsPerConnection();
    this.settings = settings;
    this.template = template;
    this.metrics = metrics;
  }

  /** A connection to {@code origin}, not yet connecting: see {@link #start()}. */
  static H2Connection of(
      Bootstrap template, Origin origin, SbiClientSettings settings, SbiClientMetrics metrics) {
    return new H2Connection(origin, settings, template, metrics);
  }

  /** Starts connecting (once); the outcome completes {@link #ready()}. Never blocks. */
  void start() {
    if (started) {
      return;
    }
    started = true;
    if (origin.tls() && settings.tls().isEmpty()) {
      ready.complete(
          new Ready.Down(
              new SbiResult.Failed(SbiResult.Failure.TLS, "https without sbi client TLS")));
      return;
    }
    H2Connection c = this;
    SslHandler[] ssl = new SslHandler[1];
    Bootstrap b =
        template
            .clone()
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    if (origin.tls()) {
                      SslContext ctx = settings.tls().get();
                      ssl[0] = ctx.newHandler(ch.alloc(), origin.host(), origin.port());
                      ssl[0].setHandshakeTimeout(
                          settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
                      ch.pipeline().addLast("tls", ssl[0]);
                    }
                    ch.pipeline()
                        .addFirst(
                            "idle",
                            new IdleStateHandler(
                                settings.keepalive().toMillis(), 0, 0, TimeUnit.MILLISECONDS))
                        .addLast(
                            "h2",
                            Http2FrameCodecBuilder.forClient()
                                .initialSettings(
                                    Http2Settings.defaultSettings()
                                        .pushEnabled(false)
                                        .maxHeaderListSize(16 * 1024))
                                .build())
                        .addLast("streams", new Http2MultiplexHandler(new RefusePushes()))
                        .addLast("watch", c.new Watch());
                  }
                });
    b.connect(origin.host(), origin.port())
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                c.down(SbiResult.Failure.CONNECT, f.cause());
                return;
              }
              Channel ch = ((io.netty.channel.ChannelFuture) f).channel();
              metrics.connectionOpened();
              ch.closeFuture()
                  .addListener(
                      x -> {
                        metrics.connectionClosed();
                        c.goingAway = true;
                        c.ready.complete(
                            new Ready.Down(
                                new SbiResult.Failed(
                                    SbiResult.Failure.RESET, "connection closed")));
                      });
              if (ssl[0] == null) {
                c.up(ch);
                return;
              }
              ssl[0]
                  .handshakeFuture()
                  .addListener(
                      h -> {
                        if (!h.isSuccess()) {
                          c.down(SbiResult.Failure.TLS, h.cause());
                          ch.close();
                        } else if (!ApplicationProtocolNames.HTTP_2.equals(
                            ssl[0].applicationProtocol())) {
                          c.ready.complete(
                              new Ready.Down(
                                  new SbiResult.Failed(
                                      SbiResult.Failure.TLS, "ALPN did not agree on h2")));
                          ch.close();
                        } else {
                          c.up(ch);
                        }
                      });
            });
  }

  private void up(Channel ch) {
    channel = ch;
    log.debug("SBI: connected to {}", origin);
    ready.complete(new Ready.Up(ch));
  }

  private void down(SbiResult.Failure why, Throwable cause) {
    String detail = origin + ": " + (cause == null ? why.tag() : cause.getMessage());
    ready.complete(new Ready.Down(new SbiResult.Failed(why, detail)));
  }

  /** Completes once connected, or with why not. */
  CompletableFuture<Ready> ready() {
    return ready;
  }

  /** True once it failed, closed or received GOAWAY: no new stream goes on it. */
  boolean dead() {
    if (goingAway) {
      return true;
    }
    Ready r = ready.getNow(null);
    return r instanceof Ready.Down;
  }

  /** True while it is connected and usable. */
  boolean isUp() {
    Channel ch = channel;
    return ch != null && ch.isActive() && !goingAway;
  }

  /** Whether another stream fits (caller holds the pool's lock). */
  boolean hasRoom() {
    return active < Math.min(maxStreams, peerMaxStreams);
  }

  /** Takes no new stream from now on, as after a GOAWAY; the pool closes it after its last one. */
  void retire() {
    goingAway = true;
  }

  /** Closes it. */
  void close() {
    Channel ch = channel;
    if (ch != null) {
      ch.close();
    }
  }

  /** Tracks SETTINGS and GOAWAY; closes on an error of the connection. */
  private final class Watch extends ChannelInboundHandlerAdapter {
    private boolean pinged;

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (!(evt instanceof IdleStateEvent)) {
        ctx.fireUserEventTriggered(evt);
        return;
      }
      if (pinged) {
        // Nothing read since the PING: the peer or the path is gone (a partition sends no FIN).
        log.debug(
            "SBI: {} did not answer a PING in {} ms; closed",
            origin,
            settings.keepalive().toMillis());
        goingAway = true;
        ctx.close();
        return;
      }
      pinged = true;
      metrics.pinged();
      ctx.writeAndFlush(new DefaultHttp2PingFrame(System.nanoTime()));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      pinged = false;
      try {
        if (msg instanceof io.netty.handler.codec.http2.Http2PingFrame p && p.ack()) {
          metrics.pingAnswered();
        }
        if (msg instanceof Http2SettingsFrame s) {
          Long max = s.settings().maxConcurrentStreams();
          if (max != null) {
            peerMaxStreams = (int) Math.min(Integer.MAX_VALUE, max);
            if (max == 0) {
              // A peer that takes no stream at all: useless, make room for another connection.
              goingAway = true;
            }
          }
        } else if (msg instanceof Http2GoAwayFrame) {
          // No new stream goes on it; the pool closes it once its last stream is done.
          goingAway = true;
          log.debug("SBI: {} sent GOAWAY", origin);
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      log.debug("SBI: connection to {} failed: {}", origin, cause.toString());
      ctx.close();
    }
  }

  /** Servers must not open streams toward us (push is off): any such stream is closed. */
  private static final class RefusePushes extends ChannelInboundHandlerAdapter {
    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.close();
    }

    @Override
    public boolean isSharable() {
      return true;
    }
  }
}
