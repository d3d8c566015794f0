package org.gbabsf.server.admin;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import org.gbabsf.netty.ServerBind;
import org.gbabsf.netty.ServerLoops;
import org.gbabsf.security.tls.ServerTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin HTTP port: {@link AdminRoutes} on one Netty thread of its own, apart from Ub. Scrapes
 * and probes are rare; the metrics text is rendered on that thread.
 */
public final class AdminServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

  private final AdminRoutes routes;
  private final String address;
  private final int port;
  private final java.util.Optional<ServerTls> tls;
  private ServerLoops loops;
  private Channel channel;

  /**
   * A server for {@code routes} on {@code address:port} (0 = ephemeral), HTTPS with {@code tls}.
   */
  public AdminServer(
      AdminRoutes routes, String address, int port, java.util.Optional<ServerTls> tls) {
    this.routes = routes;
    this.address = address;
    this.port = port;
    this.tls = tls;
  }

  /** Binds; returns the bound address. */
  public synchronized InetSocketAddress start() throws InterruptedException {
    loops = ServerLoops.single();
    ServerBootstrap bootstrap =
        loops
            .bootstrap()
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    tls.ifPresent(t -> t.addFirst(ch));
                    ch.pipeline()
                        .addLast(new HttpServerCodec(4096, 8192, 8192))
                        .addLast(new HttpObjectAggregator(8192))
                        .addLast(new Handler(routes));
                  }
                });
    try {
      channel = ServerBind.bind(bootstrap, address, port, "Admin");
    } catch (InterruptedException | RuntimeException failed) {
      loops.close();
      loops = null;
      throw failed;
    }
    InetSocketAddress bound = (InetSocketAddress) channel.localAddress();
    log.info(
        "Admin endpoints on {}://{}:{}/ (metrics, health, ready)",
        tls.isPresent() ? "https" : "http",
        address,
        bound.getPort());
    return bound;
  }

  @Override
  public synchronized void close() {
    if (channel != null) {
      channel.close().syncUninterruptibly();
      loops.close();
      loops = null;
      channel = null;
    }
  }

  /** Moves bytes between HTTP and {@link AdminRoutes}; closes after each answer. */
  static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final AdminRoutes routes;

    Handler(AdminRoutes routes) {
      this.routes = routes;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
      AdminRoutes.Answer a =
          request.decoderResult().isSuccess()
              ? routes.answer(
                  request.method().name(),
                  request.uri(),
                  request.headers().get(HttpHeaderNames.AUTHORIZATION))
              : new AdminRoutes.Answer(400, "text/plain", "bad request\n".getBytes());
      FullHttpResponse response =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1,
              HttpResponseStatus.valueOf(a.status()),
              Unpooled.wrappedBuffer(a.body()));
      response.headers().set(HttpHeaderNames.CONTENT_TYPE, a.contentType());
      response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, a.body().length);
      if (!a.challenge().isEmpty()) {
        response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, a.challenge());
      }
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
