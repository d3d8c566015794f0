package org.gbabsf.diameter;

import java.util.Locale;

/**
 * The election of RFC 6733 §5.6.4, for two peers that each opened a connection to the other: the
 * responder compares its own Origin-Host with the one in the CER it received, and the connection
 * opened by the peer with the higher Origin-Host is the one kept. Both sides reach the same result,
 * so exactly one connection survives. Identities compare as lower-case strings (a DiameterIdentity
 * is an FQDN, ASCII once admitted), so that names differing only in case elect alike on both sides.
 */
final class Election {

  private Election() {}

  /**
   * Whether our own connection to {@code peerOriginHost} wins: then the CER it sent on its own
   * connection is refused (closed without CEA), and it answers ours.
   */
  static boolean localWins(String localOriginHost, String peerOriginHost) {
    return localOriginHost
            .toLowerCase(Locale.ROOT)
            .compareTo(peerOriginHost.toLowerCase(Locale.ROOT))
        > 0;
  }
}
