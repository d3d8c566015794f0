package org.gbabsf.diameter;

/**
 * The peer a request arrived from, as it identified itself in its CER (and was admitted with): the
 * connection's identity, not whatever the request's own Origin-Host claims.
 *
 * @param host its Origin-Host (DiameterIdentity)
 * @param realm its Origin-Realm
 */
public record PeerIdentity(String host, String realm) {

  /** Whether {@code originHost} is this peer (identities compare case-insensitively). */
  public boolean is(String originHost) {
    return originHost != null && host.equalsIgnoreCase(originHost);
  }
}
