package org.gbabsf.diameter.transport;

import org.jdiameter.server.impl.helpers.EmptyConfiguration;

/**
 * jdiameter's configuration, carrying what our transport classes need and the stack has no key for.
 * The stack hands its configuration to the network guard through its meta-data and to every
 * outgoing connection it creates, which is how {@link NettyNetworkGuard} and {@link
 * NettyConnection} find the node's {@link DiameterTransport}.
 */
public final class NodeConfiguration extends EmptyConfiguration {

  private static final long serialVersionUID = 1L;

  private final transient DiameterTransport transport;

  /** A configuration whose connections use {@code transport}. */
  public NodeConfiguration(DiameterTransport transport) {
    super(true);
    this.transport = transport;
  }

  /** The node's transport. */
  public DiameterTransport transport() {
    return transport;
  }
}
