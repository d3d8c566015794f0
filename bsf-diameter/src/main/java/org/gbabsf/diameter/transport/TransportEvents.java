package org.gbabsf.diameter.transport;

import java.net.InetAddress;
import java.time.Duration;

/**
 * What the transport tells its node about peers it turned away or answered itself, for metrics and
 * logs. Called on I/O threads: must be quick and must not block. Strings from peers are as
 * received: the receiver makes them safe before logging.
 */
public interface TransportEvents {

  /** A connection was closed for a frame that breaks RFC 6733 framing ({@code violation}). */
  void frameRefused(DiameterFraming.Violation violation, InetAddress from);

  /**
   * A request was answered by the transport with a protocol error ({@code resultCode}: 3001, 3007
   * or 3008) and never reached the stack.
   */
  void requestRefused(long resultCode, int commandCode, long applicationId, InetAddress from);

  /** The stack could not read a message that framed correctly; its connection was closed. */
  void unreadable(InetAddress from);

  /**
   * A connection in service for {@code host} was sent a DWR because that peer connected again
   * ({@link LivenessProbe}): {@code alive} if anything arrived on it within {@code timeout}, else
   * it is being closed.
   */
  void probed(String host, InetAddress from, Duration timeout, boolean alive);
}
