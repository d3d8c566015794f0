package org.gbabsf.sba.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * One HTTP/2 stream of the SBI server, after {@code Http2StreamFrameToHttpObjectCodec}: checks the
 * generic rules of TS 29.500 §5.2 on the request head (route 404/405, content-length 411, size 413,
 * media type 415 (JSON, or a type the route lists), in-flight limit 429) before any body is read,
 * gathers the body, calls the route's {@link SbiService} and writes its answer. A request still
 * arriving when {@code requestTimeout} passes is reset; an answer not ready by then is a 503. Never
 * blocks.
 */
final class SbiStreamHandler extends ChannelInboundHandlerAdapter {

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(SbiStreamHandler.class);

  private final SbiRoutes routes;
  private final SbiServerSettings settings;
  private final SbiServerMetrics metrics;
  private final SbiPeer peer;
  private long start;
  private ScheduledFuture<?> deadline;
  private HttpRequest head;
  private String rawPath;
  private SbiRoutes.Match.Found found;
  private byte[] body;
  private long declared;
  private int received;
  private boolean admitted;
  private boolean answered;
  private boolean requestComplete;
  private boolean dispatched;

  SbiStreamHandler(
      SbiRoutes routes, SbiServerSettings settings, SbiServerMetrics metrics, SbiPeer peer) {
    this.routes = routes;
    this.settings = settings;
    this.metrics = metrics;
    this.peer = peer;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    start = System.nanoTime();
    deadline =
        ctx.executor()
            .schedule(
                () -> onDeadline(ctx), settings.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (answered || requestComplete) {
        return;
      }
      if (msg instanceof HttpRequest r) {
        onHead(ctx, r);
      }
      if (!answered && head != null && msg instanceof HttpContent c) {
        onContent(ctx, c);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void onHead(ChannelHandlerContext ctx, HttpRequest r) {
    head = r;
    String uri = r.uri();
    int q = uri.indexOf('?');
    rawPath = q < 0 ? uri : uri.substring(0, q);
    Optional<List<String>> segments = PathSegments.decode(rawPath);
    if (segments.isEmpty()) {
      early(ctx, "none", Problems.invalidApi("the path is not a valid URI path"));
      return;
    }
    SbiRoutes.Match m = routes.match(r.method().name(), segments.get());
    if (m instanceof SbiRoutes.Match.NoResource) {
      early(ctx, "none", Problems.resourceUriStructureNotFound(printable(rawPath)));
      return;
    }
    if (m instanceof SbiRoutes.Match.WrongMethod wrong) {
      answer(
          ctx,
          "none",
          SbiResponse.problem(Problems.methodNotAllowed(r.method().name()))
              .withHeader("allow", String.join(", ", wrong.allowed())));
      return;
    }
    found = (SbiRoutes.Match.Found) m;
    String api = found.route().api();
    long length = HttpUtil.getContentLength(r, -1L);
    boolean takesBody = hasBody(r.method().name());
    if (takesBody && length < 0) {
      early(ctx, api, Problems.lengthRequired());
      return;
    }
    if (length > settings.maxBody()) {
      early(ctx, api, Problems.payloadTooLarge(settings.maxBody()));
      return;
    }
    if (length > 0) {
      String type = r.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
      if (!found.route().accepts(type)) {
        early(ctx, api, Problems.unsupportedMediaType(printable(type)));
        return;
      }
    }
    // The slot is taken before any body byte is held: at most max-in-flight × max-body bytes
    // are buffered over all connections, whatever the peers announce.
    if (metrics.inFlight.incrementAndGet() > settings.maxInFlight()) {
      metrics.inFlight.decrementAndGet();
      early(ctx, api, Problems.congestionRisk(), true);
      return;
    }
    admitted = true;
    declared = Math.max(0, length);
    body = new byte[(int) Math.min(declared, 1024)];
  }

  private void onContent(ChannelHandlerContext ctx, HttpContent c) {
    int n = c.content().readableBytes();
    if (n > 0) {
      if (received + n > declared) {
        // More than content-length announced: the HTTP/2 codec resets such streams; be safe.
        early(ctx, found.route().api(), Problems.payloadTooLarge(settings.maxBody()));
        return;
      }
      if (received + n > body.length) {
        // Grows with what arrives, never past the announced length.
        body =
            java.util.Arrays.copyOf(
                body, (int) Math.min(declared, Math.max(received + n, 2L * body.length)));
      }
      c.content().readBytes(body, received, n);
      received += n;
    }
    if (c instanceof LastHttpContent) {
      requestComplete = true;
      dispatch(ctx);
    }
  }

  private void dispatch(ChannelHandlerContext ctx) {
    dispatched = true;
    // The slot now goes with the service's work, and is freed when that completes.
    admitted = false;
    String api = found.route().api();
    SbiRequest request =
        new SbiRequest(
            head.method().name(),
            rawPath,
            new QueryStringDecoder(head.uri()).parameters(),
            headers(head),
            received == body.length ? body : java.util.Arrays.copyOf(body, received),
            peer,
            found.params());
    CompletionStage<SbiResponse> answer;
    try {
      // A null stage is a failed service too: its in-flight slot must be given back.
      answer =
          java.util.Objects.requireNonNull(
              found.route().service().handle(request), "the service returned no stage");
    } catch (RuntimeException bug) {
      metrics.inFlight.decrementAndGet();
      metrics.serviceFailed();
      log.error("SBI {}: the service failed on {}", api, request, bug);
      answer(ctx, api, SbiResponse.problem(Problems.systemFailure("the service failed")));
      return;
    }
    answer.whenComplete(
        (response, failure) -> {
          metrics.inFlight.decrementAndGet();
          ctx.executor()
              .execute(
                  () -> {
                    if (failure != null || response == null) {
                      metrics.serviceFailed();
                      log.error(
                          "SBI {}: the service failed on {}", api, printable(head.uri()), failure);
                      answer(
                          ctx,
                          api,
                          SbiResponse.problem(Problems.systemFailure("the service failed")));
                    } else {
                      answer(ctx, api, response);
                    }
                  });
        });
  }

  private void onDeadline(ChannelHandlerContext ctx) {
    if (answered) {
      return;
    }
    if (!requestComplete) {
      metrics.requestTimedOut();
      log.debug("SBI: request from {} incomplete after the timeout; stream reset", address());
      answered = true;
      release();
      ctx.close();
      return;
    }
    metrics.answerTimedOut();
    log.debug("SBI: no answer ready in time for {}; 503", printable(head.uri()));
    answer(
        ctx,
        found.route().api(),
        SbiResponse.problem(Problems.congestion("no answer within the request timeout"))
            .withHeader("retry-after", retryAfter()));
  }

  /** An answer given before the whole request arrived: the rest of it is not read. */
  private void early(ChannelHandlerContext ctx, String api, Problem p) {
    early(ctx, api, p, false);
  }

  private void early(ChannelHandlerContext ctx, String api, Problem p, boolean retry) {
    log.debug("SBI {} from {}: {} {}", api, address(), p.status(), p.detail().orElse(""));
    SbiResponse r = SbiResponse.problem(p);
    answer(ctx, api, retry ? r.withHeader("retry-after", retryAfter()) : r);
  }

  private void answer(ChannelHandlerContext ctx, String api, SbiResponse r) {
    if (answered) {
      return;
    }
    answered = true;
    deadline.cancel(false);
    release();
    metrics.answered(api, r.status(), start);
    FullHttpResponse out =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.valueOf(r.status()),
            Unpooled.wrappedBuffer(r.body()));
    r.headers().forEach((k, v) -> out.headers().set(k, v));
    HttpUtil.setContentLength(out, r.bodyLength());
    var written = ctx.writeAndFlush(out);
    if (!requestComplete && !dispatched) {
      // RFC 9113 §8.1: a complete answer before the whole request; the client is asked to stop
      // sending the rest with RST_STREAM(NO_ERROR).
      written.addListener(
          f ->
              ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.NO_ERROR))
                  .addListener(ChannelFutureListener.CLOSE));
    }
  }

  /** Frees the in-flight slot of a request the service never got. */
  private void release() {
    if (admitted) {
      admitted = false;
      metrics.inFlight.decrementAndGet();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (deadline != null) {
      deadline.cancel(false);
    }
    answered = true;
    release();
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug("SBI stream from {} failed: {}", address(), cause.toString());
    answered = true;
    release();
    ctx.close();
  }

  private String retryAfter() {
    return Long.toString(Math.max(1, settings.retryAfter().toSeconds()));
  }

  private String address() {
    InetSocketAddress a = peer.address();
    return a == null ? "?" : a.getAddress().getHostAddress() + ":" + a.getPort();
  }

  private static Map<String, String> headers(HttpRequest r) {
    Map<String, String> out = new HashMap<>();
    for (Map.Entry<String, String> e : r.headers()) {
      out.putIfAbsent(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
    }
    return out;
  }

  private static boolean hasBody(String method) {
    return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
  }

  /** {@code application/json} or a {@code +json} type (problem, merge-patch), any parameters. */
  static boolean isJson(String contentType) {
    String type = mediaType(contentType);
    return type.equals("application/json")
        || type.startsWith("application/") && type.endsWith("+json");
  }

  /** The media type of a Content-Type value: without parameters, stripped, lower case. */
  static String mediaType(String contentType) {
    int semi = contentType.indexOf(';');
    String type = (semi < 0 ? contentType : contentType.substring(0, semi)).strip();
    return type.toLowerCase(Locale.ROOT);
  }

  /** A peer-supplied string made safe for a log line or a detail: printable ASCII, 128 chars. */
  static String printable(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 128; i++) {
      char c = s.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > 128 ? b + "…" : b.toString();
  }
}
