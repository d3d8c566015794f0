package org.gbabsf.diameter.transport;

import java.net.InetAddress;

/** What the listening side asks about each new connection's CER. */
public interface CerGate {

  /** Whether the peer announcing these identities in its CER may join. */
  boolean admits(String originHost, String originRealm);

  /** Told after a peer was refused (for the log and metrics); must not block. */
  void refused(String originHost, String originRealm, InetAddress from);
}
