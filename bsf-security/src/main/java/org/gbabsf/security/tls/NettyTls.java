package org.gbabsf.security.tls;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import javax.net.ssl.SSLException;

/**
 * Netty SSL contexts on {@link TlsMaterial}, with the {@link TlsProfile}: built once, they follow
 * every reload of the material. JDK provider (no native library to ship).
 */
public final class NettyTls {

  private NettyTls() {}

  /**
   * A server context presenting {@code material}'s certificate; {@code requireClientCertificate}
   * asks peers for theirs and checks it against the material's trust (mutual TLS).
   */
  public static SslContext server(TlsMaterial material, boolean requireClientCertificate) {
    SslContextBuilder b =
        SslContextBuilder.forServer(
                material
                    .keyManager()
                    .orElseThrow(
                        () ->
                            new IllegalArgumentException(
                                material.name() + ": a server needs a certificate")))
            .trustManager(material.trustManager())
            .clientAuth(requireClientCertificate ? ClientAuth.REQUIRE : ClientAuth.NONE);
    return build(b, material);
  }

  /**
   * A client context trusting {@code material}'s trust, presenting its certificate when it has one
   * (mutual TLS). {@code verifyHostname} checks the server's certificate names the host connected
   * to (HTTPS rules, RFC 2818); Diameter checks the peer's identity itself instead.
   */
  public static SslContext client(TlsMaterial material, boolean verifyHostname) {
    SslContextBuilder b =
        SslContextBuilder.forClient()
            .trustManager(material.trustManager())
            .endpointIdentificationAlgorithm(verifyHostname ? "HTTPS" : null);
    material.keyManager().ifPresent(b::keyManager);
    return build(b, material);
  }

  private static SslContext build(SslContextBuilder b, TlsMaterial material) {
    try {
      return b.sslProvider(SslProvider.JDK)
          .protocols(TlsProfile.PROTOCOLS)
          .ciphers(TlsProfile.CIPHER_SUITES, SupportedCipherSuiteFilter.INSTANCE)
          .build();
    } catch (SSLException e) {
      throw new IllegalStateException(material.name() + ": TLS context: " + e.getMessage(), e);
    }
  }
}
