package org.gbabsf.diameter.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Optional;
import org.gbabsf.diameter.DiameterHeader;
import org.gbabsf.diameter.transport.TransportEvents.Undelivered;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers, on the I/O thread, what must not reach the stack: a frame that broke the framing rules
 * (answered where its header is a request's, then the connection is closed) and a request the node
 * does not serve ({@link RequestScreen}: 3001, 3007, 3008, the connection stays open). Everything
 * else passes on. A peer closing or resetting its connection is normal: no stack trace.
 */
final class ScreenHandler extends ChannelInboundHandlerAdapter {

  private static final Logger log = LoggerFactory.getLogger(ScreenHandler.class);

  private final DiameterTransport transport;

  ScreenHandler(DiameterTransport transport) {
    this.transport = transport;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof FrameDecoder.Rejected rejected) {
      refuseFrame(ctx, rejected);
      return;
    }
    byte[] m = (byte[]) msg;
    DiameterHeader h = DiameterHeader.of(m); // framed: at least a whole header
    long refusal = transport.screen().check(h.flags(), h.commandCode(), h.applicationId());
    if (refusal == 0) {
      ctx.fireChannelRead(m);
      return;
    }
    refuseRequest(ctx, transport, m, refusal);
  }

  /**
   * Answers {@code request} (whose body framed) with the protocol error {@code resultCode}, counted
   * and logged, the connection kept; or, if the peer does not read (the connection is not
   * writable), closes the connection instead, so that refusals cannot pile up unwritten.
   */
  static void refuseRequest(
      ChannelHandlerContext ctx, DiameterTransport transport, byte[] request, long resultCode) {
    if (!ctx.channel().isWritable()) {
      transport.events().answerUndelivered(Undelivered.NOT_READING, remote(ctx));
      ctx.close();
      return;
    }
    DiameterHeader h = DiameterHeader.of(request);
    transport.events().requestRefused(resultCode, h.commandCode(), h.applicationId(), remote(ctx));
    ProtocolAnswers.answer(
            request, true, resultCode, new byte[0], transport.originHost(), transport.originRealm())
        .ifPresent(a -> ctx.writeAndFlush(Unpooled.wrappedBuffer(a)));
  }

  private void refuseFrame(ChannelHandlerContext ctx, FrameDecoder.Rejected r) {
    transport.events().frameRefused(r.refusal().violation(), remote(ctx));
    Optional<io.netty.buffer.ByteBuf> answer =
        answer(
            ctx,
            r.received(),
            false,
            r.refusal().violation().resultCode(),
            r.refusal().failedAvp());
    if (answer.isPresent()) {
      ctx.writeAndFlush(answer.get()).addListener(ChannelFutureListener.CLOSE);
    } else {
      ctx.close();
    }
  }

  private Optional<io.netty.buffer.ByteBuf> answer(
      ChannelHandlerContext ctx, byte[] request, boolean framed, long code, byte[] failedAvp) {
    return ProtocolAnswers.answer(
            request, framed, code, failedAvp, transport.originHost(), transport.originRealm())
        .map(Unpooled::wrappedBuffer);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof IOException) {
      log.debug("Diameter: connection from {} lost: {}", remote(ctx), cause.toString());
    } else {
      log.warn(
          "Diameter: connection from {} closed on an error: {}", remote(ctx), cause.toString());
    }
    ctx.close();
  }

  static InetAddress remote(ChannelHandlerContext ctx) {
    return ctx.channel().remoteAddress() instanceof InetSocketAddress a
        ? a.getAddress()
        : InetAddress.getLoopbackAddress();
  }
}
