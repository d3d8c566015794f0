package org.gbabsf.diameter;

import io.netty.handler.ssl.SslContext;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsMaterial;

/**
 * Diameter over TLS/TCP (RFC 6733 §2.1, §13.1): TLS from the first byte, mutual (the node asks
 * connecting peers for a certificate and presents its own when it connects), with each peer's
 * certificate bound to its Diameter identity: a connecting peer's certificate must name the
 * Origin-Host of its CER, a peer we connect to must present one naming its configured host. RFC
 * 6733 leaves that binding to the implementation; without it, any certificate of the operator's PKI
 * could speak for any peer.
 *
 * @param port the TLS listening port, 0 for none
 * @param server the server context (client certificates required), or null without TLS
 * @param client the client context (our certificate; no hostname check: the identity is checked
 *     against the DiameterIdentity instead), or null without TLS
 * @param requiredPeers Origin-Hosts (lower case) that must use TLS
 * @param allPeers true if every peer must use TLS
 * @param events where failed handshakes and identity mismatches are counted and logged
 * @param wildcards whether a wildcard name ({@code *.naf.example.org}) in a peer's certificate
 *     names a Diameter identity; false by default, as one such certificate would let one NAF claim
 *     a sibling's Origin-Host
 */
public record DiameterTls(
    int port,
    SslContext server,
    SslContext client,
    Set<String> requiredPeers,
    boolean allPeers,
    TlsEvents events,
    boolean wildcards) {

  /** No TLS. */
  public static final DiameterTls NONE =
      new DiameterTls(0, null, null, Set.of(), false, null, false);

  /** Copies the set. */
  public DiameterTls {
    requiredPeers = Set.copyOf(requiredPeers);
    if ((server == null) != (client == null)
        || (server == null && (port != 0 || allPeers || !requiredPeers.isEmpty()))) {
      throw new IllegalArgumentException("TLS needs both contexts");
    }
  }

  /**
   * TLS on {@code material} (its certificate and the CAs peers' chains must lead to), listening on
   * {@code port} (0: none), required of the Origin-Hosts {@code requiredPeers} (any case), or of
   * every peer if {@code allPeers} (diameter.tls.peers: {@code *}).
   */
  public static DiameterTls of(
      TlsMaterial material,
      TlsEvents events,
      int port,
      Set<String> requiredPeers,
      boolean allPeers) {
    Set<String> hosts =
        requiredPeers.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    return new DiameterTls(
        port,
        NettyTls.server(material, true),
        NettyTls.client(material, false),
        allPeers ? Set.of() : hosts,
        allPeers,
        events,
        false);
  }

  /** The same TLS, with wildcard certificate names allowed as identities or not. */
  public DiameterTls withWildcards(boolean allowed) {
    return new DiameterTls(port, server, client, requiredPeers, allPeers, events, allowed);
  }

  /** True if the node has TLS material at all. */
  public boolean enabled() {
    return server != null;
  }

  /** True if {@code originHost} must use TLS. */
  public boolean requiredFor(String originHost) {
    return enabled() && (allPeers || requiredPeers.contains(originHost.toLowerCase(Locale.ROOT)));
  }
}
