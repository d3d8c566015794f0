package org.gbabsf.diameter;

import java.util.List;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.transport.CerGate;
import org.gbabsf.diameter.transport.DiameterFraming;
import org.gbabsf.diameter.transport.RequestScreen;
import org.gbabsf.diameter.transport.TransportEvents;

/**
 * What a node's transport and CER gate refused, dropped or probed since its start, by reason: the
 * source of the node's metrics (docs/operations.md lists them), read without the stack.
 */
public final class NodeCounters {

  private final TransportCounters transport;
  private final PeerGate gate;

  NodeCounters(TransportCounters transport, PeerGate gate) {
    this.transport = transport;
    this.gate = gate;
  }

  /** The tags of {@link #framesRefused(String)}: the framing violations, lower case. */
  public static final List<String> FRAME_VIOLATIONS =
      java.util.Arrays.stream(DiameterFraming.Violation.values())
          .map(DiameterFraming.Violation::tag)
          .toList();

  /** The result codes of {@link #requestsRefused(long)}: 3001, 3007, 3008, 3004. */
  public static final List<Long> PROTOCOL_ERRORS =
      List.of(
          RequestScreen.COMMAND_UNSUPPORTED,
          RequestScreen.APPLICATION_UNSUPPORTED,
          RequestScreen.INVALID_HDR_BITS,
          ResultCodes.TOO_BUSY);

  /** Connections closed for breaking RFC 6733 framing, by violation (one of FRAME_VIOLATIONS). */
  public long framesRefused(String violation) {
    return transport.frames(violation);
  }

  /** Requests the transport answered itself with {@code resultCode} (one of PROTOCOL_ERRORS). */
  public long requestsRefused(long resultCode) {
    return transport.requests(resultCode);
  }

  /** Connections closed because the stack could not read a message that framed. */
  public long unreadableMessages() {
    return transport.unreadable();
  }

  /** Answers dropped by the transport because no request of ours awaited one on the connection. */
  public long unsolicitedAnswers() {
    return transport.unsolicited();
  }

  /**
   * Requests of ours the transport did not write because their peer is no configured peer (a NAF
   * that announced a configured peer's realm, chosen by jdiameter's realm routing).
   */
  public long requestsWithheld() {
    return transport.withheld();
  }

  /**
   * Connections in service sent a DWR because their peer connected again, by outcome (one of
   * PROBE_OUTCOMES): alive, something came back and the connection stays; silent, nothing did and
   * it was closed; closed, it closed meanwhile (docs/diameter.md).
   */
  public long livenessProbes(String outcome) {
    return transport.probes(outcome);
  }

  /**
   * Answers of the stack dropped, by reason (one of UNDELIVERED_REASONS): closed, the peer's
   * connection had closed; not_reading, its write buffer was full.
   */
  public long answersUndelivered(String reason) {
    return transport.undelivered(reason);
  }

  /** The tags of {@link #answersUndelivered(String)}. */
  public static final List<String> UNDELIVERED_REASONS =
      java.util.Arrays.stream(TransportEvents.Undelivered.values())
          .map(TransportEvents.Undelivered::tag)
          .toList();

  /** The tags of {@link #livenessProbes(String)}. */
  public static final List<String> PROBE_OUTCOMES =
      java.util.Arrays.stream(TransportEvents.ProbeOutcome.values())
          .map(TransportEvents.ProbeOutcome::tag)
          .toList();

  /**
   * The tags of {@link #refusedPeers(String)}: unknown_peer, invalid_cer, not_a_cer, cer_timeout,
   * too_many_pending.
   */
  public static final List<String> REFUSAL_REASONS =
      java.util.Arrays.stream(CerGate.Refusal.values()).map(PeerGate::tag).toList();

  /** How many connecting peers were refused for {@code reason} (one of REFUSAL_REASONS). */
  public long refusedPeers(String reason) {
    for (CerGate.Refusal r : CerGate.Refusal.values()) {
      if (PeerGate.tag(r).equals(reason)) {
        return gate.refusals(r);
      }
    }
    return 0;
  }

  /** How many connecting peers were refused at CER since the start, for any reason. */
  public long refusedPeers() {
    return gate.refusals();
  }
}
