package org.gbabsf.diameter;

import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.gbabsf.diameter.transport.DiameterFraming;
import org.gbabsf.diameter.transport.TransportEvents;
import org.gbabsf.diameter.transport.TransportEvents.ProbeOutcome;
import org.gbabsf.diameter.transport.TransportEvents.Undelivered;
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
  private final AtomicLong unsolicited = new AtomicLong();
  private final AtomicLong withheld = new AtomicLong();
  private final Map<ProbeOutcome, AtomicLong> probes = new EnumMap<>(ProbeOutcome.class);
  private final Map<Undelivered, AtomicLong> undelivered = new EnumMap<>(Undelivered.class);
  private final PeerWarnings warnings = new PeerWarnings(Duration.ofSeconds(10));

  TransportCounters() {
    for (DiameterFraming.Violation v : DiameterFraming.Violation.values()) {
      frames.put(v, new AtomicLong());
    }
    for (ProbeOutcome o : ProbeOutcome.values()) {
      probes.put(o, new AtomicLong());
    }
    for (Undelivered u : Undelivered.values()) {
      undelivered.put(u, new AtomicLong());
    }
  }

  /** A peer that left before its answer is normal (DEBUG); one that stops reading is not. */
  @Override
  public void answerUndelivered(Undelivered reason, InetAddress from) {
    undelivered.get(reason).incrementAndGet();
    if (reason == Undelivered.NOT_READING) {
      line(
          from,
          "Diameter: closed the connection from {}: it is not reading (write buffer full), an"
              + " answer dropped",
          from.getHostAddress());
    } else {
      log.debug(
          "Diameter: dropped an answer to {}: its connection had closed", from.getHostAddress());
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
  public void unsolicitedAnswer(InetAddress from) {
    unsolicited.incrementAndGet();
    line(
        from,
        "Diameter: dropped an answer from {} to no request of ours on its connection",
        from.getHostAddress());
  }

  @Override
  public void requestWithheld(String host, InetAddress from) {
    withheld.incrementAndGet();
    line(
        from,
        "Diameter: did not send a request to {} at {}: it is no configured peer (a NAF in the"
            + " realm of a configured one?); requests go to configured peers only",
        org.gbabsf.diameter.PeerWarnings.printable(host),
        from.getHostAddress());
  }

  @Override
  public void probed(String host, InetAddress from, Duration timeout, ProbeOutcome outcome) {
    probes.get(outcome).incrementAndGet();
    if (outcome == ProbeOutcome.SILENT) {
      log.info(
          "Diameter: closed the connection in service of {} from {}: nothing came back within {}"
              + " ms of a DWR sent when the peer connected again; its next CER is admitted",
          PeerWarnings.printable(host),
          from.getHostAddress(),
          timeout.toMillis());
    } else {
      log.debug(
          "Diameter: the connection in service of {} from {}, sent a DWR when the peer connected"
              + " again: {}",
          PeerWarnings.printable(host),
          from.getHostAddress(),
          outcome.tag());
    }
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
    return byTag(frames, DiameterFraming.Violation::tag, violation);
  }

  /** Requests answered by the transport with {@code resultCode}. */
  long requests(long resultCode) {
    AtomicLong n = requests.get(resultCode);
    return n == null ? 0 : n.get();
  }

  long unsolicited() {
    return unsolicited.get();
  }

  long withheld() {
    return withheld.get();
  }

  long unreadable() {
    return unreadable.get();
  }

  /** Answers of the stack dropped, by reason tag ({@link Undelivered}). */
  long undelivered(String reason) {
    return byTag(undelivered, Undelivered::tag, reason);
  }

  /** Probes of a connection in service whose peer connected again, by outcome tag. */
  long probes(String outcome) {
    return byTag(probes, ProbeOutcome::tag, outcome);
  }

  /** The count kept for the value whose tag is {@code tag}; 0 if none has it. */
  private static <E extends Enum<E>> long byTag(
      Map<E, AtomicLong> counts, Function<E, String> tagOf, String tag) {
    for (Map.Entry<E, AtomicLong> e : counts.entrySet()) {
      if (tagOf.apply(e.getKey()).equals(tag)) {
        return e.getValue().get();
      }
    }
    return 0;
  }
}
