package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.junit.jupiter.api.Test;

/**
 * The frame decoder on an {@link EmbeddedChannel}: whole messages out, one rejection, then nothing.
 */
class FrameDecoderTest {

  private static final byte[] BIR =
      DiameterWire.encode(
          new DiameterMessage(
              310, 16777220, true, true, false, false, 1, 2, List.of(Avp.utf8(1, 0, true, "a"))));

  @Test
  void should_emit_each_message_when_two_arrive_in_one_read_and_one_in_pieces() {
    EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(64 * 1024));
    byte[] two = new byte[BIR.length * 2];
    System.arraycopy(BIR, 0, two, 0, BIR.length);
    System.arraycopy(BIR, 0, two, BIR.length, BIR.length);

    ch.writeInbound(Unpooled.wrappedBuffer(two));
    ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOf(BIR, 3)));
    ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(BIR, 3, BIR.length)));

    assertThat((byte[]) ch.readInbound()).isEqualTo(BIR);
    assertThat((byte[]) ch.readInbound()).isEqualTo(BIR);
    assertThat((byte[]) ch.readInbound()).isEqualTo(BIR);
    assertThat((Object) ch.readInbound()).isNull();
  }

  @Test
  void should_refuse_on_the_header_alone_when_a_message_announces_more_than_the_maximum() {
    EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(64 * 1024));
    byte[] header = Arrays.copyOf(BIR, 20);
    ByteBuffer.wrap(header).putInt(0x01FF_FFFC);

    ch.writeInbound(Unpooled.wrappedBuffer(header));
    FrameDecoder.Rejected r = ch.readInbound();

    assertThat(r.refusal().violation()).isEqualTo(DiameterFraming.Violation.MESSAGE_TOO_LARGE);
    assertThat(r.received()).hasSize(20);
    assertThat(r.bodyRead()).isFalse();
  }

  @Test
  void should_wait_for_the_whole_header_when_a_bad_version_arrives_in_four_bytes() {
    EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(64 * 1024));
    byte[] bad = BIR.clone();
    bad[0] = 2;

    ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOf(bad, 4)));
    Object early = ch.readInbound();
    ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(bad, 4, bad.length)));
    FrameDecoder.Rejected r = ch.readInbound();

    assertThat(early).isNull();
    assertThat(r.refusal().violation()).isEqualTo(DiameterFraming.Violation.UNSUPPORTED_VERSION);
    assertThat(r.received()).hasSize(20);
  }

  @Test
  void should_discard_everything_when_a_frame_was_refused() {
    EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(64 * 1024));
    byte[] bad = BIR.clone();
    ByteBuffer.wrap(bad).putInt(24, 0x4000_0100);
    byte[] then = new byte[bad.length + BIR.length];
    System.arraycopy(bad, 0, then, 0, bad.length);
    System.arraycopy(BIR, 0, then, bad.length, BIR.length);

    ch.writeInbound(Unpooled.wrappedBuffer(then));
    ch.writeInbound(Unpooled.wrappedBuffer(BIR));

    assertThat((Object) ch.readInbound()).isInstanceOf(FrameDecoder.Rejected.class);
    assertThat((Object) ch.readInbound()).isNull();
  }
}
