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
   * A request was answered by the transport with a protocol error ({@code resultCode}: 3001, 3007,
   * 3008, or 3004 past the connection's bound of unanswered requests) and never reached the stack.
   */
  void requestRefused(long resultCode, int commandCode, long applicationId, InetAddress from);

  /** The stack could not read a message that framed correctly; its connection was closed. */
  void unreadable(InetAddress from);

  /**
   * An answer arrived on a connection where no request of ours awaited one; it was dropped before
   * the stack ({@link PendingRequests}).
   */
  void unsolicitedAnswer(InetAddress from);

  /**
   * A request of ours (a MAR, say) was not written to {@code host} at {@code from}: that peer is no
   * configured peer of the node, only an admitted one (a NAF). jdiameter adds every admitted peer
   * to the realm of its Origin-Realm and routes by realm when the configured peer is down, so
   * without this a NAF announcing the HSS's realm received the HSS's requests and could answer them
   * with vectors of its choice. The send fails to the stack, as any failed request does.
   */
  void requestWithheld(String host, InetAddress from);

  /** Why an answer of the stack was not written ({@link #answerUndelivered}). */
  enum Undelivered {
    /** Its connection had closed: the peer went away before its answer. */
    CLOSED,
    /** Its peer stopped reading: the connection's write buffer was full; it is closed. */
    NOT_READING;

    /** The metric tag: closed or not_reading. */
    public String tag() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * An application's answer (a BIA, say) to a peer at {@code from} was dropped ({@code reason});
   * for {@link Undelivered#NOT_READING} the connection is closed. Such answers are not failed to
   * the stack, which logged a WARN with a stack trace for each and tried an error answer that could
   * not be written either. The base protocol's answers and requests that cannot be written still
   * fail to the stack, whose peer FSM then takes the connection down.
   */
  void answerUndelivered(Undelivered reason, InetAddress from);

  /** What a DWR sent on a connection in service found ({@link LivenessProbe}). */
  enum ProbeOutcome {
    /** Something came back within the timeout: the connection stays. */
    ALIVE,
    /** Nothing came back within the timeout: the connection is being closed. */
    SILENT,
    /** The connection closed before the timeout (e.g. the peer's rebooted host reset it). */
    CLOSED;

    /** The metric tag: alive, silent or closed. */
    public String tag() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * A connection in service for {@code host} was sent a DWR because that peer connected again
   * ({@link LivenessProbe}), and after at most {@code timeout} this is what it found.
   */
  void probed(String host, InetAddress from, Duration timeout, ProbeOutcome outcome);
}
