package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.base.ResultCodes;
import org.junit.jupiter.api.Test;

class PendingRequestsTest {

  private static final int BIR = 310;
  private static final long ZN = 16777220L;

  private final RecordingEvents events = new RecordingEvents();
  private final PendingRequests pending =
      new PendingRequests(EmbeddedTransport.create(events, () -> null), 2);
  private final EmbeddedChannel channel = new EmbeddedChannel(pending);

  @Test
  void
      should_answer_too_busy_and_keep_the_connection_when_the_limit_of_unanswered_requests_is_reached() {
    channel.writeInbound(request(1));
    channel.writeInbound(request(2));

    channel.writeInbound(request(3));

    assertThat(List.of(channel.readInbound(), channel.readInbound())).hasSize(2);
    assertThat((Object) channel.readInbound()).as("the third goes no further").isNull();
    DiameterMessage answer = DiameterWire.decode(bytes(channel.readOutbound())).orElseThrow();
    assertThat(answer.request()).isFalse();
    assertThat(answer.error()).as("E bit: a protocol error").isTrue();
    assertThat(answer.hopByHop()).isEqualTo(3);
    assertThat(BaseMessages.resultCode(answer)).map(r -> r.code()).contains(ResultCodes.TOO_BUSY);
    assertThat(answer.first(BaseAvps.SESSION_ID, 0)).map(Avp::utf8).contains("s;3");
    assertThat(events.refusedRequests).containsExactly(ResultCodes.TOO_BUSY);
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_pass_requests_again_when_their_answers_are_written() {
    channel.writeInbound(request(1));
    channel.writeInbound(request(2));

    channel.writeOutbound(Unpooled.wrappedBuffer(DiameterWire.encode(answerTo(1))));
    channel.writeInbound(request(3));

    assertThat(pending.unanswered()).isEqualTo(2);
    assertThat(events.refusedRequests).isEmpty();
  }

  @Test
  void should_count_watchdogs_as_requests_when_a_peer_sends_them_faster_than_they_are_answered() {
    channel.writeInbound(DiameterWire.encode(watchdog(1, true)));
    channel.writeInbound(DiameterWire.encode(watchdog(2, true)));

    channel.writeInbound(DiameterWire.encode(watchdog(3, true)));

    assertThat(events.refusedRequests).containsExactly(ResultCodes.TOO_BUSY);
  }

  @Test
  void should_not_count_the_capabilities_exchange_when_a_peer_sends_its_cer() {
    channel.writeInbound(request(1));
    channel.writeInbound(request(2));

    channel.writeInbound(DiameterWire.encode(capabilitiesExchange(3, true)));
    channel.writeOutbound(
        Unpooled.wrappedBuffer(DiameterWire.encode(capabilitiesExchange(3, false))));

    assertThat(pending.unanswered()).isEqualTo(2);
    assertThat((Object) channel.readInbound()).isNotNull();
    assertThat(events.refusedRequests).isEmpty();
  }

  @Test
  void should_drop_an_answer_when_no_request_of_ours_awaits_one() {
    channel.writeInbound(DiameterWire.encode(answerTo(7)));

    assertThat((Object) channel.readInbound()).as("not handed to the stack").isNull();
    assertThat(events.unsolicited).hasValue(1);
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_pass_the_answer_when_a_request_of_ours_awaits_it() {
    channel.writeOutbound(Unpooled.wrappedBuffer(DiameterWire.encode(watchdog(7, true))));

    channel.writeInbound(DiameterWire.encode(watchdog(7, false)));
    channel.writeInbound(DiameterWire.encode(watchdog(7, false)));

    assertThat((Object) channel.readInbound()).as("the awaited DWA").isNotNull();
    assertThat((Object) channel.readInbound()).as("a second one: unsolicited").isNull();
    assertThat(events.unsolicited).hasValue(1);
  }

  @Test
  void should_close_the_connection_instead_of_answering_when_a_flooding_peer_stops_reading() {
    channel.writeInbound(request(1));
    channel.writeInbound(request(2));
    channel.unsafe().outboundBuffer().setUserDefinedWritability(1, false);

    channel.writeInbound(request(3));

    assertThat(channel.isOpen()).isFalse();
    assertThat((Object) channel.readOutbound()).as("no refusal left to pile up").isNull();
    assertThat(events.undelivered).containsExactly(TransportEvents.Undelivered.NOT_READING);
  }

  private static byte[] request(int n) {
    return DiameterWire.encode(
        new DiameterMessage(
            BIR,
            ZN,
            true,
            true,
            false,
            false,
            n,
            n,
            List.of(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "s;" + n))));
  }

  private static DiameterMessage answerTo(int n) {
    return new DiameterMessage(
        BIR,
        ZN,
        false,
        true,
        false,
        false,
        n,
        n,
        List.of(Avp.u32(BaseAvps.RESULT_CODE, 0, true, 2001)));
  }

  private static DiameterMessage watchdog(int n, boolean request) {
    return new DiameterMessage(280, 0, request, false, false, false, n, n, List.of());
  }

  private static DiameterMessage capabilitiesExchange(int n, boolean request) {
    return new DiameterMessage(257, 0, request, false, false, false, n, n, List.of());
  }

  private static byte[] bytes(ByteBuf b) {
    byte[] out = new byte[b.readableBytes()];
    b.readBytes(out);
    b.release();
    return out;
  }
}
