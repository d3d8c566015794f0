package org.gbabsf.http.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateEvent;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.UbOutcome;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.gbabsf.core.ub.UbRequest;
import org.gbabsf.http.codec.UbRequestDecoder;
import org.gbabsf.http.codec.UbResponseEncoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thin Netty adapter of Ub: decodes with {@link UbRequestDecoder}, calls the use case
 * asynchronously, encodes with {@link UbResponseEncoder}. Never blocks the event loop.
 *
 * <p>One request per connection is processed at a time; pipelined requests wait in a short queue so
 * that answers leave in order (RFC 9112 §9.3.2), and reading pauses while that queue is full. A
 * global in-flight bound turns excess load into 503 rather than a growing queue; the optional
 * {@link SourceRateLimit} turns a source's excess into 503 before the use case sees it. One
 * instance per channel.
 */
final class UbHandler extends ChannelInboundHandlerAdapter {

  private static final Logger log = LoggerFactory.getLogger(UbHandler.class);

  /** Pipelined requests held per connection beyond the one being processed. */
  static final int MAX_PIPELINED = 16;

  private final Function<UbRequest, CompletionStage<UbOutcome>> useCase;
  private final UbResponseEncoder encoder;
  private final UbMetrics metrics;
  private final AdaptiveLimit admission;
  private final SourceRateLimit sourceLimit;
  private final java.util.function.BooleanSupplier draining;
  private final ArrayDeque<FullHttpRequest> pipelined = new ArrayDeque<>();
  private boolean busy;
  private boolean closing;

  UbHandler(
      Function<UbRequest, CompletionStage<UbOutcome>> useCase,
      UbResponseEncoder encoder,
      UbMetrics metrics,
      AtomicInteger inFlight,
      int maxInFlight) {
    this(
        useCase,
        encoder,
        metrics,
        new AdaptiveLimit(maxInFlight, 0, () -> 0, inFlight, System::nanoTime),
        null,
        () -> false);
  }

  /**
   * A handler whose requests also pass {@code sourceLimit} (null: no limit), and whose answers
   * close their connection while {@code draining}.
   */
  UbHandler(
      Function<UbRequest, CompletionStage<UbOutcome>> useCase,
      UbResponseEncoder encoder,
      UbMetrics metrics,
      AdaptiveLimit admission,
      SourceRateLimit sourceLimit,
      java.util.function.BooleanSupplier draining) {
    this.useCase = useCase;
    this.encoder = encoder;
    this.metrics = metrics;
    this.admission = admission;
    this.sourceLimit = sourceLimit;
    this.draining = draining;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof FullHttpRequest request)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (closing) {
      request.release();
      return;
    }
    pipelined.add(request);
    if (pipelined.size() >= MAX_PIPELINED) {
      // Back-pressure: stop reading this connection until the queue drains.
      ctx.channel().config().setAutoRead(false);
    }
    drain(ctx);
  }

  /**
   * Processes queued requests in order until one is waiting for the use case, the queue is empty,
   * or the connection is closing. Requests answered at once (refused, overloaded) do not stop it.
   */
  private void drain(ChannelHandlerContext ctx) {
    while (!busy && !closing) {
      FullHttpRequest next = pipelined.poll();
      if (next == null) {
        break;
      }
      process(ctx, next);
    }
    if (closing) {
      releaseQueued();
    }
    if (pipelined.size() < MAX_PIPELINED && !ctx.channel().config().isAutoRead()) {
      ctx.channel().config().setAutoRead(true);
    }
  }

  private void process(ChannelHandlerContext ctx, FullHttpRequest request) {
    long start = System.nanoTime();
    boolean keepAlive;
    UbRequestDecoder.Decoded decoded;
    try {
      keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
      decoded = UbRequestDecoder.decode(request);
    } finally {
      request.release();
    }
    if (decoded instanceof UbRequestDecoder.Decoded.Refused refused) {
      respond(ctx, refused.rejection(), keepAlive, start);
      return;
    }
    UbRequest ubRequest = ((UbRequestDecoder.Decoded.Accepted) decoded).request();
    if (sourceLimit != null
        && ctx.channel().remoteAddress() instanceof InetSocketAddress remote
        && !sourceLimit.tryAcquire(remote.getAddress())) {
      respond(
          ctx,
          new Rejected(
              RejectReason.SOURCE_RATE_LIMITED,
              "too many requests from this address (ub.source-limit.rate)"),
          keepAlive,
          start);
      return;
    }
    boolean answersChallenge =
        ubRequest.credentials() != null && !ubRequest.credentials().isInitial();
    if (!(answersChallenge ? admission.tryAcquireAnswer() : admission.tryAcquire())) {
      respond(ctx, overloaded("too many requests in flight"), keepAlive, start);
      return;
    }
    busy = true;
    CompletionStage<UbOutcome> stage;
    try {
      stage = useCase.apply(ubRequest);
    } catch (RuntimeException bug) {
      admission.release();
      busy = false;
      log.error("Ub use case failed before answering; answering 503", bug);
      respond(ctx, overloaded("internal error"), false, start);
      return;
    }
    stage.whenComplete(
        (outcome, error) -> {
          admission.release();
          UbOutcome answer = outcome;
          if (error != null) {
            log.error("Ub use case completed exceptionally; answering 503", error);
            answer = overloaded("internal error");
          }
          UbOutcome toSend = answer;
          if (ctx.executor().inEventLoop()) {
            finish(ctx, toSend, keepAlive, start);
          } else {
            ctx.executor().execute(() -> finish(ctx, toSend, keepAlive, start));
          }
        });
  }

  private void finish(ChannelHandlerContext ctx, UbOutcome outcome, boolean keepAlive, long start) {
    busy = false;
    respond(ctx, outcome, keepAlive, start);
    drain(ctx);
  }

  private void respond(
      ChannelHandlerContext ctx, UbOutcome outcome, boolean keepAlive, long start) {
    boolean keep =
        keepAlive && !UbResponseEncoder.closesConnection(outcome) && !draining.getAsBoolean();
    FullHttpResponse response = encoder.encode(outcome, ctx.alloc());
    response
        .headers()
        .set(
            HttpHeaderNames.CONNECTION,
            keep ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
    metrics.record(outcome, System.nanoTime() - start);
    if (outcome instanceof Rejected r && log.isDebugEnabled()) {
      log.debug("Ub {}: {}", r.reason(), r.detail());
    }
    if (keep) {
      ctx.writeAndFlush(response, ctx.voidPromise());
    } else {
      // Nothing after a closing answer is processed: queued requests are dropped, not served.
      closing = true;
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  private void releaseQueued() {
    FullHttpRequest r;
    while ((r = pipelined.poll()) != null) {
      r.release();
    }
  }

  private static Rejected overloaded(String detail) {
    return new Rejected(RejectReason.OVERLOADED, detail);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof IdleStateEvent && !busy) {
      ctx.close();
      return;
    }
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closing = true;
    releaseQueued();
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug(
        "Ub connection {} closed after I/O error: {}",
        ctx.channel().remoteAddress(),
        cause.toString());
    ctx.close();
  }
}
