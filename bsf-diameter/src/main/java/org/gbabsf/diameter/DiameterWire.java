package org.gbabsf.diameter;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The Diameter wire format (RFC 6733 §3 header, §4.1 AVP header, 32-bit padding) as pure functions,
 * independent of the stack: used by golden-byte tests and to build grouped AVPs.
 */
public final class DiameterWire {

  private static final int VERSION = 1;
  private static final int AVP_FLAG_V = 0x80;
  private static final int AVP_FLAG_M = 0x40;

  private DiameterWire() {}

  /** The message's bytes. */
  public static byte[] encode(DiameterMessage m) {
    byte[] body = encodeAvps(m.avps());
    ByteBuffer out = ByteBuffer.allocate(DiameterHeader.LENGTH + body.length);
    out.putInt((VERSION << 24) | (DiameterHeader.LENGTH + body.length));
    int flags =
        (m.request() ? DiameterHeader.FLAG_R : 0)
            | (m.proxiable() ? DiameterHeader.FLAG_P : 0)
            | (m.error() ? DiameterHeader.FLAG_E : 0)
            | (m.retransmitted() ? DiameterHeader.FLAG_T : 0);
    out.putInt((flags << 24) | (m.commandCode() & 0xFF_FFFF));
    out.putInt((int) m.applicationId());
    out.putInt((int) m.hopByHop());
    out.putInt((int) m.endToEnd());
    out.put(body);
    return out.array();
  }

  /** Parses a whole message; empty if the bytes are not one well-formed Diameter message. */
  public static Optional<DiameterMessage> decode(byte[] wire) {
    if (!DiameterHeader.fits(wire)) {
      return Optional.empty();
    }
    DiameterHeader h = DiameterHeader.of(wire);
    if (h.version() != VERSION || h.length() != wire.length) {
      return Optional.empty();
    }
    byte[] body = Arrays.copyOfRange(wire, DiameterHeader.LENGTH, wire.length);
    return decodeAvps(body)
        .map(
            avps ->
                new DiameterMessage(
                    h.commandCode(),
                    h.applicationId(),
                    h.request(),
                    h.proxiable(),
                    h.error(),
                    h.retransmitted(),
                    h.hopByHop(),
                    h.endToEnd(),
                    avps));
  }

  /** AVPs back to back, each padded to 32 bits. */
  public static byte[] encodeAvps(List<Avp> avps) {
    int size = 0;
    for (Avp a : avps) {
      size += padded(headerLength(a) + a.dataLength());
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    for (Avp a : avps) {
      int length = headerLength(a) + a.dataLength();
      out.putInt(a.code());
      int flags = (a.vendorId() != 0 ? AVP_FLAG_V : 0) | (a.mandatory() ? AVP_FLAG_M : 0);
      out.putInt((flags << 24) | length);
      if (a.vendorId() != 0) {
        out.putInt((int) a.vendorId());
      }
      out.put(a.rawData());
      out.position(out.position() + padded(length) - length);
    }
    return out.array();
  }

  /** Parses AVPs back to back; empty if any header, length or padding is wrong. */
  public static Optional<List<Avp>> decodeAvps(byte[] data) {
    List<Avp> out = new ArrayList<>();
    ByteBuffer in = ByteBuffer.wrap(data);
    while (in.hasRemaining()) {
      if (in.remaining() < 8) {
        return Optional.empty();
      }
      int code = in.getInt();
      int word = in.getInt();
      int flags = word >>> 24;
      int length = word & 0xFF_FFFF;
      boolean vendor = (flags & AVP_FLAG_V) != 0;
      int header = vendor ? 12 : 8;
      if (length < header || padded(length) - 8 > in.remaining()) {
        return Optional.empty();
      }
      long vendorId = vendor ? in.getInt() & 0xFFFF_FFFFL : 0;
      byte[] value = new byte[length - header];
      in.get(value);
      in.position(in.position() + padded(length) - length);
      out.add(Avp.decoded(code, vendorId, (flags & AVP_FLAG_M) != 0, value));
    }
    return Optional.of(out);
  }

  private static int headerLength(Avp a) {
    return a.vendorId() != 0 ? 12 : 8;
  }

  private static int padded(int length) {
    return (length + 3) & ~3;
  }
}
