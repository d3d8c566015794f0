package org.gbabsf.diameter.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;

/**
 * The handlers of a Diameter connection, in order, on the node's I/O thread:
 *
 * <ol>
 *   <li>{@code frames}: {@link FrameDecoder}, RFC 6733 framing before anything is buffered;
 *   <li>{@code cer} (incoming only): {@link CerGuard}, admission of the peer's CER, with a deadline
 *       and a bound on connections still waiting for theirs;
 *   <li>{@code screen}: {@link ScreenHandler}, answers what must not reach the stack (framing
 *       violations, requests for commands or applications not served, E bit on a request);
 *   <li>{@code pending}: {@link PendingRequests}, answers 3004 past the connection's bound of
 *       requests the stack holds unanswered;
 *   <li>{@code deliver}: the connection's hand-off to the stack (its first message, on an incoming
 *       connection, from a delivery thread).
 * </ol>
 */
final class Pipelines {

  private Pipelines() {}

  /** An outgoing connection (to an HSS, or a NAF's to its BSF): no CER to admit. */
  static void outgoing(Channel ch, DiameterTransport t) {
    ChannelPipeline p = ch.pipeline();
    p.addLast("frames", new FrameDecoder(t.limits().maxMessageLength()));
    p.addLast("screen", new ScreenHandler(t));
    p.addLast("pending", new PendingRequests(t, t.limits().maxPendingRequests()));
  }

  /** An accepted connection: its first message must be an admitted CER. */
  static void incoming(Channel ch, DiameterTransport t, CerGuard guard) {
    ChannelPipeline p = ch.pipeline();
    p.addLast("frames", new FrameDecoder(t.limits().maxMessageLength()));
    p.addLast("cer", guard);
    p.addLast("screen", new ScreenHandler(t));
    p.addLast("pending", new PendingRequests(t, t.limits().maxPendingRequests()));
  }
}
