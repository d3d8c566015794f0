package org.gbabsf.diameter;

import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.diameter.transport.DiameterFraming;
import org.gbabsf.diameter.transport.TransportEvents;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts what the transport refused, and logs it: one WARN per peer address every 10 s, the rest at
 * DEBUG. No message content is logged, only its command and application codes.
 */
final class TransportCounters implements TransportEvents {

  private static final Logger log = LoggerFactory.getLogger(DiameterNode.class);

  private final Map<DiameterFraming.Violation, AtomicLong> frames =
      new EnumMap<>(DiameterFraming.Violation.class);
  private final Map<Long, AtomicLong> requests = new ConcurrentHashMap<>();
  private final AtomicLong unreadable = new AtomicLong();
  private final AtomicLong probesAlive = new AtomicLong();
  private final AtomicLong probesSilent = new AtomicLong();
  private final PeerWarnings warnings = new PeerWarnings(Duration.ofSeconds(10));

  TransportCounters() {
    for (DiameterFraming.Violation v : DiameterFraming.Violation.values()) {
      frames.put(v, new AtomicLong());
    }
  }

  @Override
  public void frameRefused(DiameterFraming.Violation violation, InetAddress from) {
    frames.get(violation).incrementAndGet();
    line(
        from,
        "Diameter: closed the connection from {}: {} (answered {} where the header was a request's)",
        from.getHostAddress(),
        violation.tag(),
        violation.resultCode());
  }

  @Override
  public void requestRefused(
      long resultCode, int commandCode, long applicationId, InetAddress from) {
    requests.computeIfAbsent(resultCode, c -> new AtomicLong()).incrementAndGet();
    line(
        from,
        "Diameter: answered {} to a request from {}: command {}, application {}",
        resultCode,
        from.getHostAddress(),
        commandCode,
        applicationId);
  }

  @Override
  public void unreadable(InetAddress from) {
    unreadable.incrementAndGet();
    line(
        from,
        "Diameter: closed the connection from {}: a message the stack cannot read",
        from.getHostAddress());
  }

  @Override
  public void probed(String host, InetAddress from, Duration timeout, boolean alive) {
    if (alive) {
      probesAlive.incrementAndGet();
      log.debug(
          "Diameter: the connection in service of {} from {} answered a DWR: it stays",
          PeerWarnings.printable(host),
          from.getHostAddress());
      return;
    }
    probesSilent.incrementAndGet();
    log.info(
        "Diameter: closed the connection in service of {} from {}: nothing came back within {} ms"
            + " of a DWR sent when the peer connected again; its next CER is admitted",
        PeerWarnings.printable(host),
        from.getHostAddress(),
        timeout.toMillis());
  }

  private void line(InetAddress from, String text, Object... args) {
    if (warnings.warn(from, System.nanoTime())) {
      log.warn(text, args);
    } else {
      log.debug(text, args);
    }
  }

  /** Connections closed for a framing violation (tag of {@link DiameterFraming.Violation}). */
  long frames(String violation) {
    for (DiameterFraming.Violation v : DiameterFraming.Violation.values()) {
      if (v.tag().equals(violation)) {
        return frames.get(v).get();
      }
    }
    return 0;
  }

  /** Requests answered by the transport with {@code resultCode}. */
  long requests(long resultCode) {
    AtomicLong n = requests.get(resultCode);
    return n == null ? 0 : n.get();
  }

  long unreadable() {
    return unreadable.get();
  }

  /** Probes of a connection in service whose peer connected again: alive, or silent (closed). */
  long probes(boolean alive) {
    return alive ? probesAlive.get() : probesSilent.get();
  }
}
