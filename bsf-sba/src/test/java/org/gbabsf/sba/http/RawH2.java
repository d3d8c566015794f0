package org.gbabsf.sba.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A test's HTTP/2 client over h2c that sends frames as told, including what a well-behaved client
 * never sends (a body without content-length, a request that never ends), and reports what came
 * back: status, headers, body, or a stream reset.
 */
public final class RawH2 implements AutoCloseable {

  /** What came back on one stream. */
  public record Answer(
      int status, Map<String, String> headers, byte[] body, Optional<Long> resetCode) {
    public String text() {
      return new String(body, java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  private final EventLoopGroup group;
  private final Channel channel;

  private RawH2(EventLoopGroup group, Channel channel) {
    this.group = group;
    this.channel = channel;
  }

  public static RawH2 connect(InetSocketAddress server) throws InterruptedException {
    EventLoopGroup g = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    Channel ch =
        new Bootstrap()
            .group(g)
            .channel(NioSocketChannel.class)
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel c) {
                    c.pipeline()
                        .addLast(Http2FrameCodecBuilder.forClient().build())
                        .addLast(new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
                  }
                })
            .connect(server)
            .sync()
            .channel();
    return new RawH2(g, ch);
  }

  /** Request headers: method, path, scheme http, authority. */
  public static Http2Headers headers(String method, String path) {
    return new DefaultHttp2Headers()
        .method(method)
        .path(path)
        .scheme("http")
        .authority("localhost");
  }

  /**
   * Opens a stream, sends {@code headers} (ending the stream if {@code body} is null and {@code
   * end}), then {@code body} as one DATA frame ending the stream if {@code end}.
   */
  public CompletableFuture<Answer> send(Http2Headers headers, byte[] body, boolean end) {
    CompletableFuture<Answer> out = new CompletableFuture<>();
    Collect collect = new Collect(out);
    new Http2StreamChannelBootstrap(channel)
        .handler(collect)
        .open()
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                out.completeExceptionally(f.cause());
                return;
              }
              Http2StreamChannel s = (Http2StreamChannel) f.getNow();
              s.write(new DefaultHttp2HeadersFrame(headers, body == null && end));
              if (body != null) {
                s.write(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(body), end));
              }
              s.flush();
            });
    return out;
  }

  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private static final class Collect extends ChannelInboundHandlerAdapter {
    private final CompletableFuture<Answer> out;
    private final Map<String, String> headers = new HashMap<>();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private int status;

    Collect(CompletableFuture<Answer> out) {
      this.out = out;
    }

    @Override
    public boolean isSharable() {
      return true;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof Http2HeadersFrame h) {
          h.headers().forEach(e -> headers.put(e.getKey().toString(), e.getValue().toString()));
          if (h.headers().status() != null) {
            status = Integer.parseInt(h.headers().status().toString());
          }
          if (h.isEndStream()) {
            done(Optional.empty());
          }
        } else if (msg instanceof Http2DataFrame d) {
          body.writeBytes(ByteBufUtil.getBytes(d.content()));
          if (d.isEndStream()) {
            done(Optional.empty());
          }
        } else if (msg instanceof Http2ResetFrame r) {
          done(Optional.of(r.errorCode()));
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      // The multiplexer hands RST_STREAM to the stream as an event.
      if (evt instanceof Http2ResetFrame r) {
        done(Optional.of(r.errorCode()));
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      done(Optional.empty());
    }

    private void done(Optional<Long> reset) {
      out.complete(new Answer(status, Map.copyOf(headers), body.toByteArray(), reset));
    }
  }
}
