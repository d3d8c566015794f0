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
      avps.add(Avp.decoded(a.getCode(), vendor, a.isMandatory(), a.getRawData()));
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
