package org.gbabsf.security.tls;

/**
 * A peer's valid certificate does not name the identity it must: the Diameter identity a peer is
 * configured or admitted as (RFC 6733 §13). Classified as {@link TlsFailure#IDENTITY_MISMATCH}.
 */
public final class PeerIdentityException extends javax.net.ssl.SSLException {

  private static final long serialVersionUID = 1L;

  /** {@code expected} is not among {@code presented}. */
  public PeerIdentityException(String expected, java.util.List<String> presented) {
    super("the peer's certificate names " + presented + ", not " + expected);
  }
}
