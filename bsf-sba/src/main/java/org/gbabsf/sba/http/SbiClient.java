package org.gbabsf.sba.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.resolver.dns.DnsAddressResolverGroup;
import io.netty.resolver.dns.DnsServerAddressStreamProviders;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.gbabsf.netty.NettyTransport;

/**
 * An SBI consumer's HTTP/2 client on Netty (TS 29.500 §5.2): connections pooled per origin ({@link
 * OriginPool}), streams multiplexed on them, h2c with prior knowledge for {@code http} and TLS with
 * ALPN h2 for {@code https}; 307/308 redirects followed to their {@code Location} (TS 29.500
 * §6.10.9) up to a limit; a timeout per call. {@link #send} never completes exceptionally: every
 * outcome is an {@link SbiResult}. Thread-safe.
 */
public final class SbiClient implements AutoCloseable {

  private final SbiClientSettings settings;
  private final SbiClientMetrics metrics;
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final Map<Origin, OriginPool> pools = new ConcurrentHashMap<>();
  private volatile boolean closed;

  /** A client with its own event loops. */
  public SbiClient(SbiClientSettings settings, MeterRegistry registry) {
    this.settings = settings;
    this.metrics = new SbiClientMetrics(registry, settings.name());
    this.group = NettyTransport.loops(settings.ioThreads());
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NettyTransport.of(group).socketChannel())
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .option(
                ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis())
            // Names are resolved without blocking the event loop (the JDK's resolver blocks).
            .resolver(
                new DnsAddressResolverGroup(
                    NettyTransport.of(group).datagramChannel(),
                    DnsServerAddressStreamProviders.platformDefault()));
  }

  /** Sends {@code call}, following redirects; completes with the answer or why there is none. */
  public CompletableFuture<SbiResult> send(SbiCall call) {
    CompletableFuture<SbiResult> out = new CompletableFuture<>();
    if (closed) {
      out.complete(new SbiResult.Failed(SbiResult.Failure.CONNECT, "client closed"));
      return out;
    }
    var timer =
        group
            .next()
            .schedule(
                () ->
                    out.complete(
                        new SbiResult.Failed(
                            SbiResult.Failure.TIMEOUT,
                            "no answer from "
                                + call.uri().getAuthority()
                                + " in "
                                + call.timeout().toMillis()
                                + " ms")),
                call.timeout().toNanos(),
                TimeUnit.NANOSECONDS);
    out.whenComplete(
        (r, e) -> {
          timer.cancel(false);
          if (r instanceof SbiResult.Failed f && f.failure() != SbiResult.Failure.CANCELLED) {
            metrics.failed(f.failure());
          }
        });
    attempt(call, 0, out);
    return out;
  }

  /**
   * Opens a connection to {@code uri}'s origin if there is none (a consumer's start-up and its
   * readiness probe); completes true once one is up.
   */
  public CompletableFuture<Boolean> connect(URI uri) {
    Optional<Origin> origin = Origin.of(uri);
    if (origin.isEmpty() || closed) {
      return CompletableFuture.completedFuture(false);
    }
    OriginPool pool = pool(origin.get());
    if (pool.anyUp()) {
      return CompletableFuture.completedFuture(true);
    }
    H2Connection c = pool.acquire(() -> open(origin.get()));
    if (c == null) {
      return CompletableFuture.completedFuture(false);
    }
    c.start();
    return c.ready()
        .thenApply(
            r -> {
              pool.release(c);
              return r instanceof H2Connection.Ready.Up;
            });
  }

  /**
   * Stops using the connections to {@code origin} (an instance no longer in use, e.g. gone from the
   * NRF): they take no new stream, and close once their streams are done. A later call to that
   * origin opens a new connection.
   */
  public void disconnect(Origin origin) {
    OriginPool pool = pools.remove(origin);
    if (pool != null) {
      pool.retire();
    }
  }

  /** True if a connection to {@code uri}'s origin is up. */
  public boolean isConnected(URI uri) {
    return Origin.of(uri).map(o -> pools.containsKey(o) && pool(o).anyUp()).orElse(false);
  }

  private void attempt(SbiCall call, int hops, CompletableFuture<SbiResult> out) {
    exchange(call, out)
        .thenAccept(
            r -> {
              if (!(r instanceof SbiResult.Answered a) || a.status() != 307 && a.status() != 308) {
                out.complete(r);
                return;
              }
              Optional<URI> next = a.header("location").flatMap(l -> resolve(call.uri(), l));
              Optional<Origin> to = next.flatMap(Origin::of);
              Optional<Origin> from = Origin.of(call.uri());
              if (to.isPresent()
                  && (!settings.redirectTargets().test(to.get())
                      || from.map(Origin::tls).orElse(false) && !to.get().tls())) {
                out.complete(
                    new SbiResult.Failed(
                        SbiResult.Failure.REDIRECT,
                        a.status()
                            + " from "
                            + call.uri().getAuthority()
                            + " to an origin not configured (or from https to http): "
                            + to.get()));
              } else if (to.isEmpty()) {
                out.complete(
                    new SbiResult.Failed(
                        SbiResult.Failure.REDIRECT,
                        a.status()
                            + " from "
                            + call.uri().getAuthority()
                            + " without a usable Location"));
              } else if (hops >= settings.maxRedirects()) {
                out.complete(
                    new SbiResult.Failed(
                        SbiResult.Failure.REDIRECT,
                        "more than " + settings.maxRedirects() + " redirects"));
              } else {
                metrics.redirected();
                attempt(call.to(next.get()), hops + 1, out);
              }
            });
  }

  /** One request and its answer on a pooled connection, aborted when {@code whole} completes. */
  private CompletableFuture<SbiResult> exchange(SbiCall call, CompletableFuture<SbiResult> whole) {
    CompletableFuture<SbiResult> one = new CompletableFuture<>();
    whole.whenComplete((r, e) -> one.complete(r));
    Optional<Origin> origin = Origin.of(call.uri());
    if (origin.isEmpty()) {
      one.complete(
          new SbiResult.Failed(SbiResult.Failure.CONNECT, "not an http(s) URI: " + call.uri()));
      return one;
    }
    OriginPool pool = pool(origin.get());
    H2Connection c = pool.acquire(() -> open(origin.get()));
    if (c == null) {
      one.complete(
          new SbiResult.Failed(
              SbiResult.Failure.BUSY, "every connection to " + origin.get() + " is full"));
      return one;
    }
    c.start();
    c.ready()
        .thenAccept(
            ready -> {
              if (ready instanceof H2Connection.Ready.Down down) {
                pool.release(c);
                one.complete(down.why());
                return;
              }
              Channel parent = ((H2Connection.Ready.Up) ready).channel();
              stream(parent, origin.get(), call, one, () -> pool.release(c));
            });
    return one;
  }

  private void stream(
      Channel parent,
      Origin origin,
      SbiCall call,
      CompletableFuture<SbiResult> one,
      Runnable release) {
    new Http2StreamChannelBootstrap(parent)
        .handler(
            new ChannelInitializer<Http2StreamChannel>() {
              @Override
              protected void initChannel(Http2StreamChannel ch) {
                ch.pipeline()
                    .addLast("http", new Http2StreamFrameToHttpObjectCodec(false))
                    .addLast("aggregate", new HttpObjectAggregator(settings.maxResponseBody()))
                    .addLast("call", new StreamCall(call, one));
              }
            })
        .open()
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                release.run();
                one.complete(
                    new SbiResult.Failed(
                        SbiResult.Failure.RESET, "no stream to " + origin + ": " + f.cause()));
                return;
              }
              Http2StreamChannel s = (Http2StreamChannel) f.getNow();
              s.closeFuture().addListener(x -> release.run());
              one.whenComplete((r, e) -> s.close());
              s.writeAndFlush(request(origin, call))
                  .addListener(
                      w -> {
                        if (!w.isSuccess()) {
                          one.complete(
                              new SbiResult.Failed(
                                  SbiResult.Failure.RESET, "request not sent: " + w.cause()));
                        }
                      });
            });
  }

  private static FullHttpRequest request(Origin origin, SbiCall call) {
    URI u = call.uri();
    String target = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath());
    if (u.getRawQuery() != null) {
      target += "?" + u.getRawQuery();
    }
    FullHttpRequest r =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1,
            HttpMethod.valueOf(call.method()),
            target,
            Unpooled.wrappedBuffer(call.bodyShared()));
    r.headers().set(HttpHeaderNames.HOST, origin.authority());
    r.headers().set(HttpHeaderNames.ACCEPT, "application/json, application/problem+json");
    call.headers().forEach((k, v) -> r.headers().set(k, v));
    if (call.bodyLength() > 0 || !call.method().equals("GET")) {
      HttpUtil.setContentLength(r, call.bodyLength());
    }
    return r;
  }

  private static Optional<URI> resolve(URI base, String location) {
    try {
      return Optional.of(base.resolve(new URI(location)));
    } catch (URISyntaxException | IllegalArgumentException bad) {
      return Optional.empty();
    }
  }

  private OriginPool pool(Origin o) {
    return pools.computeIfAbsent(o, x -> new OriginPool(settings.connectionsPerOrigin()));
  }

  private H2Connection open(Origin o) {
    return H2Connection.of(bootstrap, o, settings, metrics);
  }

  /** Closes every connection and frees the threads. */
  @Override
  public void close() {
    closed = true;
    pools.values().forEach(OriginPool::close);
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
