package org.gbabsf.diameter;

import java.util.ArrayList;
import java.util.List;
import org.jdiameter.api.AvpSet;
import org.jdiameter.api.Message;

/**
 * The one place where our {@link DiameterMessage} meets jdiameter's {@link Message}: AVPs are
 * copied as raw bytes with their code, vendor and M bit, so the wire bytes are exactly what the
 * pure codecs produced.
 */
final class StackMessages {

  private StackMessages() {}

  /** Copies a stack message into a value. */
  static DiameterMessage toValue(Message m) {
    List<Avp> avps = new ArrayList<>();
    for (org.jdiameter.api.Avp a : m.getAvps()) {
      // jdiameter reads the 32-bit Vendor-ID as a signed int: mask it back to unsigned.
      long vendor = a.getVendorId() & 0xFFFF_FFFFL;
      avps.add(Avp.decoded(a.getCode(), vendor, a.isMandatory(), data(a)));
    }
    return new DiameterMessage(
        m.getCommandCode(),
        m.getApplicationId(),
        m.isRequest(),
        m.isProxiable(),
        m.isError(),
        m.isReTransmitted(),
        m.getHopByHopIdentifier(),
        m.getEndToEndIdentifier(),
        avps);
  }

  /**
   * The AVP's data. A received AVP keeps its bytes ({@code getRaw}) until someone reads it as
   * grouped: jdiameter then keeps the children instead and empties the bytes, which {@code
   * getRawData} encodes again. But {@code getRawData} takes any AVP without bytes for such a one,
   * and for an empty AVP from a peer (an empty Session-Id, say), which has no children, it caught
   * its own NullPointerException and printed the stack trace on stderr: one trace per empty AVP, as
   * many as a peer cares to send. Reading it as grouped first gives every AVP without bytes its
   * children, none for an empty one, so that {@code getRawData} has something to encode.
   */
  private static byte[] data(org.jdiameter.api.Avp a) {
    try {
      byte[] raw = a.getRaw();
      if (raw != null && raw.length > 0) {
        return raw;
      }
      a.getGrouped();
      return a.getRawData();
    } catch (org.jdiameter.api.AvpDataException unreadable) {
      return new byte[0];
    }
  }

  /** Replaces every AVP of {@code target} by {@code value}'s, in order, and copies P and E. */
  static void fill(Message target, DiameterMessage value) {
    AvpSet set = target.getAvps();
    List<Integer> codes = new ArrayList<>();
    for (org.jdiameter.api.Avp a : set) {
      codes.add(a.getCode());
    }
    for (int code : codes) {
      set.removeAvp(code);
    }
    for (Avp a : value.avps()) {
      if (a.vendorId() == 0) {
        set.addAvp(a.code(), a.rawData(), a.mandatory(), false);
      } else {
        set.addAvp(a.code(), a.rawData(), a.vendorId(), a.mandatory(), false);
      }
    }
    target.setProxiable(value.proxiable());
    target.setError(value.error());
  }
}
