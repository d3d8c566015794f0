package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.netty.channel.WriteBufferWaterMark;
import java.nio.ByteBuffer;
import java.util.List;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.transport.TransportEvents.Undelivered;
import org.jdiameter.api.OverloadException;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.api.io.TransportException;
import org.jdiameter.client.impl.parser.MessageParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the stack's writes do on a connection that cannot take them, on an embedded channel: an
 * application's answer is dropped and counted (jdiameter logged a refusal as a WARN with a stack
 * trace, 120 times in 10 minutes of socket fuzzing, and could write no error answer either), and a
 * peer that does not read is disconnected; a request or a base-protocol answer still fails to the
 * stack, whose peer FSM takes the connection down.
 */
class UndeliveredAnswerTest {

  private final RecordingEvents events = new RecordingEvents();
  private final DiameterTransport transport =
      EmbeddedTransport.create(
          events, () -> CerGate.PeerView.NONE, java.util.Set.of("hss.example"));
  private final AcceptedChannel channel = new AcceptedChannel();
  private final NettyConnection connection =
      new NettyConnection(transport, new MessageParser(), channel, "naf.example", null);

  @AfterEach
  void stop() {
    transport.close();
  }

  private static IMessage stackMessage(boolean request) throws Exception {
    return stackMessage(310, request);
  }

  private static IMessage stackMessage(int command, boolean request) throws Exception {
    DiameterMessage m =
        new DiameterMessage(
            command,
            command == 310 ? 16777220L : 0,
            request,
            true,
            false,
            false,
            1,
            2,
            List.of(
                Avp.utf8(BaseAvps.SESSION_ID, 0, true, "naf.example;1;2"),
                Avp.u32(BaseAvps.RESULT_CODE, 0, true, 2001)));
    return new MessageParser().createMessage(ByteBuffer.wrap(DiameterWire.encode(m)));
  }

  @Test
  void should_drop_and_count_an_answer_when_its_connection_has_closed() throws Exception {
    channel.close();

    connection.sendMessage(stackMessage(false));

    assertThat(events.undelivered).containsExactly(Undelivered.CLOSED);
  }

  @Test
  void should_refuse_a_request_to_the_stack_when_its_connection_has_closed() throws Exception {
    channel.close();
    IMessage request = stackMessage(true);

    assertThatThrownBy(() -> connection.sendMessage(request))
        .isInstanceOf(TransportException.class);
    assertThat(events.undelivered).isEmpty();
  }

  @Test
  void should_drop_count_and_close_when_an_answers_peer_is_not_reading() throws Exception {
    fillWriteBuffer();

    connection.sendMessage(stackMessage(false));

    assertThat(events.undelivered).containsExactly(Undelivered.NOT_READING);
    assertThat(channel.isOpen()).as("a peer that does not read is disconnected").isFalse();
  }

  @Test
  void should_fail_a_base_protocol_answer_to_the_stack_when_its_connection_has_closed()
      throws Exception {
    channel.close();
    IMessage dwa = stackMessage(280, false);

    // The stack's peer FSM reacts to a DWA, CEA or DPA it could not send: it takes the peer down.
    assertThatThrownBy(() -> connection.sendMessage(dwa)).isInstanceOf(TransportException.class);
    assertThat(events.undelivered).isEmpty();
  }

  @Test
  void should_refuse_a_request_to_the_stack_when_the_peer_is_not_reading() throws Exception {
    AcceptedChannel hssChannel = new AcceptedChannel();
    NettyConnection hss =
        new NettyConnection(transport, new MessageParser(), hssChannel, "hss.example", null);
    fillWriteBuffer(hssChannel);
    IMessage request = stackMessage(true);

    assertThatThrownBy(() -> hss.sendMessage(request)).isInstanceOf(OverloadException.class);
    assertThat(events.undelivered).isEmpty();
  }

  @Test
  void should_withhold_a_request_when_its_peer_is_no_configured_peer() throws Exception {
    IMessage request = stackMessage(true);

    assertThatThrownBy(() -> connection.sendMessage(request))
        .isInstanceOf(TransportException.class)
        .hasMessageContaining("configured peers only");
    assertThat(events.withheld).containsExactly("naf.example");
    assertThat(channel.outboundMessages()).isEmpty();
  }

  @Test
  void should_write_an_answer_when_the_connection_takes_it() throws Exception {
    connection.sendMessage(stackMessage(false));
    channel.runPendingTasks();

    assertThat((Object) channel.readOutbound()).isNotNull();
    assertThat(events.undelivered).isEmpty();
  }

  /** Bytes written and not flushed past the high water mark: the channel is no longer writable. */
  private void fillWriteBuffer() {
    fillWriteBuffer(channel);
  }

  private static void fillWriteBuffer(AcceptedChannel c) {
    c.config().setWriteBufferWaterMark(new WriteBufferWaterMark(8, 16));
    c.write(Unpooled.wrappedBuffer(new byte[64]));
    assertThat(c.isWritable()).isFalse();
  }
}
