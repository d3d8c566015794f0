package org.gbabsf.security.tls;

import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;

/**
 * Why a TLS handshake failed, as a metric tag: read from the exception JSSE or Netty raised, and
 * its causes. {@link #IDENTITY_MISMATCH} is ours: a valid certificate that does not name the peer
 * it should (checked after the handshake, against the Diameter identity or NAF FQDN).
 */
public enum TlsFailure {
  /** The peer's certificate has expired. */
  EXPIRED,
  /** The peer's certificate is not valid yet. */
  NOT_YET_VALID,
  /** The peer's chain does not lead to a trusted CA, or is broken or revoked. */
  UNTRUSTED,
  /** The certificate does not name the host connected to (client hostname verification). */
  NAME_MISMATCH,
  /** A valid certificate that does not name the configured or announced Diameter identity. */
  IDENTITY_MISMATCH,
  /** The peer sent no certificate where one is required. */
  NO_CERTIFICATE,
  /** No protocol version or cipher suite in common (e.g. a TLS 1.0 client). */
  NO_COMMON_PARAMETERS,
  /** The peer refused our certificate or the handshake (a fatal alert received). */
  REFUSED_BY_PEER,
  /** Not TLS at all: plain text sent to a TLS port. */
  NOT_TLS,
  /** The handshake did not finish in time. */
  TIMEOUT,
  /**
   * The peer closed the connection before or during the handshake without a TLS error: a TCP health
   * check, a port scan, a client giving up. Counted, logged at DEBUG only.
   */
  CLOSED,
  /** Anything else, e.g. the connection closed during the handshake. */
  OTHER;

  /** Lower case, for metric tags and logs. */
  public String tag() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The reason {@code failure} stands for. */
  public static TlsFailure classify(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CertificateExpiredException) {
        return EXPIRED;
      }
      if (t instanceof CertificateNotYetValidException) {
        return NOT_YET_VALID;
      }
      if (t instanceof PeerIdentityException) {
        return IDENTITY_MISMATCH;
      }
      if (t instanceof CertPathValidatorException v) {
        if (v.getReason() == CertPathValidatorException.BasicReason.EXPIRED) {
          return EXPIRED;
        }
        if (v.getReason() == CertPathValidatorException.BasicReason.NOT_YET_VALID) {
          return NOT_YET_VALID;
        }
        return UNTRUSTED;
      }
      String cls = t.getClass().getName();
      if (cls.endsWith("NotSslRecordException")) {
        return NOT_TLS;
      }
      if (cls.endsWith("SslHandshakeTimeoutException")) {
        return TIMEOUT;
      }
    }
    String text = messages(failure);
    if (text.contains("no subject alternative") || text.contains("no name matching")) {
      return NAME_MISMATCH;
    }
    if (text.contains("unable to find valid certification path")
        || text.contains("path building failed")
        || text.contains("pkix path")) {
      return UNTRUSTED;
    }
    if (text.contains("empty client certificate chain")
        || text.contains("null cert chain")
        || text.contains("certificate_required")) {
      return NO_CERTIFICATE;
    }
    if (text.contains("no appropriate protocol")
        || text.contains("protocol_version")
        || text.contains("no cipher suites in common")
        || text.contains("handshake_failure")
        || text.contains("unsupported protocol")
        || text.contains("not enabled or supported")) {
      return NO_COMMON_PARAMETERS;
    }
    if (text.contains("received fatal alert")) {
      return REFUSED_BY_PEER;
    }
    if (text.contains("connection closed while")
        || text.contains("closed while ssl/tls handshake")
        || failure instanceof java.nio.channels.ClosedChannelException) {
      return CLOSED;
    }
    return OTHER;
  }

  private static String messages(Throwable failure) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getMessage() != null) {
        b.append(t.getMessage().toLowerCase(Locale.ROOT)).append(' ');
      }
    }
    return b.toString();
  }
}
