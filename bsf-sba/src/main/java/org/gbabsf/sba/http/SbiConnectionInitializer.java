package org.gbabsf.sba.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.gbabsf.security.tls.CertNames;
import org.gbabsf.security.tls.ServerTls;

/**
 * The pipeline of one SBI connection (TS 29.500 §5.2.2): HTTP/2 with prior knowledge (h2c), or TLS
 * whose ALPN (RFC 7301) agreed on {@code h2}; then the HTTP/2 frame codec with this server's
 * SETTINGS, and one child channel per stream running {@link SbiStreamHandler}. A connection idle
 * for {@code idleTimeout} is closed with GOAWAY. No HTTP/1.1: SBI is HTTP/2 only.
 */
final class SbiConnectionInitializer extends ChannelInitializer<SocketChannel> {

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(SbiConnectionInitializer.class);

  private final SbiRoutes routes;
  private final SbiServerSettings settings;
  private final SbiServerMetrics metrics;
  private final Optional<ServerTls> tls;
  private final ChannelGroup connections;

  SbiConnectionInitializer(
      SbiRoutes routes,
      SbiServerSettings settings,
      SbiServerMetrics metrics,
      Optional<ServerTls> tls,
      ChannelGroup connections) {
    this.routes = routes;
    this.settings = settings;
    this.metrics = metrics;
    this.tls = tls;
    this.connections = connections;
  }

  @Override
  protected void initChannel(SocketChannel ch) {
    connections.add(ch);
    if (metrics.connections.incrementAndGet() > settings.maxConnections()) {
      metrics.connections.decrementAndGet();
      metrics.connectionRefused();
      log.debug(
          "SBI: {} refused: {} connections open", ch.remoteAddress(), settings.maxConnections());
      ch.close();
      return;
    }
    ch.closeFuture().addListener(f -> metrics.connections.decrementAndGet());
    if (tls.isEmpty()) {
      http2(ch, SbiPeer.cleartext(ch.remoteAddress()));
      return;
    }
    SslHandler ssl = tls.get().addFirst(ch);
    ch.pipeline()
        .addLast(
            "alpn",
            new ApplicationProtocolNegotiationHandler("none") {
              @Override
              protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                if (!ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                  log.debug(
                      "SBI: {} agreed no h2 by ALPN ({}); closed",
                      ctx.channel().remoteAddress(),
                      protocol);
                  ctx.close();
                  return;
                }
                http2(ctx.channel(), peerOf(ch, ssl));
              }

              @Override
              protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
                // Counted and logged by the TLS handshake watcher.
                ctx.close();
              }
            });
  }

  private void http2(Channel ch, SbiPeer peer) {
    ChannelPipeline p = ch.pipeline();
    long idle = settings.idleTimeout().toMillis();
    p.addLast("idle", new IdleStateHandler(0, 0, idle, TimeUnit.MILLISECONDS));
    p.addLast(
        "h2",
        Http2FrameCodecBuilder.forServer()
            .initialSettings(
                Http2Settings.defaultSettings()
                    .maxConcurrentStreams(settings.maxConcurrentStreams())
                    .maxHeaderListSize(settings.maxHeaderListSize()))
            .validateHeaders(true)
            .build());
    p.addLast(
        "streams",
        new Http2MultiplexHandler(
            new ChannelInitializer<Http2StreamChannel>() {
              @Override
              protected void initChannel(Http2StreamChannel stream) {
                stream
                    .pipeline()
                    .addLast("http", new Http2StreamFrameToHttpObjectCodec(true))
                    .addLast("sbi", new SbiStreamHandler(routes, settings, metrics, peer));
              }
            }));
    p.addLast("close-idle", new CloseIdle());
  }

  private static SbiPeer peerOf(SocketChannel ch, SslHandler ssl) {
    InetSocketAddress remote = ch.remoteAddress();
    try {
      Certificate[] chain = ssl.engine().getSession().getPeerCertificates();
      if (chain.length > 0 && chain[0] instanceof X509Certificate leaf) {
        return new SbiPeer(remote, true, CertNames.dnsNames(leaf));
      }
    } catch (SSLPeerUnverifiedException noClientCertificate) {
      // TLS without a client certificate: the peer has no certificate identity.
    }
    return new SbiPeer(remote, true, List.of());
  }

  /** Closes (GOAWAY) a connection idle for the idle timeout. */
  private static final class CloseIdle extends ChannelInboundHandlerAdapter {
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof IdleStateEvent) {
        log.debug("SBI: connection from {} idle; closed", ctx.channel().remoteAddress());
        ctx.close();
        return;
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      log.debug(
          "SBI: connection from {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
      ctx.close();
    }
  }
}
