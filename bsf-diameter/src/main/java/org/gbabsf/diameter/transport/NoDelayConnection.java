package org.gbabsf.diameter.transport;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.jdiameter.api.Configuration;
import org.jdiameter.client.api.io.IConnectionListener;
import org.jdiameter.client.api.parser.IMessageParser;
import org.jdiameter.client.impl.transport.tcp.TCPClientConnection;
import org.jdiameter.client.impl.transport.tcp.TCPTransportClient;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;

/**
 * The connection class plugged into jdiameter's {@code InternalConnectionClass} extension point:
 * jdiameter's own TCP connection, using {@link NoDelayTransport}. The two constructors are the ones
 * jdiameter's transport factory requires.
 */
public final class NoDelayConnection extends TCPClientConnection {

  private final NoDelayTransport transport;

  /** Called by jdiameter's transport factory. */
  public NoDelayConnection(
      Configuration config,
      IConcurrentFactory concurrentFactory,
      InetAddress remoteAddress,
      int remotePort,
      InetAddress localAddress,
      int localPort,
      IMessageParser parser,
      String ref) {
    super(
        config, concurrentFactory, remoteAddress, remotePort, localAddress, localPort, parser, ref);
    this.transport = transport(remoteAddress, remotePort, localAddress, localPort);
  }

  /** Called by jdiameter's transport factory. */
  public NoDelayConnection(
      Configuration config,
      IConcurrentFactory concurrentFactory,
      InetAddress remoteAddress,
      int remotePort,
      InetAddress localAddress,
      int localPort,
      IConnectionListener listener,
      IMessageParser parser,
      String ref) {
    super(
        config,
        concurrentFactory,
        remoteAddress,
        remotePort,
        localAddress,
        localPort,
        listener,
        parser,
        ref);
    this.transport = transport(remoteAddress, remotePort, localAddress, localPort);
  }

  private NoDelayTransport transport(
      InetAddress remote, int remotePort, InetAddress local, int localPort) {
    NoDelayTransport t = new NoDelayTransport(this);
    t.setDestAddress(new InetSocketAddress(remote, remotePort));
    t.setOrigAddress(new InetSocketAddress(local, localPort));
    return t;
  }

  @Override
  protected TCPTransportClient getClient() {
    return transport;
  }
}
