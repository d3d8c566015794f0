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
 * stack sees it. A CER from a peer that is not configured gets a CEA with Result-Code 3010
 * DIAMETER_UNKNOWN_PEER (RFC 6733 §5.3, §7.1.3: a protocol error, so the E bit is set); a CER
 * without exactly one plain Origin-Host and Origin-Realm gets 5005, 5009 or 5004 (the stack reads
 * identities loosely, ignoring vendor flags, so such a CER must never reach it); anything else
 * first is dropped. Then the connection is closed; jdiameter alone would only drop the socket,
 * leaving the peer to guess why.
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
  private final Socket socket;
  // Touched only by this connection's single reader thread.
  private boolean admitted;
  private boolean refused;

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
    this.socket = socket;
    try {
      getClient().initialize(socket);
      getClient().start();
    } catch (NotInitializedException e) {
      throw new IOException("connection not initialised: " + e.getMessage(), e);
    }
  }

  @Override
  protected void onMessageReceived(ByteBuffer message) throws AvpDataException {
    if (admitted) {
      super.onMessageReceived(message);
      return;
    }
    if (refused) {
      return; // after a refusal, nothing more reaches the stack
    }
    Optional<DiameterMessage> decoded = DiameterWire.decode(message.array());
    if (decoded.isEmpty() || !decoded.get().request() || decoded.get().commandCode() != CER) {
      refuse(CerGate.Refusal.NOT_A_CER, null, null, null, 0);
      return;
    }
    DiameterMessage cer = decoded.get();
    List<Avp> hosts = identities(cer, BaseAvps.ORIGIN_HOST);
    List<Avp> realms = identities(cer, BaseAvps.ORIGIN_REALM);
    String host = hosts.isEmpty() ? null : hosts.get(0).utf8();
    String realm = realms.isEmpty() ? null : realms.get(0).utf8();
    long invalid = invalidIdentities(hosts, realms);
    if (invalid != 0) {
      refuse(CerGate.Refusal.INVALID_CER, cer, host, realm, invalid);
    } else if (!gate.admits(host, realm)) {
      refuse(CerGate.Refusal.UNKNOWN_PEER, cer, host, realm, ResultCodes.UNKNOWN_PEER);
    } else {
      admitted = true;
      super.onMessageReceived(message);
    }
  }

  /** Every top-level AVP with {@code code}, whatever its vendor. */
  private static List<Avp> identities(DiameterMessage cer, int code) {
    List<Avp> out = new ArrayList<>();
    for (Avp a : cer.avps()) {
      if (a.code() == code) {
        out.add(a);
      }
    }
    return out;
  }

  /**
   * 0 if there is exactly one Origin-Host and one Origin-Realm, without vendor, in printable ASCII
   * (a DiameterIdentity is an FQDN); else the result code of the CEA refusing the CER: 5005
   * missing, 5009 more than once (RFC 6733 §7.1.5), 5004 a vendor-specific or non-ASCII one.
   */
  private static long invalidIdentities(List<Avp> hosts, List<Avp> realms) {
    if (hosts.isEmpty() || realms.isEmpty()) {
      return ResultCodes.MISSING_AVP;
    }
    if (hosts.size() > 1 || realms.size() > 1) {
      return ResultCodes.AVP_OCCURS_TOO_MANY_TIMES;
    }
    for (Avp a : List.of(hosts.get(0), realms.get(0))) {
      if (a.vendorId() != 0 || a.octets().length == 0 || !printableAscii(a.octets())) {
        return ResultCodes.INVALID_AVP_VALUE;
      }
    }
    return 0;
  }

  private static boolean printableAscii(byte[] value) {
    for (byte b : value) {
      if (b <= 0x20 || b >= 0x7f) {
        return false;
      }
    }
    return true;
  }

  /**
   * Answers a CER with {@code resultCode} (none when {@code cer} is null), then half-closes both
   * ways: the peer reads the CEA and then the end of stream, and our reader sees the end of input,
   * so the stack gets its normal disconnect event and forgets the connection at once.
   */
  private void refuse(
      CerGate.Refusal reason, DiameterMessage cer, String host, String realm, long resultCode) {
    refused = true;
    if (cer != null) {
      try {
        getClient().sendMessage(ByteBuffer.wrap(DiameterWire.encode(refusal(cer, resultCode))));
      } catch (IOException e) {
        log.debug("Diameter: CEA {} to {} not sent: {}", resultCode, remote, e.toString());
      }
    }
    gate.refused(reason, host, realm, remote);
    try {
      socket.shutdownOutput();
      socket.shutdownInput();
    } catch (IOException e) {
      log.debug("Diameter: closing the refused connection: {}", e.toString());
    }
  }

  /** The CEA refusing {@code cer}: the mandatory CEA AVPs of RFC 6733 §5.3.2 and the reason. */
  private DiameterMessage refusal(DiameterMessage cer, long resultCode) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.u32(BaseAvps.RESULT_CODE, 0, true, resultCode));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, local.getUri().getFQDN()));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, local.getRealmName()));
    for (InetAddress a : local.getIPAddresses()) {
      avps.add(Avp.octets(HOST_IP_ADDRESS, 0, true, address(a)));
    }
    avps.add(Avp.u32(BaseAvps.VENDOR_ID, 0, true, local.getVendorId()));
    avps.add(Avp.utf8(PRODUCT_NAME, 0, false, local.getProductName()));
    avps.add(
        Avp.utf8(
            ERROR_MESSAGE,
            0,
            false,
            resultCode == ResultCodes.UNKNOWN_PEER ? "peer not configured" : "invalid identity"));
    // 3xxx protocol errors set the E bit (RFC 6733 §7.1.3); 5xxx permanent failures do not.
    return DiameterMessage.answerTo(cer, resultCode / 1000 == 3, avps);
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
