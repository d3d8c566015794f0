package org.gbabsf.diameter.transport;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.ResultCodes;
import org.jdiameter.api.AvpDataException;
import org.jdiameter.api.Peer;
import org.jdiameter.client.api.io.NotInitializedException;
import org.jdiameter.client.api.parser.IMessageParser;
import org.jdiameter.client.impl.transport.tcp.TCPClientConnection;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An accepted connection whose first message, the peer's CER, passes a {@link CerGate} before the
 * stack sees it. A refused peer gets a CEA with Result-Code 3010 DIAMETER_UNKNOWN_PEER (RFC 6733
 * §5.3, §7.1.3: a protocol error, so the E bit is set) and the connection is closed; jdiameter
 * itself would only drop the socket, leaving the peer to guess why.
 */
final class GatedConnection extends TCPClientConnection {

  private static final Logger log = LoggerFactory.getLogger(GatedConnection.class);

  static final int CER = 257;
  static final int HOST_IP_ADDRESS = 257;
  static final int PRODUCT_NAME = 269;
  static final int ERROR_MESSAGE = 281;

  private final CerGate gate;
  private final Peer local;
  private final InetAddress remote;
  private volatile boolean decided;

  GatedConnection(
      IConcurrentFactory concurrentFactory,
      IMessageParser parser,
      Socket socket,
      CerGate gate,
      Peer local)
      throws IOException {
    super(concurrentFactory, parser);
    this.gate = gate;
    this.local = local;
    this.remote = socket.getInetAddress();
    try {
      getClient().initialize(socket);
      getClient().start();
    } catch (NotInitializedException e) {
      throw new IOException("connection not initialised: " + e.getMessage(), e);
    }
  }

  @Override
  protected void onMessageReceived(ByteBuffer message) throws AvpDataException {
    if (decided) {
      super.onMessageReceived(message);
      return;
    }
    decided = true;
    Optional<DiameterMessage> cer =
        DiameterWire.decode(message.array()).filter(m -> m.request() && m.commandCode() == CER);
    if (cer.isEmpty()) {
      // Not a CER: the stack closes such a connection itself.
      super.onMessageReceived(message);
      return;
    }
    String host = cer.get().first(BaseAvps.ORIGIN_HOST, 0).map(Avp::utf8).orElse(null);
    String realm = cer.get().first(BaseAvps.ORIGIN_REALM, 0).map(Avp::utf8).orElse(null);
    if (host == null || realm == null || gate.admits(host, realm)) {
      super.onMessageReceived(message);
      return;
    }
    refuse(cer.get(), host, realm);
  }

  private void refuse(DiameterMessage cer, String host, String realm) {
    try {
      getClient().sendMessage(ByteBuffer.wrap(DiameterWire.encode(unknownPeer(cer))));
    } catch (IOException e) {
      log.debug("Diameter: CEA 3010 to {} not sent: {}", remote, e.toString());
    } finally {
      gate.refused(host, realm, remote);
      try {
        release();
      } catch (IOException e) {
        log.debug("Diameter: closing the refused connection: {}", e.toString());
      }
    }
  }

  /** The CEA refusing {@code cer}: the mandatory CEA AVPs of RFC 6733 §5.3.2 and the reason. */
  private DiameterMessage unknownPeer(DiameterMessage cer) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.u32(BaseAvps.RESULT_CODE, 0, true, ResultCodes.UNKNOWN_PEER));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, local.getUri().getFQDN()));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, local.getRealmName()));
    for (InetAddress a : local.getIPAddresses()) {
      avps.add(Avp.octets(HOST_IP_ADDRESS, 0, true, address(a)));
    }
    avps.add(Avp.u32(BaseAvps.VENDOR_ID, 0, true, local.getVendorId()));
    avps.add(Avp.utf8(PRODUCT_NAME, 0, false, local.getProductName()));
    avps.add(Avp.utf8(ERROR_MESSAGE, 0, false, "peer not configured"));
    return DiameterMessage.answerTo(cer, true, avps);
  }

  /** An Address AVP value (RFC 6733 §4.3.1): address family (1 IPv4, 2 IPv6), then the octets. */
  static byte[] address(InetAddress a) {
    byte[] raw = a.getAddress();
    byte[] out = new byte[2 + raw.length];
    out[1] = (byte) (a instanceof Inet4Address ? 1 : 2);
    System.arraycopy(raw, 0, out, 2, raw.length);
    return out;
  }
}
