package org.gbabsf.security.tls;

import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.util.List;
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
    return server(
        material,
        requireClientCertificate ? ClientAuth.REQUIRE : ClientAuth.NONE,
        TlsProfile.PROTOCOLS,
        List.of());
  }

  /**
   * A server context presenting {@code material}'s certificate, asking for client certificates as
   * {@code clientAuth} says (checked against the material's trust), with {@code protocols} (a
   * subset of {@link TlsProfile#PROTOCOLS}) and, unless {@code alpn} is empty, ALPN (RFC 7301)
   * choosing among {@code alpn}: a client offering none of them gets a fatal alert.
   */
  public static SslContext server(
      TlsMaterial material, ClientAuth clientAuth, List<String> protocols, List<String> alpn) {
    SslContextBuilder b =
        SslContextBuilder.forServer(
                material
                    .keyManager()
                    .orElseThrow(
                        () ->
                            new IllegalArgumentException(
                                material.name() + ": a server needs a certificate")))
            .trustManager(material.trustManager())
            .clientAuth(clientAuth);
    if (!alpn.isEmpty()) {
      b.applicationProtocolConfig(
          new ApplicationProtocolConfig(
              Protocol.ALPN,
              SelectorFailureBehavior.FATAL_ALERT,
              SelectedListenerFailureBehavior.FATAL_ALERT,
              alpn));
    }
    return build(b, material, protocols);
  }

  /**
   * A client context trusting {@code material}'s trust, presenting its certificate when it has one
   * (mutual TLS). {@code verifyHostname} checks the server's certificate names the host connected
   * to (HTTPS rules, RFC 2818); Diameter checks the peer's identity itself instead.
   */
  public static SslContext client(TlsMaterial material, boolean verifyHostname) {
    return client(material, verifyHostname, TlsProfile.PROTOCOLS, List.of());
  }

  /**
   * A client context as {@link #client(TlsMaterial, boolean)}, with {@code protocols} and, unless
   * {@code alpn} is empty, offering {@code alpn} by ALPN (RFC 7301); a server choosing none of them
   * fails the handshake.
   */
  public static SslContext client(
      TlsMaterial material, boolean verifyHostname, List<String> protocols, List<String> alpn) {
    SslContextBuilder b =
        SslContextBuilder.forClient()
            .trustManager(material.trustManager())
            .endpointIdentificationAlgorithm(verifyHostname ? "HTTPS" : null);
    material.keyManager().ifPresent(b::keyManager);
    if (!alpn.isEmpty()) {
      b.applicationProtocolConfig(
          new ApplicationProtocolConfig(
              Protocol.ALPN,
              SelectorFailureBehavior.NO_ADVERTISE,
              SelectedListenerFailureBehavior.FATAL_ALERT,
              alpn));
    }
    return build(b, material, protocols);
  }

  private static SslContext build(
      SslContextBuilder b, TlsMaterial material, List<String> protocols) {
    if (protocols.isEmpty() || !TlsProfile.PROTOCOLS.containsAll(protocols)) {
      throw new IllegalArgumentException(
          material.name() + ": TLS protocols must be among " + TlsProfile.PROTOCOLS);
    }
    try {
      return b.sslProvider(SslProvider.JDK)
          .protocols(protocols)
          .ciphers(TlsProfile.CIPHER_SUITES, SupportedCipherSuiteFilter.INSTANCE)
          .build();
    } catch (SSLException e) {
      throw new IllegalStateException(material.name() + ": TLS context: " + e.getMessage(), e);
    }
  }
}
