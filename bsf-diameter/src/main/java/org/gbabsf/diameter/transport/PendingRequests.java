package org.gbabsf.diameter.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import org.gbabsf.diameter.DiameterHeader;
import org.gbabsf.diameter.base.BaseCommands;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.transport.TransportEvents.Undelivered;

/**
 * Bounds the application requests of one connection that the stack holds unanswered (RFC 6733
 * §7.1.3, 3004 DIAMETER_ResultCodes.TOO_BUSY). jdiameter queues a peer's requests for its FSM
 * thread in a queue of 10,000 events, and when that is full, the thread handing it a message waits
 * for room: here, the node's one I/O thread, which serves every connection. A peer that pipelines
 * requests faster than they are answered would so stop every connection of the node, the HSS's too.
 * Past {@code limit} requests without their answer, a request is answered 3004 (E bit) here,
 * counted and logged, and the connection stays open: a peer may retry later or elsewhere. A peer
 * that also stops reading is disconnected instead, so that the refusals cannot pile up unwritten.
 *
 * <p>A request counts from the moment it goes on to the stack until an answer of the same
 * connection is written (answers go out in any order, and only the count matters). The base
 * protocol's exchanges (CER, DWR, DPR) are not counted: they are the peer FSM's own. Runs on the
 * connection's I/O thread, in and out (Netty runs a handler's writes on its event loop).
 */
final class PendingRequests extends ChannelDuplexHandler {

  private final DiameterTransport transport;
  private final int limit;
  private int pending;

  PendingRequests(DiameterTransport transport, int limit) {
    this.transport = transport;
    this.limit = limit;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof byte[] m && counted(m[4], DiameterHeader.of(m).commandCode(), true)) {
      if (pending >= limit) {
        refuse(ctx, m);
        return;
      }
      pending++;
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof ByteBuf b
        && b.readableBytes() >= DiameterHeader.LENGTH
        && pending > 0
        && counted(
            b.getByte(b.readerIndex() + 4), b.getUnsignedMedium(b.readerIndex() + 5), false)) {
      pending--;
    }
    ctx.write(msg, promise);
  }

  /** An application's message, request or answer as {@code request} says. */
  private static boolean counted(byte flags, int commandCode, boolean request) {
    boolean isRequest = (flags & DiameterHeader.FLAG_R) != 0;
    return isRequest == request && !BaseCommands.peerExchange(commandCode);
  }

  private void refuse(ChannelHandlerContext ctx, byte[] request) {
    if (!ctx.channel().isWritable()) {
      // Flooding and not reading: the refusals would pile up unwritten. Disconnected, as a peer
      // that does not read its answers is (NettyConnection).
      transport.events().answerUndelivered(Undelivered.NOT_READING, ScreenHandler.remote(ctx));
      ctx.close();
      return;
    }
    DiameterHeader h = DiameterHeader.of(request);
    transport
        .events()
        .requestRefused(
            ResultCodes.TOO_BUSY, h.commandCode(), h.applicationId(), ScreenHandler.remote(ctx));
    ProtocolAnswers.answer(
            request,
            true,
            ResultCodes.TOO_BUSY,
            new byte[0],
            transport.originHost(),
            transport.originRealm())
        .ifPresent(a -> ctx.writeAndFlush(Unpooled.wrappedBuffer(a)));
  }

  /** Requests of this connection the stack holds unanswered (for tests). */
  int pending() {
    return pending;
  }
}
