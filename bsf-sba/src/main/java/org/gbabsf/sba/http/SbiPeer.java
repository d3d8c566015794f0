package org.gbabsf.sba.http;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * Who sent an SBI request, as far as the transport knows: the address, whether TLS was used, and
 * the DNS names of the client certificate the TLS handshake verified (empty without mutual TLS).
 *
 * @param address the remote address
 * @param tls whether the connection is TLS
 * @param certificateNames dNSName subject alternative names (else the subject CN) of the verified
 *     client certificate, lower case
 */
public record SbiPeer(InetSocketAddress address, boolean tls, List<String> certificateNames) {

  /** Copies the list. */
  public SbiPeer {
    certificateNames = List.copyOf(certificateNames);
  }

  /** A peer over cleartext HTTP/2 (h2c). */
  public static SbiPeer cleartext(InetSocketAddress address) {
    return new SbiPeer(address, false, List.of());
  }
}
