package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.testing.Watchdogs;
import org.gbabsf.diameter.transport.TransportEvents.ProbeOutcome;
import org.junit.jupiter.api.Test;

/** The DWR sent on a connection in service when its peer connects again, on an embedded channel. */
class LivenessProbeTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final EmbeddedChannel channel = new EmbeddedChannel();
  private final LivenessProbe probe = new LivenessProbe(channel);
  private final List<String> outcomes = new ArrayList<>();
  private final Consumer<ProbeOutcome> outcome = o -> outcomes.add(o.tag());

  private DiameterMessage started() {
    probe.start("bsf.home1.net", "home1.net", TIMEOUT, outcome);
    channel.runPendingTasks();
    ByteBuf sent = channel.readOutbound();
    assertThat(sent).as("a DWR was written").isNotNull();
    try {
      return DiameterWire.decode(ByteBufUtil.getBytes(sent)).orElseThrow();
    } finally {
      sent.release();
    }
  }

  private void after(Duration d) {
    channel.advanceTimeBy(d.toMillis(), TimeUnit.MILLISECONDS);
    channel.runScheduledPendingTasks();
  }

  private static byte[] dwaTo(DiameterMessage dwr) {
    return DiameterWire.encode(Watchdogs.dwaTo(dwr, "naf.example", "example"));
  }

  @Test
  void should_send_a_dwr_from_our_identities_when_started() {
    DiameterMessage dwr = started();

    assertThat(dwr.commandCode()).isEqualTo(280);
    assertThat(dwr.applicationId()).isZero();
    assertThat(dwr.request()).isTrue();
    assertThat(dwr.proxiable()).isFalse();
    assertThat(dwr.first(BaseAvps.ORIGIN_HOST, 0).orElseThrow().utf8()).isEqualTo("bsf.home1.net");
    assertThat(dwr.first(BaseAvps.ORIGIN_REALM, 0).orElseThrow().utf8()).isEqualTo("home1.net");
  }

  @Test
  void should_close_the_connection_and_tell_it_silent_when_nothing_arrives_within_the_timeout() {
    started();

    after(TIMEOUT.minusMillis(1));
    assertThat(channel.isOpen()).isTrue();
    after(Duration.ofMillis(1));

    assertThat(outcomes).containsExactly("silent");
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void should_keep_the_connection_and_hold_back_the_dwa_when_the_dwa_to_our_dwr_arrives() {
    DiameterMessage dwr = started();

    boolean heldBack = probe.onMessage(dwaTo(dwr));
    after(TIMEOUT);

    assertThat(heldBack).as("the stack never sees the DWA to a DWR it did not send").isTrue();
    assertThat(outcomes).containsExactly("alive");
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_take_any_message_as_a_sign_of_life_and_pass_it_on_when_it_is_not_our_dwa() {
    DiameterMessage dwr = started();
    byte[] otherDwa = dwaTo(dwr.withIdentifiers(dwr.hopByHop() ^ 1, dwr.endToEnd()));

    boolean heldBack = probe.onMessage(otherDwa);
    after(TIMEOUT);

    assertThat(heldBack).as("a DWA to the stack's own DWR goes to the stack").isFalse();
    assertThat(outcomes).containsExactly("alive");
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_hold_back_our_dwa_when_it_arrives_after_another_message() {
    DiameterMessage dwr = started();

    probe.onMessage(dwaTo(dwr.withIdentifiers(dwr.hopByHop() ^ 1, dwr.endToEnd())));

    assertThat(probe.onMessage(dwaTo(dwr))).isTrue();
  }

  @Test
  void should_send_no_second_dwr_when_a_probe_is_running() {
    started();

    probe.start("bsf.home1.net", "home1.net", TIMEOUT, outcome);
    channel.runPendingTasks();

    assertThat((Object) channel.readOutbound()).isNull();
    after(TIMEOUT);
    assertThat(outcomes).containsExactly("silent");
  }

  @Test
  void should_probe_again_when_the_previous_probe_has_concluded() {
    DiameterMessage first = started();
    probe.onMessage(dwaTo(first));
    after(TIMEOUT);

    DiameterMessage second = started();

    assertThat(second.commandCode()).isEqualTo(280);
    assertThat(probe.onMessage(dwaTo(first)))
        .as("the first probe's identifiers are done")
        .isFalse();
  }

  @Test
  void should_pass_on_a_short_message_without_reading_past_it() {
    started();

    assertThat(probe.onMessage(new byte[3])).isFalse();
  }
}
