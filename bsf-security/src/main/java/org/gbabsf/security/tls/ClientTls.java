package org.gbabsf.security.tls;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.util.concurrent.TimeUnit;

/**
 * TLS in front of a client's pipeline: an {@link SslHandler} for {@code serverName} (sent as SNI,
 * and checked against the server's certificate when the context verifies hostnames).
 *
 * @param context the client context ({@link NettyTls#client})
 * @param serverName the name the server's certificate must carry
 */
public record ClientTls(SslContext context, String serverName) {

  /** Adds the handler at the front of {@code ch}'s pipeline and returns it. */
  public SslHandler addFirst(Channel ch, int port) {
    SslHandler ssl = context.newHandler(ch.alloc(), serverName, port);
    ssl.setHandshakeTimeout(ServerTls.HANDSHAKE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    ch.pipeline().addFirst("tls", ssl);
    return ssl;
  }
}
