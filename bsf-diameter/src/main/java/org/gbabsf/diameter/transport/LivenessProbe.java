package org.gbabsf.diameter.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterHeader;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseCommands;
import org.gbabsf.diameter.transport.TransportEvents.ProbeOutcome;

/**
 * Checks that a connection in service still has a live peer behind it, when that peer connects
 * again on another one. RFC 6733 §5.6 has the new connection refused while the old one is open; but
 * if the peer's host died without a FIN or a reset, only the watchdog (RFC 3539 §3.4: Tw, then the
 * DWA timeout) would tell, and the peer would be refused until then. So the refusal sends a DWR
 * (RFC 6733 §5.5.1) on the old connection: if nothing at all arrives on it within the timeout, it
 * is closed, the stack takes the peer down, and the peer's next CER is admitted. Any message for
 * the stack counts as a sign of life (as for the watchdog, RFC 3539 §3.4.1); the DWA to our own DWR
 * is kept from the stack, which did not send it.
 *
 * <p>One probe at a time per connection; a probe asked for while one is running is not sent. All
 * state is confined to the connection's I/O thread: {@link #start} hops onto it.
 */
final class LivenessProbe {

  private static final int DWR = BaseCommands.DEVICE_WATCHDOG;
  private static final long NONE = -1;

  private final Channel channel;
  private long awaitedHopByHop = NONE; // our DWR's, until its DWA arrives or another probe starts
  private boolean running;
  private boolean heard;

  LivenessProbe(Channel channel) {
    this.channel = channel;
  }

  /**
   * Sends a DWR from {@code originHost}/{@code originRealm}, unless a probe is running; after
   * {@code timeout}, tells {@code outcome} what it found: {@link ProbeOutcome#ALIVE} if anything
   * arrived meanwhile; {@link ProbeOutcome#SILENT}, and closes the connection, if nothing did;
   * {@link ProbeOutcome#CLOSED} if the connection closed meanwhile. Never blocks.
   */
  void start(
      String originHost, String originRealm, Duration timeout, Consumer<ProbeOutcome> outcome) {
    channel.eventLoop().execute(() -> startOnLoop(originHost, originRealm, timeout, outcome));
  }

  private void startOnLoop(
      String originHost, String originRealm, Duration timeout, Consumer<ProbeOutcome> outcome) {
    if (running || !channel.isActive()) {
      return;
    }
    running = true;
    heard = false;
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long hopByHop = random.nextInt() & 0xFFFF_FFFFL;
    awaitedHopByHop = hopByHop;
    byte[] dwr = dwr(originHost, originRealm, hopByHop, random.nextInt() & 0xFFFF_FFFFL);
    channel.writeAndFlush(Unpooled.wrappedBuffer(dwr));
    channel
        .eventLoop()
        .schedule(() -> conclude(outcome), timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void conclude(Consumer<ProbeOutcome> outcome) {
    running = false;
    if (!channel.isActive()) {
      outcome.accept(ProbeOutcome.CLOSED);
    } else if (heard) {
      outcome.accept(ProbeOutcome.ALIVE);
    } else {
      outcome.accept(ProbeOutcome.SILENT);
      channel.close();
    }
  }

  /**
   * Told of every whole message that arrives on the connection for the stack (requests the
   * transport answers itself, {@link ScreenHandler}, never get here), on its I/O thread.
   *
   * @return true if it is the DWA to our DWR, which the stack must not see
   */
  boolean onMessage(byte[] message) {
    heard = true;
    if (awaitedHopByHop == NONE || !DiameterHeader.fits(message)) {
      return false;
    }
    DiameterHeader h = DiameterHeader.of(message);
    if (!h.request() && h.commandCode() == DWR && h.hopByHop() == awaitedHopByHop) {
      awaitedHopByHop = NONE;
      return true;
    }
    return false;
  }

  /** The DWR (RFC 6733 §5.5.1): Origin-Host and Origin-Realm, application 0, not proxiable. */
  static byte[] dwr(String originHost, String originRealm, long hopByHop, long endToEnd) {
    return DiameterWire.encode(
        new DiameterMessage(
            DWR,
            0,
            true,
            false,
            false,
            false,
            hopByHop,
            endToEnd,
            List.of(
                Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, originHost),
                Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, originRealm))));
  }
}
