package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.concurrent.TimeUnit;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNodeConfig.TransportLimits;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.testing.Watchdogs;
import org.gbabsf.diameter.transport.TransportEvents.ProbeOutcome;
import org.jdiameter.client.impl.parser.MessageParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connection in service probed with our DWR, on an embedded channel with jdiameter's parser: the
 * stack never sees the DWA to our DWR, and sees every other message as before.
 */
class ProbedConnectionTest {

  private static final String NAF = "naf.example";

  private final RecordingEvents events = new RecordingEvents();
  private final DiameterTransport transport =
      EmbeddedTransport.create(events, () -> CerGate.PeerView.NONE);
  private final AcceptedChannel channel = new AcceptedChannel();
  private final NettyConnection connection =
      new NettyConnection(transport, new MessageParser(), channel, NAF, null);
  private final StackListener stack = new StackListener();

  @BeforeEach
  void joined() {
    channel.pipeline().addLast(connection.deliverer());
    connection.addConnectionListener(stack);
  }

  @AfterEach
  void stop() {
    transport.close();
  }

  private DiameterMessage probed() {
    connection.probeLiveness(NAF);
    channel.runPendingTasks();
    ByteBuf sent = channel.readOutbound();
    try {
      return DiameterWire.decode(ByteBufUtil.getBytes(sent)).orElseThrow();
    } finally {
      sent.release();
    }
  }

  private static byte[] dwaTo(DiameterMessage dwr) {
    return DiameterWire.encode(Watchdogs.dwaTo(dwr, NAF, "example"));
  }

  private void afterTheTimeout() {
    channel.advanceTimeBy(TransportLimits.DEFAULTS.cerTimeout().toMillis(), TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
  }

  @Test
  void should_keep_the_dwa_to_our_dwr_from_the_stack_when_the_peer_answers_the_probe() {
    DiameterMessage dwr = probed();

    channel.writeInbound((Object) dwaTo(dwr));
    afterTheTimeout();

    assertThat(stack.messages).isEmpty();
    assertThat(events.probes).containsExactly(ProbeOutcome.ALIVE);
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_hand_the_stack_a_dwa_to_its_own_dwr_while_a_probe_runs() {
    DiameterMessage dwr = probed();

    channel.writeInbound((Object) dwaTo(dwr.withIdentifiers(dwr.hopByHop() + 1, 77)));

    assertThat(stack.messages)
        .singleElement()
        .satisfies(m -> assertThat(m.getCommandCode()).isEqualTo(280));
  }

  @Test
  void should_close_the_connection_when_nothing_comes_back_within_the_cer_timeout() {
    probed();

    afterTheTimeout();

    assertThat(events.probes).containsExactly(ProbeOutcome.SILENT);
    assertThat(channel.isOpen()).isFalse();
  }
}
