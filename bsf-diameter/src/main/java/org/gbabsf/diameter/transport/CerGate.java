package org.gbabsf.diameter.transport;

import java.net.InetAddress;

/** What the listening side asks about each new connection's CER. */
public interface CerGate {

  /** Why a connecting peer was turned away. */
  enum Refusal {
    /** A well-formed CER from a peer that is not configured: CEA 3010 DIAMETER_UNKNOWN_PEER. */
    UNKNOWN_PEER,
    /**
     * A well-formed CER claiming an identity bound to other source addresses: a configured peer's
     * (the HSS's) from anywhere but its own address or listed networks without TLS, or a NAF's from
     * outside its listed networks. CEA 3010 DIAMETER_UNKNOWN_PEER; the peer really holding that
     * identity keeps its connection.
     */
    SOURCE_NOT_ALLOWED,
    /** A CER without exactly one plain Origin-Host and Origin-Realm: CEA 5005, 5009 or 5004. */
    INVALID_CER,
    /** A first message that is not a CER, or not a Diameter message: closed without answer. */
    NOT_A_CER,
    /** No valid CER within the CER timeout: closed. */
    CER_TIMEOUT,
    /** Too many connections were already waiting for their CER: closed at once. */
    TOO_MANY_PENDING,
    /**
     * A peer that must use TLS sent its CER on the plain port: CEA 5017
     * DIAMETER_NO_COMMON_SECURITY, never served in clear.
     */
    TLS_REQUIRED,
    /**
     * Over TLS, a CER whose Origin-Host the peer's certificate does not name: CEA 3010; the
     * identity is not proven.
     */
    CERTIFICATE_MISMATCH,
    /**
     * An admitted CER of a host whose earlier connection is in service in the stack: closed (the
     * stack itself would answer 5012 on the earlier connection and leave this one unanswered).
     */
    ALREADY_CONNECTED,
    /** An admitted CER that the stack did not answer within the CER timeout: closed. */
    NO_CEA,
    /**
     * A CER of a peer we are connecting to ourselves, our own CER still unanswered, and the
     * election of RFC 6733 §5.6.4 won by our connection (our Origin-Host is the higher): closed
     * without a CEA; the peer answers ours.
     */
    ELECTION_WON
  }

  /** Whether the peer announcing these identities in its CER may join. */
  boolean admits(String originHost, String originRealm);

  /**
   * Whether a connection from {@code from} may speak for these (admitted) identities; {@code
   * overTls} if it came over TLS, where the certificate check that follows may prove the identity
   * instead. Must not block.
   */
  boolean fromBoundSource(String originHost, String originRealm, InetAddress from, boolean overTls);

  /**
   * Told on the connection's delivery thread, before its admitted CER reaches the stack: the place
   * to make the stack ready to take a connection from a peer it is itself trying to reach. May
   * block briefly; never on an I/O thread.
   *
   * @return true to deliver the CER; false if our own connection to that peer won the election (RFC
   *     6733 §5.6.4), and this one is to be closed ({@link Refusal#ELECTION_WON})
   */
  default boolean admitted(String originHost) {
    return true;
  }

  /**
   * The stack's view of a peer: its state, null if the stack has no such peer; the connection it
   * uses for it now, null if none; and whether that connection is open.
   */
  record PeerView(
      org.gbabsf.diameter.PeerStatus status, Object connection, boolean connectionOpen) {
    /** The stack has no such peer. */
    public static final PeerView NONE = new PeerView(null, null, false);

    /** OKAY, or SUSPECT (a watchdog unanswered, the connection still the peer's). */
    public boolean inService() {
      return status == org.gbabsf.diameter.PeerStatus.OKAY
          || status == org.gbabsf.diameter.PeerStatus.SUSPECT;
    }

    /** In service, on {@code c}. */
    public boolean inServiceOn(Object c) {
      return inService() && connection == c;
    }
  }

  /** The stack's view of the peer {@code originHost}; must not block. */
  default PeerView peerView(String originHost) {
    return PeerView.NONE;
  }

  /**
   * Told after a peer was refused (for the log and metrics); must not block. {@code originHost} and
   * {@code originRealm} are as received (possibly null), not validated.
   */
  void refused(Refusal reason, String originHost, String originRealm, InetAddress from);
}
