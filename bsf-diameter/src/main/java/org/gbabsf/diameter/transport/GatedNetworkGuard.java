package org.gbabsf.diameter.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jdiameter.client.api.parser.IMessageParser;
import org.jdiameter.client.impl.transport.tcp.TCPClientConnection;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.jdiameter.server.api.IMetaData;
import org.jdiameter.server.api.io.INetworkConnectionListener;
import org.jdiameter.server.api.io.INetworkGuard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listening side, plugged into jdiameter's {@code InternalNetworkGuard} extension point: binds
 * synchronously (jdiameter's own guard binds in the background and swallows a port already in use),
 * sets TCP_NODELAY on every accepted socket when configured, and hands it to the stack as a {@link
 * GatedConnection}, whose CER must pass the node's {@link CerGate} (from {@link
 * NodeConfiguration}).
 */
public final class GatedNetworkGuard implements INetworkGuard {

  private static final Logger log = LoggerFactory.getLogger(GatedNetworkGuard.class);

  private final List<INetworkConnectionListener> listeners = new CopyOnWriteArrayList<>();
  private final ServerSocketChannel server;
  private final IConcurrentFactory concurrentFactory;
  private final IMessageParser parser;
  private final IMetaData metaData;
  private final CerGate gate;
  private final boolean tcpNoDelay;
  private Thread acceptor;

  /** Called by jdiameter's server transport factory; binds at once. */
  public GatedNetworkGuard(
      InetAddress[] addresses,
      int port,
      IConcurrentFactory concurrentFactory,
      IMessageParser parser,
      IMetaData metaData)
      throws IOException {
    this.concurrentFactory = concurrentFactory;
    this.parser = parser;
    this.metaData = metaData;
    if (!(metaData.getConfiguration() instanceof NodeConfiguration node)) {
      // Fail closed: without our configuration there is no admission policy to apply.
      throw new IOException("the stack was not configured by DiameterNode (no CER gate)");
    }
    this.gate = node.gate();
    this.tcpNoDelay = node.tcpNoDelay();
    this.server = ServerSocketChannel.open();
    server.socket().setReuseAddress(true);
    try {
      server.bind(new InetSocketAddress(addresses.length > 0 ? addresses[0] : null, port));
    } catch (IOException e) {
      server.close();
      throw e;
    }
  }

  @Override
  public synchronized void addListener(INetworkConnectionListener listener) {
    listeners.add(listener);
    if (acceptor == null) {
      acceptor = new Thread(this::accept, "diameter-accept-" + server.socket().getLocalPort());
      acceptor.setDaemon(true);
      acceptor.start();
    }
  }

  @Override
  public void remListener(INetworkConnectionListener listener) {
    listeners.remove(listener);
  }

  private void accept() {
    while (server.isOpen()) {
      Socket socket = null;
      try {
        SocketChannel channel = server.accept();
        socket = channel.socket();
        socket.setTcpNoDelay(tcpNoDelay);
        TCPClientConnection connection = connection(socket);
        for (INetworkConnectionListener l : listeners) {
          l.newNetworkConnection(connection);
        }
      } catch (ClosedChannelException closed) {
        return;
      } catch (IOException | RuntimeException e) {
        log.warn("Diameter: could not accept a connection: {}", e.toString());
        closeQuietly(socket);
        // A persistent error (e.g. out of file descriptors) must not spin a core.
        java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
      }
    }
  }

  private TCPClientConnection connection(Socket socket) throws IOException {
    return new GatedConnection(concurrentFactory, parser, socket, gate, metaData.getLocalPeer());
  }

  private static void closeQuietly(Socket socket) {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // already failing
      }
    }
  }

  /** The bound port (for tests). */
  public int port() {
    return server.socket().getLocalPort();
  }

  @Override
  public void destroy() {
    try {
      server.close();
    } catch (IOException e) {
      log.debug("Diameter: closing the listening socket: {}", e.toString());
    }
  }
}
