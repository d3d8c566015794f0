package org.gbabsf.server.config;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The Diameter peers that must use TLS ({@code diameter.tls.peers}): all of them ({@code *}), some
 * Origin-Hosts (lower case), or none.
 */
public record TlsPeers(boolean all, Set<String> hosts) {

  /** Copies {@code hosts}, keeping their order. */
  public TlsPeers {
    hosts = Collections.unmodifiableSet(new LinkedHashSet<>(hosts));
  }

  /** Whether no peer is required to use TLS. */
  public boolean none() {
    return !all && hosts.isEmpty();
  }
}
