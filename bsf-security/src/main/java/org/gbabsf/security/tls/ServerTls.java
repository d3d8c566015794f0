package org.gbabsf.security.tls;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.TimeUnit;

/**
 * TLS in front of a server's pipeline: an {@link SslHandler} first (handshake within {@link
 * #HANDSHAKE_TIMEOUT_MS}, else closed and counted as {@code timeout}), then a {@link
 * HandshakeWatcher} reporting failures to {@code events}. Nothing reaches the protocol handlers
 * before the handshake succeeded: there is no plain-text fallback.
 *
 * @param context the server context ({@link NettyTls#server})
 * @param events where failed handshakes are counted and logged
 */
public record ServerTls(SslContext context, TlsEvents events) {

  /** Time a client has to complete the handshake. */
  public static final long HANDSHAKE_TIMEOUT_MS = 10_000;

  /** A server context on {@code material} (mutual when {@code requireClientCertificate}). */
  public static ServerTls of(TlsMaterial material, TlsEvents events, boolean requireClientCert) {
    return new ServerTls(NettyTls.server(material, requireClientCert), events);
  }

  /** Adds the handlers at the front of {@code ch}'s pipeline; returns the SSL handler. */
  public SslHandler addFirst(Channel ch) {
    SslHandler ssl = context.newHandler(ch.alloc());
    ssl.setHandshakeTimeout(HANDSHAKE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    ch.pipeline().addFirst("tls-watch", new HandshakeWatcher(events));
    ch.pipeline().addFirst("tls", ssl);
    return ssl;
  }
}
