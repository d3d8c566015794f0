package org.gbabsf.core.sim;

import org.gbabsf.core.domain.Impi;

/**
 * A simulated subscriber: what an HSS/AuC and the USIM share (TS 33.102 §6.3): K, OPc, the AMF the
 * AuC uses, and the starting sequence number. K and OPc are secrets: {@link #toString()} hides
 * them.
 *
 * @param impi the private identity
 * @param k the 128-bit subscriber key
 * @param opc the 128-bit OPc (TS 35.206 §4.1)
 * @param amf the 16-bit authentication management field
 * @param sqn the 48-bit sequence number both sides start from
 */
public record Subscriber(Impi impi, byte[] k, byte[] opc, byte[] amf, long sqn) {

  /** Checks lengths and copies the arrays. */
  public Subscriber {
    if (k.length != 16 || opc.length != 16 || amf.length != 2) {
      throw new IllegalArgumentException("K and OPc must be 16 octets, AMF 2");
    }
    if (sqn < 0 || sqn > 0xFFFF_FFFF_FFFFL) {
      throw new IllegalArgumentException("SQN must fit 48 bits");
    }
    k = k.clone();
    opc = opc.clone();
    amf = amf.clone();
  }

  @Override
  public byte[] k() {
    return k.clone();
  }

  @Override
  public byte[] opc() {
    return opc.clone();
  }

  @Override
  public byte[] amf() {
    return amf.clone();
  }

  @Override
  public String toString() {
    return "Subscriber[" + impi + ", keys hidden]";
  }
}
