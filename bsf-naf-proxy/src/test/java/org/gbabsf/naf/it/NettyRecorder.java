package org.gbabsf.naf.it;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** An application server on Netty's HTTP parser that records what it reads (ProxyDesyncIT). */
final class NettyRecorder implements AutoCloseable {

  final List<ProxyDesyncIT.Seen> seen = new CopyOnWriteArrayList<>();
  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel channel;

  NettyRecorder() throws InterruptedException {
    channel =
        new ServerBootstrap()
            .group(loops)
            .channel(NioServerSocketChannel.class)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    ch.pipeline()
                        .addLast(new HttpServerCodec())
                        .addLast(new HttpObjectAggregator(1 << 20))
                        .addLast(new Recorder());
                  }
                })
            .bind("127.0.0.1", 0)
            .sync()
            .channel();
  }

  int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  private final class Recorder extends SimpleChannelInboundHandler<FullHttpRequest> {
    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest r) {
      List<String> names = new java.util.ArrayList<>();
      for (Map.Entry<String, String> h : r.headers()) {
        names.add(h.getKey().toLowerCase(Locale.ROOT));
      }
      seen.add(
          new ProxyDesyncIT.Seen(
              r.method().name(),
              r.uri(),
              names,
              r.headers().getAll("x-3gpp-asserted-identity"),
              r.content().toString(StandardCharsets.ISO_8859_1)));
      FullHttpResponse ok =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1,
              HttpResponseStatus.OK,
              Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII));
      ok.headers().set(HttpHeaderNames.CONTENT_LENGTH, 2);
      ctx.writeAndFlush(ok);
    }
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    loops.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
  }
}
