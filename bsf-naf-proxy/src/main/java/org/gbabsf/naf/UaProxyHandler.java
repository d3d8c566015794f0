package org.gbabsf.naf;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The proxy's Netty adapter: reads a UE's request, asks {@link UaAuthenticator} what to do, and
 * writes the answer: a challenge or a refusal ({@link UaAnswers}, the one place where refusing
 * outcomes become HTTP), or the application server's answer with Authentication-Info. Never blocks
 * its event loop; the continuation of the asynchronous steps hops back onto it before writing.
 */
final class UaProxyHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

  /** TS 24.109 §7.2 headers. */
  static final String ASSERTED = "X-3GPP-Asserted-Identity";

  static final String INTENDED = "X-3GPP-Intended-Identity";

  private final UaAuthenticator authenticator;
  private final Routes routes;
  private final UpstreamClient upstream;
  private final NafProxyMetrics metrics;
  private final UaAnswers answers;
  private final String scheme;
  private final boolean appendForwardedFor;

  UaProxyHandler(
      UaAuthenticator authenticator,
      Routes routes,
      UpstreamClient upstream,
      NafProxyMetrics metrics,
      String opaque,
      boolean tls,
      int retryAfterSeconds,
      boolean appendForwardedFor) {
    this.appendForwardedFor = appendForwardedFor;
    this.authenticator = authenticator;
    this.routes = routes;
    this.upstream = upstream;
    this.metrics = metrics;
    this.answers = new UaAnswers(opaque, retryAfterSeconds);
    this.scheme = tls ? "https" : "http";
  }

  /** Requests pipelined behind the one in progress, at most: more close the connection. */
  static final int MAX_PIPELINED = 16;

  // One request of a connection at a time (RFC 9112 §9.3.2: answers leave in request order); the
  // ones a UE pipelined behind it wait here. Touched on the channel's event loop only.
  private final java.util.ArrayDeque<FullHttpRequest> pipelined = new java.util.ArrayDeque<>();
  private boolean busy;

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (busy) {
      if (pipelined.size() == MAX_PIPELINED) {
        ctx.close();
        return;
      }
      pipelined.add(request.retain());
      return;
    }
    busy = true;
    handle(ctx, request);
  }

  /** Takes the next pipelined request, once the answer before it is written. */
  private void next(ChannelHandlerContext ctx, boolean open) {
    busy = false;
    if (!open) {
      releasePipelined();
      return;
    }
    FullHttpRequest r = pipelined.poll();
    if (r != null) {
      busy = true;
      try {
        handle(ctx, r);
      } finally {
        r.release();
      }
    }
  }

  private void releasePipelined() {
    for (FullHttpRequest r = pipelined.poll(); r != null; r = pipelined.poll()) {
      r.release();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    releasePipelined();
    super.channelInactive(ctx);
  }

  private void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    long start = System.nanoTime();
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    if (!request.decoderResult().isSuccess()) {
      refusalLine(ctx, "a request that does not frame (RFC 9112)", request.decoderResult().cause());
      write(
          ctx,
          UaAnswers.text(HttpResponseStatus.BAD_REQUEST, "malformed request"),
          false,
          "bad_request",
          start);
      return;
    }
    if (HopByHop.unknownTransferCoding(request.headers())) {
      // RFC 9112 §6.1: a coding we cannot decode; only chunked is, and only one framing goes on.
      refusalLine(ctx, "a transfer coding other than chunked", null);
      write(
          ctx,
          UaAnswers.text(HttpResponseStatus.NOT_IMPLEMENTED, "transfer coding not implemented"),
          false,
          "not_implemented",
          start);
      return;
    }
    String host = host(request.headers().get(HttpHeaderNames.HOST));
    if (host == null) {
      write(
          ctx,
          UaAnswers.text(HttpResponseStatus.BAD_REQUEST, "Host required"),
          false,
          "bad_request",
          start);
      return;
    }
    String target = request.uri();
    String path = target.indexOf('?') >= 0 ? target.substring(0, target.indexOf('?')) : target;
    Optional<Routes.Route> route = routes.find(host, path);
    if (route.isEmpty()) {
      write(
          ctx,
          UaAnswers.text(
              HttpResponseStatus.NOT_FOUND, "no application server for " + printable(host) + path),
          keepAlive,
          "no_route",
          start);
      return;
    }
    byte[] body = ByteBufUtil.getBytes(request.content());
    UaRequest ua =
        new UaRequest(
            host,
            request.method().name(),
            target,
            Optional.ofNullable(request.headers().get(HttpHeaderNames.AUTHORIZATION)),
            () -> UaDigest.bodyMd5(body),
            Optional.ofNullable(request.headers().get(INTENDED)),
            protocol(ctx),
            Optional.ofNullable(request.headers().get(HttpHeaderNames.USER_AGENT)));
    FullHttpRequest forward = request.retainedDuplicate();
    authenticator
        .authenticate(ua)
        .whenComplete(
            (outcome, bug) ->
                ctx.executor()
                    .execute(
                        () ->
                            answer(
                                ctx, forward, host, route.get(), outcome, bug, keepAlive, start)));
  }

  private void answer(
      ChannelHandlerContext ctx,
      FullHttpRequest forward,
      String host,
      Routes.Route route,
      UaOutcome outcome,
      Throwable bug,
      boolean keepAlive,
      long start) {
    if (bug != null) {
      forward.release();
      write(
          ctx,
          answers.unavailable("internal error"),
          keepAlive,
          "error",
          NafProxyMetrics.NO_KEYING,
          start);
      return;
    }
    if (outcome instanceof UaOutcome.Authenticated authenticated) {
      forward(ctx, forward, host, route, authenticated, keepAlive, start);
      return;
    }
    forward.release();
    UaAnswers.Answer a = answers.of(outcome, host, authenticator.nonces(), keepAlive);
    write(ctx, a.response(), a.keepAlive(), a.outcome(), a.keying(), start);
  }

  private void forward(
      ChannelHandlerContext ctx,
      FullHttpRequest request,
      String host,
      Routes.Route route,
      UaOutcome.Authenticated a,
      boolean keepAlive,
      long start) {
    URI up = route.upstream();
    String basePath = up.getRawPath() == null ? "" : up.getRawPath().replaceAll("/$", "");
    FullHttpRequest out =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1, request.method(), basePath + request.uri(), request.content());
    out.headers().set(request.headers());
    HttpHeaders h = out.headers();
    h.remove(HttpHeaderNames.AUTHORIZATION); // TS 24.109 §7.2
    HopByHop.remove(h); // RFC 9110 §7.6.1; Expect: the proxy holds the whole body already
    HopByHop.removeClaims(h, appendForwardedFor); // only the proxy asserts, in any spelling
    h.set(
        ASSERTED,
        a.assertedIdentities().stream()
            .map(id -> "\"" + id + "\"")
            .collect(Collectors.joining(", ")));
    if (ctx.channel().remoteAddress() instanceof InetSocketAddress ue) {
      h.add("X-Forwarded-For", ue.getAddress().getHostAddress()); // the UE's own were removed
    }
    h.set("X-Forwarded-Proto", scheme);
    HttpUtil.setContentLength(out, out.content().readableBytes());
    HttpUtil.setKeepAlive(out, true);
    upstream
        .send(up, out)
        .whenComplete(
            (result, bug) ->
                ctx.executor()
                    .execute(() -> answerUpstream(ctx, host, a, result, keepAlive, start)));
  }

  private void answerUpstream(
      ChannelHandlerContext ctx,
      String host,
      UaOutcome.Authenticated a,
      UpstreamClient.Result result,
      boolean keepAlive,
      long start) {
    if (result == null) {
      write(
          ctx,
          UaAnswers.text(HttpResponseStatus.BAD_GATEWAY, "application server unreachable"),
          keepAlive,
          "upstream_unreachable",
          a.keying().tag(),
          start);
      return;
    }
    if (result instanceof UpstreamClient.Result.Failed f) {
      HttpResponseStatus status =
          switch (f.kind()) {
            case UNREACHABLE -> HttpResponseStatus.BAD_GATEWAY;
            case BUSY -> HttpResponseStatus.SERVICE_UNAVAILABLE;
            case TIMEOUT -> HttpResponseStatus.GATEWAY_TIMEOUT;
          };
      FullHttpResponse r =
          status == HttpResponseStatus.SERVICE_UNAVAILABLE
              ? answers.unavailable("application server " + f.kind().tag())
              : UaAnswers.text(status, "application server " + f.kind().tag());
      write(ctx, r, keepAlive, "upstream_" + f.kind().tag(), a.keying().tag(), start);
      return;
    }
    FullHttpResponse in = ((UpstreamClient.Result.Response) result).response();
    FullHttpResponse out =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, in.status(), in.content());
    out.headers().set(in.headers());
    HopByHop.remove(out.headers()); // the upstream connection's, not the UE's
    String bodyMd5 =
        a.credentials().qop().equals("auth-int")
            ? UaDigest.bodyMd5(ByteBufUtil.getBytes(out.content()))
            : null;
    out.headers()
        .set(
            "Authentication-Info",
            UaDigest.authenticationInfo(
                a.credentials(), a.nafKey(), bodyMd5, authenticator.nonces().issue(host)));
    write(ctx, out, keepAlive, "forwarded", a.keying().tag(), start);
  }

  private void write(
      ChannelHandlerContext ctx,
      FullHttpResponse r,
      boolean keepAlive,
      String outcome,
      long start) {
    write(ctx, r, keepAlive, outcome, NafProxyMetrics.NO_KEYING, start);
  }

  private void write(
      ChannelHandlerContext ctx,
      FullHttpResponse r,
      boolean keepAlive,
      String outcome,
      String keying,
      long start) {
    HttpUtil.setContentLength(r, r.content().readableBytes());
    metrics.answered(outcome, keying, outcome.equals("forwarded") ? "forwarded" : "refused", start);
    if (keepAlive) {
      HttpUtil.setKeepAlive(r, true);
      ctx.writeAndFlush(r);
    } else {
      HttpUtil.setKeepAlive(r, false);
      ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
    }
    next(ctx, keepAlive && ctx.channel().isActive());
  }

  /**
   * The connection's Ua security protocol (TS 33.220 Annex H.3): Digest over HTTP, or over TLS with
   * the suite agreed (TS 33.222 §5.3), which changes NAF_Id and so the key.
   */
  private static UaProtocol protocol(ChannelHandlerContext ctx) {
    io.netty.handler.ssl.SslHandler ssl = ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class);
    return ssl == null
        ? UaProtocol.HTTP_DIGEST
        : UaProtocol.overTls(ssl.engine().getSession().getCipherSuite());
  }

  /** The Host header's name, lower case, without port; null if absent or not a hostname. */
  static String host(String header) {
    if (header == null || header.isBlank()) {
      return null;
    }
    String h = header.strip().toLowerCase(Locale.ROOT);
    int colon = h.lastIndexOf(':');
    if (colon > 0 && h.indexOf(']') < colon) {
      h = h.substring(0, colon);
    }
    return h.matches("[a-z0-9]([a-z0-9.-]{0,252})") ? h : null;
  }

  /**
   * One WARN for a request refused for its framing, at most every 10 s for the process (a client
   * that repeats itself, or a scan), else DEBUG; with the client's address, never its headers.
   */
  private static void refusalLine(ChannelHandlerContext ctx, String what, Throwable cause) {
    String text = "NAF proxy: refused {} from {}{}";
    Object[] args = {
      what,
      ctx.channel().remoteAddress() instanceof InetSocketAddress a
          ? a.getAddress().getHostAddress()
          : "?",
      cause == null
          ? ""
          : ": " + printable(String.valueOf(cause.getMessage()).replaceAll("[^\\x20-\\x7e]", "?"))
    };
    if (REFUSAL_LINES.warn()) {
      log.warn(text, args);
    } else {
      log.debug(text, args);
    }
  }

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(UaProxyHandler.class);
  private static final org.gbabsf.core.time.WarnLimiter REFUSAL_LINES =
      new org.gbabsf.core.time.WarnLimiter(java.time.Duration.ofSeconds(10));

  private static String printable(String s) {
    return s.length() > 120 ? s.substring(0, 120) + "…" : s;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt instanceof IdleStateEvent) {
      ctx.close();
      return;
    }
    super.userEventTriggered(ctx, evt);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
