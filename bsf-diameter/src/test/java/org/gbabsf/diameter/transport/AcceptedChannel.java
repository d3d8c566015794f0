package org.gbabsf.diameter.transport;

import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/** An embedded channel with IP addresses, as an accepted connection has. */
final class AcceptedChannel extends EmbeddedChannel {
  @Override
  protected SocketAddress remoteAddress0() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), 40_000);
  }

  @Override
  protected SocketAddress localAddress0() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), 3868);
  }
}
