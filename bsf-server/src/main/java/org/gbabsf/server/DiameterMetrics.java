package org.gbabsf.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.gbabsf.diameter.DiameterNode;

/** The transport meters of a Diameter node (docs/operations.md lists them). */
final class DiameterMetrics {

  private DiameterMetrics() {}

  /** Registers the node's transport counters in {@code registry}. */
  static void register(DiameterNode node, MeterRegistry registry) {
    for (String violation : DiameterNode.FRAME_VIOLATIONS) {
      FunctionCounter.builder("bsf.diameter.frames.refused", node, d -> d.framesRefused(violation))
          .description("Connections closed for a message breaking RFC 6733 framing, by violation")
          .tag("violation", violation)
          .register(registry);
    }
    for (long code : DiameterNode.PROTOCOL_ERRORS) {
      FunctionCounter.builder("bsf.diameter.requests.refused", node, d -> d.requestsRefused(code))
          .description("Requests answered by the transport with a protocol error, by result code")
          .tag("result", Long.toString(code))
          .register(registry);
    }
    FunctionCounter.builder(
            "bsf.diameter.answers.unsolicited", node, DiameterNode::unsolicitedAnswers)
        .description("Answers dropped because no request of ours awaited one on their connection")
        .register(registry);
    FunctionCounter.builder("bsf.diameter.unreadable", node, DiameterNode::unreadableMessages)
        .description("Connections closed for a message the stack could not read")
        .register(registry);
    for (String reason : DiameterNode.UNDELIVERED_REASONS) {
      FunctionCounter.builder(
              "bsf.diameter.answers.undelivered", node, d -> d.answersUndelivered(reason))
          .description(
              "Answers dropped because the peer's connection had closed or the peer stopped"
                  + " reading, by reason")
          .tag("reason", reason)
          .register(registry);
    }
    for (String outcome : DiameterNode.PROBE_OUTCOMES) {
      FunctionCounter.builder("bsf.diameter.probes", node, d -> d.livenessProbes(outcome))
          .description(
              "DWRs sent on a connection in service because its peer connected again, by outcome"
                  + " (silent: nothing came back, the connection was closed)")
          .tag("outcome", outcome)
          .register(registry);
    }
  }
}
