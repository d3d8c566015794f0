package org.gbabsf.diameter.transport;

import org.jdiameter.server.impl.helpers.EmptyConfiguration;

/**
 * jdiameter's configuration, carrying what our transport classes need and the stack has no key for.
 * The stack hands its configuration to the network guard through its meta-data, which is how {@link
 * GatedNetworkGuard} finds the {@link CerGate} and the TCP_NODELAY choice.
 */
public final class NodeConfiguration extends EmptyConfiguration {

  private static final long serialVersionUID = 1L;

  private final transient CerGate gate;
  private final boolean tcpNoDelay;

  /** A configuration whose listening side asks {@code gate} and sets {@code tcpNoDelay}. */
  public NodeConfiguration(CerGate gate, boolean tcpNoDelay) {
    super(true);
    this.gate = gate;
    this.tcpNoDelay = tcpNoDelay;
  }

  /** The gate for incoming connections. */
  public CerGate gate() {
    return gate;
  }

  /** Whether accepted sockets get TCP_NODELAY. */
  public boolean tcpNoDelay() {
    return tcpNoDelay;
  }
}
