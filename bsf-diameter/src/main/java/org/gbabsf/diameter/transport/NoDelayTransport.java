package org.gbabsf.diameter.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.jdiameter.client.api.io.NotInitializedException;
import org.jdiameter.client.impl.transport.tcp.TCPClientConnection;
import org.jdiameter.client.impl.transport.tcp.TCPTransportClient;

/**
 * jdiameter's TCP transport for outgoing connections, with TCP_NODELAY set once connected. Nagle's
 * algorithm plus delayed ACKs otherwise hold small Diameter messages back by up to 40 ms.
 */
public final class NoDelayTransport extends TCPTransportClient {

  private final TCPClientConnection parent;

  /** A transport for {@code parent}. */
  public NoDelayTransport(TCPClientConnection parent) {
    this.parent = parent;
  }

  @Override
  public TCPClientConnection getParent() {
    return parent;
  }

  @Override
  public void initialize() throws IOException, NotInitializedException {
    super.initialize();
    socketChannel.socket().setTcpNoDelay(true);
  }

  @Override
  public void start() throws NotInitializedException {
    if (socketChannel == null || !socketChannel.isConnected()) {
      throw new NotInitializedException("socket channel is not connected");
    }
    if (selfThread == null || !selfThread.isAlive()) {
      selfThread = new Thread(this, "diameter-reader-" + getDestAddress());
      selfThread.setDaemon(true);
      selfThread.start();
    }
  }

  /** Serialised: several stack threads may write to one connection. */
  @Override
  public synchronized void sendMessage(ByteBuffer bytes) throws IOException {
    super.sendMessage(bytes);
  }

  /** Whether TCP_NODELAY is on (for tests). */
  public boolean isNoDelay() throws IOException {
    return socketChannel != null && socketChannel.socket().getTcpNoDelay();
  }
}
