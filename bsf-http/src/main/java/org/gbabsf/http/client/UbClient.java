package org.gbabsf.http.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.netty.NettyTransport;
import org.gbabsf.security.tls.ClientTls;

/**
 * A minimal HTTP/1.1 client for Ub on Netty: one keep-alive connection, opened on first use and
 * reopened after the server closes it; requests on it are answered in order. Thread-safe.
 */
public final class UbClient implements UbTransport {

  /**
   * An HTTP answer, copied out of Netty's buffers.
   *
   * @param status the status code
   * @param headers headers by lower-cased name
   * @param body the body
   */
  public record Response(int status, Map<String, List<String>> headers, byte[] body) {

    /** The first value of {@code name}, or null. */
    public String header(String name) {
      List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
      return values == null || values.isEmpty() ? null : values.get(0);
    }
  }

  private final EventLoopGroup group;
  private final InetSocketAddress server;
  private final String hostHeader;
  private final java.util.Optional<ClientTls> tls;
  private Channel channel;
  private CompletableFuture<Channel> connecting;

  /** A plain-HTTP client of {@code server} using the caller's event loops. */
  public UbClient(EventLoopGroup group, InetSocketAddress server) {
    this(group, server, java.util.Optional.empty());
  }

  /**
   * A client of {@code server} using the caller's event loops, over HTTPS when {@code tls} is
   * present: a request is sent only once the handshake succeeded (the server's certificate checked
   * against {@code tls}'s server name), never in clear.
   */
  public UbClient(
      EventLoopGroup group, InetSocketAddress server, java.util.Optional<ClientTls> tls) {
    this.group = group;
    this.server = server;
    this.tls = tls;
    this.hostHeader =
        tls.map(ClientTls::serverName).orElse(server.getHostString()) + ":" + server.getPort();
  }

  /** The server address. */
  public InetSocketAddress server() {
    return server;
  }

  /** Sends {@code GET uri} with {@code headers}. */
  @Override
  public CompletionStage<Response> get(String uri, Map<String, String> headers) {
    return send(HttpMethod.GET, uri, headers, new byte[0]);
  }

  /**
   * Sends {@code method uri} with {@code headers} (a Host among them replaces the server's) and
   * {@code body}, on the one keep-alive connection, answers in order.
   */
  public CompletionStage<Response> send(
      HttpMethod method, String uri, Map<String, String> headers, byte[] body) {
    return connection()
        .thenCompose(
            ch -> {
              FullHttpRequest request =
                  new DefaultFullHttpRequest(
                      HttpVersion.HTTP_1_1, method, uri, Unpooled.wrappedBuffer(body));
              request.headers().set(HttpHeaderNames.HOST, hostHeader);
              headers.forEach((k, v) -> request.headers().set(k, v));
              HttpUtil.setContentLength(request, body.length);
              CompletableFuture<Response> answer = new CompletableFuture<>();
              // Queue and write on the channel's event loop so that order is preserved.
              ch.eventLoop()
                  .execute(
                      () -> {
                        ResponseHandler handler = ch.pipeline().get(ResponseHandler.class);
                        if (handler == null || !ch.isActive()) {
                          answer.completeExceptionally(new IOException("connection closed"));
                          return;
                        }
                        handler.pending.add(answer);
                        ch.writeAndFlush(request)
                            .addListener(
                                f -> {
                                  if (!f.isSuccess()) {
                                    handler.pending.remove(answer);
                                    answer.completeExceptionally(f.cause());
                                  }
                                });
                      });
              return answer;
            });
  }

  private synchronized CompletionStage<Channel> connection() {
    if (channel != null && channel.isActive()) {
      return CompletableFuture.completedFuture(channel);
    }
    if (connecting != null && !connecting.isDone()) {
      return connecting;
    }
    CompletableFuture<Channel> result = new CompletableFuture<>();
    connecting = result;
    Bootstrap b =
        new Bootstrap()
            .group(group)
            .channel(NettyTransport.of(group).socketChannel())
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000)
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    tls.ifPresent(t -> t.addFirst(ch, server.getPort()));
                    ch.pipeline()
                        .addLast(new HttpClientCodec())
                        .addLast(new HttpObjectAggregator(1 << 16))
                        .addLast(new ResponseHandler());
                  }
                });
    ChannelFuture f = b.connect(server);
    f.addListener(
        done -> {
          if (!done.isSuccess()) {
            result.completeExceptionally(done.cause());
            return;
          }
          io.netty.handler.ssl.SslHandler ssl =
              f.channel().pipeline().get(io.netty.handler.ssl.SslHandler.class);
          if (ssl == null) {
            connected(f.channel(), result);
            return;
          }
          ssl.handshakeFuture()
              .addListener(
                  hs -> {
                    if (hs.isSuccess()) {
                      connected(f.channel(), result);
                    } else {
                      f.channel().close();
                      result.completeExceptionally(hs.cause());
                    }
                  });
        });
    return result;
  }

  private void connected(Channel ch, CompletableFuture<Channel> result) {
    synchronized (this) {
      channel = ch;
    }
    result.complete(ch);
  }

  /** The cipher suite of the current TLS connection, if there is one. */
  public synchronized java.util.Optional<String> cipherSuite() {
    if (channel == null) {
      return java.util.Optional.empty();
    }
    io.netty.handler.ssl.SslHandler ssl =
        channel.pipeline().get(io.netty.handler.ssl.SslHandler.class);
    return ssl == null
        ? java.util.Optional.empty()
        : java.util.Optional.of(ssl.engine().getSession().getCipherSuite());
  }

  /** Closes the connection; pending requests fail. */
  @Override
  public synchronized void close() {
    if (channel != null) {
      channel.close().syncUninterruptibly();
      channel = null;
    }
  }

  private static final class ResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
    final ArrayDeque<CompletableFuture<Response>> pending = new ArrayDeque<>();

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse msg) {
      CompletableFuture<Response> waiting = pending.poll();
      if (waiting == null) {
        return;
      }
      Map<String, List<String>> headers = new LinkedHashMap<>();
      msg.headers()
          .forEach(
              e ->
                  headers
                      .computeIfAbsent(e.getKey().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                      .add(e.getValue()));
      ByteBuf content = msg.content();
      byte[] body = new byte[content.readableBytes()];
      content.getBytes(content.readerIndex(), body);
      if (!HttpUtil.isKeepAlive(msg)) {
        // Close before completing, so that the caller's next request opens a new connection.
        ctx.close();
      }
      waiting.complete(new Response(msg.status().code(), headers, body));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      CompletableFuture<Response> waiting;
      while ((waiting = pending.poll()) != null) {
        waiting.completeExceptionally(new IOException("connection closed by the BSF"));
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
