package org.gbabsf.security.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class TlsFailureTest {

  private static Throwable handshake(String message, Throwable cause) {
    SSLHandshakeException e = new SSLHandshakeException(message);
    e.initCause(cause);
    return new io.netty.handler.codec.DecoderException(e);
  }

  @Test
  void should_name_the_reason_when_jsse_refuses_a_certificate() {
    assertThat(
            TlsFailure.classify(
                handshake(
                    "PKIX path validation failed",
                    new CertificateException(
                        "x",
                        new CertPathValidatorException(
                            "expired",
                            new CertificateExpiredException("NotAfter"),
                            null,
                            -1,
                            CertPathValidatorException.BasicReason.EXPIRED)))))
        .isEqualTo(TlsFailure.EXPIRED);
    assertThat(
            TlsFailure.classify(
                handshake(
                    "PKIX path building failed",
                    new CertificateException(
                        "unable to find valid certification path to requested target"))))
        .isEqualTo(TlsFailure.UNTRUSTED);
    assertThat(
            TlsFailure.classify(
                handshake(
                    "x",
                    new CertificateException(
                        "No subject alternative DNS name matching bsf.example found."))))
        .isEqualTo(TlsFailure.NAME_MISMATCH);
    assertThat(
            TlsFailure.classify(
                new PeerIdentityException("hss1.home1.net", List.of("naf.home1.net"))))
        .isEqualTo(TlsFailure.IDENTITY_MISMATCH);
  }

  @Test
  void should_name_the_reason_when_the_handshake_fails_for_protocol_or_peer() {
    assertThat(
            TlsFailure.classify(
                handshake("No appropriate protocol (protocol is disabled or cipher suites)", null)))
        .isEqualTo(TlsFailure.NO_COMMON_PARAMETERS);
    assertThat(TlsFailure.classify(handshake("Empty client certificate chain", null)))
        .isEqualTo(TlsFailure.NO_CERTIFICATE);
    assertThat(TlsFailure.classify(handshake("Received fatal alert: bad_certificate", null)))
        .isEqualTo(TlsFailure.REFUSED_BY_PEER);
    assertThat(TlsFailure.classify(new io.netty.handler.ssl.NotSslRecordException("plain")))
        .isEqualTo(TlsFailure.NOT_TLS);
    assertThat(
            TlsFailure.classify(
                handshake("Connection closed while SSL/TLS handshake was in progress", null)))
        .isEqualTo(TlsFailure.CLOSED);
    assertThat(TlsFailure.classify(new java.io.IOException("Connection reset")))
        .isEqualTo(TlsFailure.OTHER);
  }
}
