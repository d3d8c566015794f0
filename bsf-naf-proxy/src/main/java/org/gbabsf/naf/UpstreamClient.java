package org.gbabsf.naf;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelHealthChecker;
import io.netty.channel.pool.FixedChannelPool;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.netty.NettyTransport;

/**
 * HTTP/1.1 to the application servers: a bounded pool of keep-alive connections per upstream, one
 * request at a time on each, a connect and a response deadline. Failures are values ({@link
 * Result.Failed}) that the proxy maps to 502, 503 and 504 in one place.
 */
public final class UpstreamClient implements AutoCloseable {

  /** How a forwarded request ended. */
  public sealed interface Result {
    /**
     * The application server answered; the caller owns (and releases) the response.
     *
     * @param response the answer
     */
    record Response(FullHttpResponse response) implements Result {}

    /**
     * No answer.
     *
     * @param kind why
     * @param detail for the log
     */
    record Failed(Kind kind, String detail) implements Result {}
  }

  /** Why an upstream gave no answer. */
  public enum Kind {
    /** Connection refused or reset, or an unreadable answer: 502. */
    UNREACHABLE,
    /** Every connection of the pool busy, and no free one in time: 503. */
    BUSY,
    /** No answer within the response timeout: 504. */
    TIMEOUT;

    /** Lower case, for metric tags. */
    public String tag() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  private static final AttributeKey<CompletableFuture<Result>> PENDING =
      AttributeKey.valueOf("gba-bsf-upstream-pending");

  private final EventLoopGroup group;
  private final Duration connectTimeout;
  private final Duration responseTimeout;
  private final int maxConnections;
  private final int maxResponseBytes;
  private final ConcurrentHashMap<String, FixedChannelPool> pools = new ConcurrentHashMap<>();

  /** A client on {@code group}'s event loops. */
  public UpstreamClient(
      EventLoopGroup group,
      Duration connectTimeout,
      Duration responseTimeout,
      int maxConnections,
      int maxResponseBytes) {
    this.group = group;
    this.connectTimeout = connectTimeout;
    this.responseTimeout = responseTimeout;
    this.maxConnections = maxConnections;
    this.maxResponseBytes = maxResponseBytes;
  }

  /** Sends {@code request} (ownership passes) to {@code upstream}; never fails exceptionally. */
  public CompletionStage<Result> send(URI upstream, FullHttpRequest request) {
    CompletableFuture<Result> result = new CompletableFuture<>();
    FixedChannelPool pool = pools.computeIfAbsent(authority(upstream), k -> pool(upstream));
    pool.acquire()
        .addListener(
            acquired -> {
              if (!acquired.isSuccess()) {
                ReferenceCountUtil.release(request);
                Throwable cause = acquired.cause();
                result.complete(
                    new Result.Failed(
                        cause instanceof TimeoutException ? Kind.BUSY : Kind.UNREACHABLE,
                        String.valueOf(cause)));
                return;
              }
              Channel ch = (Channel) acquired.getNow();
              exchange(pool, ch, request, result);
            });
    return result;
  }

  private void exchange(
      FixedChannelPool pool,
      Channel ch,
      FullHttpRequest request,
      CompletableFuture<Result> result) {
    ch.attr(PENDING).set(result);
    ScheduledFuture<?> deadline =
        ch.eventLoop()
            .schedule(
                () -> {
                  if (result.complete(
                      new Result.Failed(Kind.TIMEOUT, "no answer in " + responseTimeout))) {
                    ch.close();
                  }
                },
                responseTimeout.toMillis(),
                TimeUnit.MILLISECONDS);
    result.whenComplete(
        (r, e) -> {
          deadline.cancel(false);
          ch.attr(PENDING).set(null);
          boolean reusable =
              ch.isActive()
                  && r instanceof Result.Response resp
                  && HttpUtil.isKeepAlive(resp.response());
          if (!reusable) {
            ch.close();
          }
          pool.release(ch);
        });
    ch.writeAndFlush(request)
        .addListener(
            written -> {
              if (!written.isSuccess()) {
                result.complete(
                    new Result.Failed(Kind.UNREACHABLE, String.valueOf(written.cause())));
              }
            });
  }

  private FixedChannelPool pool(URI upstream) {
    Bootstrap b =
        new Bootstrap()
            .group(group)
            .channel(NettyTransport.of(group).socketChannel())
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeout.toMillis())
            .remoteAddress(upstream.getHost(), port(upstream));
    return new FixedChannelPool(
        b,
        new AbstractChannelPoolHandler() {
          @Override
          public void channelCreated(Channel ch) {
            ch.pipeline()
                .addLast(new HttpClientCodec())
                .addLast(new HttpObjectAggregator(maxResponseBytes))
                .addLast(new Collector());
          }
        },
        ChannelHealthChecker.ACTIVE,
        FixedChannelPool.AcquireTimeoutAction.FAIL,
        connectTimeout.toMillis(),
        maxConnections,
        maxConnections * 4);
  }

  /** Completes the pending exchange of its channel with the response, or a failure. */
  private static final class Collector extends SimpleChannelInboundHandler<FullHttpResponse> {
    Collector() {
      super(false); // ownership passes to the caller
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
      CompletableFuture<Result> pending = ctx.channel().attr(PENDING).get();
      if (response.status().codeClass() == HttpStatusClass.INFORMATIONAL
          && response.decoderResult().isSuccess()
          && pending != null
          && response.status().code() != 101) {
        // An interim answer (100 Continue, 103 Early Hints, RFC 9110 §15.2) is never the answer:
        // dropped, and the final one is awaited on this connection.
        response.release();
        return;
      }
      if (response.status().code() == 101) {
        // We never ask to switch protocols (RFC 9110 §15.2.2): what follows is no HTTP answer.
        response.release();
        ctx.close();
        if (pending != null) {
          pending.complete(new Result.Failed(Kind.UNREACHABLE, "101 Switching Protocols"));
        }
        return;
      }
      if (pending == null || !response.decoderResult().isSuccess()) {
        response.release();
        ctx.close();
        if (pending != null) {
          pending.complete(new Result.Failed(Kind.UNREACHABLE, "unreadable answer"));
        }
        return;
      }
      if (!pending.complete(new Result.Response(response))) {
        response.release(); // already timed out
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      CompletableFuture<Result> pending = ctx.channel().attr(PENDING).get();
      if (pending != null) {
        pending.complete(new Result.Failed(Kind.UNREACHABLE, "connection closed"));
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      CompletableFuture<Result> pending = ctx.channel().attr(PENDING).get();
      if (pending != null) {
        pending.complete(new Result.Failed(Kind.UNREACHABLE, cause.toString()));
      }
      ctx.close();
    }
  }

  private static String authority(URI u) {
    return u.getHost() + ":" + port(u);
  }

  private static int port(URI u) {
    return u.getPort() > 0 ? u.getPort() : 80;
  }

  /** Closes every pooled connection. */
  @Override
  public void close() {
    pools.values().forEach(FixedChannelPool::close);
    pools.clear();
  }
}
