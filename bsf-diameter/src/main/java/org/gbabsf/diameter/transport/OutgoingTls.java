package org.gbabsf.diameter.transport;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.gbabsf.security.tls.CertNames;
import org.gbabsf.security.tls.ClientTls;
import org.gbabsf.security.tls.HandshakeWatcher;
import org.gbabsf.security.tls.PeerIdentityException;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.security.tls.TlsFailure;
import org.jdiameter.client.api.io.TransportError;
import org.jdiameter.client.api.io.TransportException;

/**
 * TLS on a connection the node opens to a peer that must use it (RFC 6733 §2.1): the peer is named
 * by the security reference jdiameter passes to the connection ({@code tls:<host>}, set by the node
 * for each such peer), not by its address, so a name that resolves differently never turns a TLS
 * peer into a plain one. The handshake completes and the certificate must name the peer before the
 * connection reaches the stack; anything else closes it, and the stack retries later.
 */
final class OutgoingTls {

  /** Prefix of the security reference of a peer that must use TLS. */
  static final String REF_PREFIX = "tls:";

  private OutgoingTls() {}

  /** The peer to reach over TLS named by jdiameter's security reference, or null for none. */
  static String peerOf(String securityRef) {
    return securityRef != null && securityRef.startsWith(REF_PREFIX)
        ? securityRef.substring(REF_PREFIX.length())
        : null;
  }

  /** Adds the TLS handlers for {@code peer} at the front of {@code ch}'s pipeline. */
  static void addHandlers(Channel ch, DiameterTransport transport, String peer, int port) {
    new ClientTls(transport.tls().client(), peer).addFirst(ch, port);
    ch.pipeline().addAfter("tls", "tls-watch", new HandshakeWatcher(transport.tls().events()));
  }

  /**
   * Waits for the handshake with {@code peer} and checks that its certificate names it; on failure,
   * closes {@code ch} and throws. Blocking: called on jdiameter's connecting thread, never on the
   * I/O thread.
   */
  static void verify(Channel ch, DiameterTransport transport, String peer, InetSocketAddress remote)
      throws TransportException {
    SslHandler ssl = ch.pipeline().get(SslHandler.class);
    io.netty.util.concurrent.Future<Channel> hs = ssl.handshakeFuture();
    if (!hs.awaitUninterruptibly(ServerTls.HANDSHAKE_TIMEOUT_MS + 1_000, TimeUnit.MILLISECONDS)
        || !hs.isSuccess()) {
      ch.close();
      Throwable cause = hs.cause();
      throw new TransportException(
          "TLS with " + peer + " at " + remote + " failed: " + (cause == null ? "timeout" : cause),
          TransportError.NetWorkError,
          cause);
    }
    Optional<List<String>> mismatch =
        CertNames.mismatch(ssl.engine().getSession(), peer, transport.tls().wildcards());
    if (mismatch.isEmpty()) {
      return;
    }
    ch.close();
    transport
        .tls()
        .events()
        .failed(
            remote,
            TlsFailure.IDENTITY_MISMATCH,
            "peer " + peer + " presented a certificate naming " + mismatch.get());
    throw new TransportException(
        "TLS with " + peer + " at " + remote + ": its certificate names " + mismatch.get(),
        TransportError.NetWorkError,
        new PeerIdentityException(peer, mismatch.get()));
  }

  /** Fails the connection to {@code peer} at once: it must use TLS and the node has none. */
  static TransportException noTls(String peer) {
    return new TransportException(
        "Diameter peer " + peer + " must use TLS, and this node has no TLS material",
        TransportError.NetWorkError);
  }
}
