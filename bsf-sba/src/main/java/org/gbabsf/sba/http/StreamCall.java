package org.gbabsf.sba.http;

import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The client side of one stream, after the HTTP/2-to-HTTP codec and an aggregator: completes {@code
 * result} with the answer, or with why there is none (reset, too large). Informational (1xx)
 * answers are skipped by the codec.
 */
final class StreamCall extends ChannelInboundHandlerAdapter {

  private final SbiCall call;
  private final CompletableFuture<SbiResult> result;

  StreamCall(SbiCall call, CompletableFuture<SbiResult> result) {
    this.call = call;
    this.result = result;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof FullHttpResponse r) {
        Map<String, String> headers = new HashMap<>();
        for (Map.Entry<String, String> e : r.headers()) {
          headers.putIfAbsent(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        byte[] body = ByteBufUtil.getBytes(r.content());
        result.complete(new SbiResult.Answered(r.status().code(), headers, body, call.uri()));
        ctx.close();
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    result.complete(
        new SbiResult.Failed(SbiResult.Failure.RESET, "stream closed before the answer"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof TooLongFrameException) {
      result.complete(new SbiResult.Failed(SbiResult.Failure.TOO_LARGE, "answer body too large"));
    } else {
      result.complete(new SbiResult.Failed(SbiResult.Failure.RESET, cause.toString()));
    }
    ctx.close();
  }
}
