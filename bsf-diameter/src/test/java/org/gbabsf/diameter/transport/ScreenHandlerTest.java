package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseMessages;
import org.junit.jupiter.api.Test;

class ScreenHandlerTest {

  private final RecordingEvents events = new RecordingEvents();
  private final EmbeddedChannel channel =
      new EmbeddedChannel(new ScreenHandler(EmbeddedTransport.create(events, () -> null)));

  @Test
  void should_answer_an_unserved_request_and_keep_the_connection_when_the_peer_reads() {
    channel.writeInbound(DiameterWire.encode(unserved()));

    ByteBuf out = channel.readOutbound();
    byte[] bytes = new byte[out.readableBytes()];
    out.readBytes(bytes);
    out.release();
    assertThat(DiameterWire.decode(bytes).flatMap(BaseMessages::resultCode))
        .map(r -> r.code())
        .contains(RequestScreen.APPLICATION_UNSUPPORTED);
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_close_the_connection_instead_of_answering_when_the_peer_stops_reading() {
    channel.unsafe().outboundBuffer().setUserDefinedWritability(1, false);

    channel.writeInbound(DiameterWire.encode(unserved()));

    assertThat(channel.isOpen()).isFalse();
    assertThat((Object) channel.readOutbound()).isNull();
    assertThat(events.undelivered).containsExactly(TransportEvents.Undelivered.NOT_READING);
  }

  /** A BIR-like request of an application the embedded transport does not serve. */
  private static DiameterMessage unserved() {
    return new DiameterMessage(310, 16777220L, true, true, false, false, 1, 1, List.of());
  }
}
