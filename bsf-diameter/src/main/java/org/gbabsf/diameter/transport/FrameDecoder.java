package org.gbabsf.diameter.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import org.gbabsf.diameter.DiameterHeader;

/**
 * Cuts the byte stream into Diameter messages by the rules of {@link DiameterFraming}: the first
 * word is checked before anything more is buffered (a frame announcing 16 MiB is refused at once),
 * then the whole message's AVPs. Emits each message as a {@code byte[]}; on the first violation
 * emits one {@link Rejected} and discards everything after it (the connection is closing).
 */
final class FrameDecoder extends ByteToMessageDecoder {

  /**
   * A frame that broke the rules. {@code received} is what was read of it: its header (20 bytes)
   * when that much arrived, the whole message when {@code bodyRead}.
   */
  record Rejected(DiameterFraming.Refused refusal, byte[] received, boolean bodyRead) {}

  private final int maxLength;
  private boolean failed;

  FrameDecoder(int maxLength) {
    this.maxLength = maxLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    while (in.readableBytes() >= 4) {
      DiameterFraming.Check header = DiameterFraming.header(in.getInt(in.readerIndex()), maxLength);
      if (header instanceof DiameterFraming.Refused refused) {
        if (in.readableBytes() >= DiameterHeader.LENGTH) {
          reject(in, out, refused);
        }
        return; // else wait for the whole header, so that a request can be answered
      }
      int length = ((DiameterFraming.Accepted) header).length();
      if (in.readableBytes() < length) {
        return;
      }
      byte[] message = new byte[length];
      in.readBytes(message);
      DiameterFraming.Check body = DiameterFraming.message(message);
      if (body instanceof DiameterFraming.Refused refused) {
        failed = true;
        out.add(new Rejected(refused, message, true));
        in.skipBytes(in.readableBytes());
        return;
      }
      out.add(message);
    }
  }

  /** Refuses on the header alone: the body is neither read nor trusted. */
  private void reject(ByteBuf in, List<Object> out, DiameterFraming.Refused refused) {
    failed = true;
    byte[] header = new byte[DiameterHeader.LENGTH];
    in.readBytes(header);
    in.skipBytes(in.readableBytes());
    out.add(new Rejected(refused, header, false));
  }
}
