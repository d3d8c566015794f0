package org.gbabsf.diameter.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import org.gbabsf.diameter.DiameterHeader;
import org.gbabsf.diameter.base.BaseCommands;
import org.gbabsf.diameter.base.ResultCodes;

/**
 * Bounds what one connection can make the stack hold. jdiameter queues a peer's messages for its
 * FSM thread in a queue of 10,000 events, and when that is full, the thread handing it a message
 * waits for room: here, the node's one I/O thread, which serves every connection. A peer sending
 * faster than the stack takes its messages (or a stack that fell behind) would so stop every
 * connection of the node, the HSS's too. So, per connection:
 *
 * <ul>
 *   <li>requests the stack has not answered yet: past {@code limit}, a request is answered 3004
 *       DIAMETER_TOO_BUSY (RFC 6733 §7.1.3, E bit) here, counted and logged, and the connection
 *       stays open; a peer may retry later or elsewhere. A peer that also stops reading is
 *       disconnected instead, so that the refusals cannot pile up unwritten;
 *   <li>answers: only as many as requests were sent on the connection; an answer to nothing sent
 *       (jdiameter would drop it too, after queueing it) is dropped here and counted.
 * </ul>
 *
 * <p>A request counts from the moment it goes on to the stack until an answer is written on the
 * connection (answers go out in any order; only the count matters). The CER and CEA are the
 * handshake's, outside both counts; DWR/DWA and DPR/DPA are in. Runs on the connection's I/O
 * thread, in and out (Netty runs a handler's writes on its event loop).
 */
final class PendingRequests extends ChannelDuplexHandler {

  private static final int CER = BaseCommands.CAPABILITIES_EXCHANGE;

  private final DiameterTransport transport;
  private final int limit;
  private int unanswered; // the peer's requests, handed to the stack, not yet answered
  private int awaited; // our requests written on this connection, not yet answered

  PendingRequests(DiameterTransport transport, int limit) {
    this.transport = transport;
    this.limit = limit;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof byte[] m && DiameterHeader.of(m).commandCode() != CER) {
      if ((m[4] & DiameterHeader.FLAG_R) != 0) {
        if (unanswered >= limit) {
          ScreenHandler.refuseRequest(ctx, transport, m, ResultCodes.TOO_BUSY);
          return;
        }
        unanswered++;
      } else if (awaited == 0) {
        transport.events().unsolicitedAnswer(ScreenHandler.remote(ctx));
        return;
      } else {
        awaited--;
      }
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof ByteBuf b
        && b.readableBytes() >= DiameterHeader.LENGTH
        && b.getUnsignedMedium(b.readerIndex() + 5) != CER) {
      if ((b.getByte(b.readerIndex() + 4) & DiameterHeader.FLAG_R) != 0) {
        awaited++;
      } else if (unanswered > 0) {
        unanswered--;
      }
    }
    ctx.write(msg, promise);
  }

  /** The peer's requests on this connection that the stack holds unanswered (for tests). */
  int unanswered() {
    return unanswered;
  }
}
