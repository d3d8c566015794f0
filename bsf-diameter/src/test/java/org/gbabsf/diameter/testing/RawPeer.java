package org.gbabsf.diameter.testing;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseMessages;

/**
 * A peer that writes raw bytes to a Diameter port and reads what comes back: the hostile or broken
 * peer of the transport tests. Reads time out after 10 s, so that a regression fails instead of
 * hanging.
 */
public final class RawPeer implements AutoCloseable {

  private final Socket socket;
  private final DataInputStream in;

  public RawPeer(int port) throws IOException {
    this(new Socket(InetAddress.getLoopbackAddress(), port));
  }

  /**
   * A peer connecting to 127.0.0.1:{@code port} from {@code local} (another loopback address, say
   * 127.0.0.2): a second host, as far as the node can tell.
   */
  public static RawPeer from(String local, int port) throws IOException {
    Socket s = new Socket();
    s.bind(new java.net.InetSocketAddress(InetAddress.getByName(local), 0));
    s.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
    return new RawPeer(s);
  }

  /** A peer on {@code socket}, e.g. a TLS socket whose handshake is done. */
  public RawPeer(Socket socket) throws IOException {
    this.socket = socket;
    socket.setSoTimeout(10_000);
    in = new DataInputStream(socket.getInputStream());
  }

  /**
   * A peer over TLS to {@code port}: presents {@code identity} (a client certificate), trusts its
   * CA; the handshake is done before this returns.
   */
  public static RawPeer tls(int port, org.gbabsf.security.tls.TlsMaterial identity)
      throws IOException {
    return tls("127.0.0.1", port, identity);
  }

  /** As {@link #tls(int, org.gbabsf.security.tls.TlsMaterial)}, from the address {@code local}. */
  public static RawPeer tls(String local, int port, org.gbabsf.security.tls.TlsMaterial identity)
      throws IOException {
    try {
      javax.net.ssl.SSLContext ctx = javax.net.ssl.SSLContext.getInstance("TLS");
      ctx.init(
          identity.keyManager().map(k -> new javax.net.ssl.KeyManager[] {k}).orElse(null),
          new javax.net.ssl.TrustManager[] {identity.trustManager()},
          null);
      javax.net.ssl.SSLSocket s =
          (javax.net.ssl.SSLSocket)
              ctx.getSocketFactory()
                  .createSocket(
                      InetAddress.getLoopbackAddress(), port, InetAddress.getByName(local), 0);
      s.setSoTimeout(10_000);
      s.startHandshake();
      return new RawPeer(s);
    } catch (java.security.GeneralSecurityException e) {
      throw new IOException(e);
    }
  }

  /** Connects and passes a CER as {@code host}/{@code realm} for {@code app}; checks 2001. */
  public static RawPeer admitted(int port, String host, String realm, AppId app)
      throws IOException {
    RawPeer p = new RawPeer(port);
    p.write(DiameterWire.encode(cer(host, realm, app)));
    DiameterMessage cea = p.read().orElseThrow(() -> new IOException("no CEA"));
    long result = BaseMessages.resultCode(cea).map(r -> r.code()).orElse(0L);
    if (result != 2001) {
      throw new IOException("CEA " + result);
    }
    return p;
  }

  /** Bytes received and not read yet, without waiting. */
  public int unread() throws IOException {
    return in.available();
  }

  public void write(byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
  }

  /** The next message, or empty at the end of the stream. */
  public Optional<DiameterMessage> read() throws IOException {
    int first;
    try {
      first = in.readInt();
    } catch (java.io.EOFException end) {
      return Optional.empty();
    }
    byte[] wire = new byte[first & 0xFF_FFFF];
    ByteBuffer.wrap(wire).putInt(first);
    in.readFully(wire, 4, wire.length - 4);
    return Optional.of(DiameterWire.decode(wire).orElseThrow(() -> new IOException("malformed")));
  }

  /** True if the peer closed the connection (end of stream or reset) before sending anything. */
  public boolean closedByPeer() throws IOException {
    try {
      return in.read() == -1;
    } catch (SocketTimeoutException stillOpen) {
      return false;
    } catch (java.net.SocketException reset) {
      return true;
    }
  }

  /** The CEA 2001 of {@code host}/{@code realm} to {@code cer}, with {@code app} in common. */
  public static DiameterMessage ceaTo(DiameterMessage cer, String host, String realm, AppId app) {
    java.util.List<org.gbabsf.diameter.Avp> avps = new java.util.ArrayList<>();
    avps.add(BaseMessages.resultCodeAvp(2001));
    avps.addAll(
        BaseMessages.capabilitiesExchangeRequest(
                host, realm, "test-peer", app.vendorId(), app.authApplicationId())
            .avps());
    return DiameterMessage.answerTo(cer, false, avps);
  }

  /** True if the peer closed the connection after sending at most {@code messages} messages. */
  public boolean closedAfterAtMost(int messages) throws IOException {
    for (int i = 0; i < messages; i++) {
      try {
        if (read().isEmpty()) {
          return true;
        }
      } catch (java.net.SocketException reset) {
        return true;
      } catch (SocketTimeoutException stillOpen) {
        return false;
      }
    }
    return closedByPeer();
  }

  /** The local port of this peer's connection (the port of the URI the stack gives the peer). */
  public int localPort() {
    return socket.getLocalPort();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  public static DiameterMessage cer(String host, String realm, AppId app) {
    return BaseMessages.capabilitiesExchangeRequest(
        host, realm, "test-peer", app.vendorId(), app.authApplicationId());
  }
}
