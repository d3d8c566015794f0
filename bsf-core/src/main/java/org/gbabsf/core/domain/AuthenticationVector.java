package org.gbabsf.core.domain;

/**
 * A UMTS authentication vector (TS 33.102 §6.3.2) as delivered by the HSS over Zh (TS 29.109
 * §4.4.2, SIP-Auth-Data-Item): RAND, AUTN, XRES, CK and IK. XRES, CK and IK are key material:
 * {@link #toString()} never prints them.
 */
public final class AuthenticationVector {

  private final Rand rand;
  private final byte[] autn;
  private final byte[] xres;
  private final byte[] ck;
  private final byte[] ik;

  /**
   * Creates a vector, checking the lengths TS 33.102 fixes: AUTN 16 octets, XRES 4 to 16 octets, CK
   * and IK 16 octets each.
   */
  public AuthenticationVector(Rand rand, byte[] autn, byte[] xres, byte[] ck, byte[] ik) {
    if (rand == null) {
      throw new IllegalArgumentException("RAND missing");
    }
    if (autn == null || autn.length != 16) {
      throw new IllegalArgumentException("AUTN must be 16 octets");
    }
    if (xres == null || xres.length < 4 || xres.length > 16) {
      throw new IllegalArgumentException("XRES must be 4..16 octets");
    }
    if (ck == null || ck.length != 16 || ik == null || ik.length != 16) {
      throw new IllegalArgumentException("CK and IK must be 16 octets each");
    }
    this.rand = rand;
    this.autn = autn.clone();
    this.xres = xres.clone();
    this.ck = ck.clone();
    this.ik = ik.clone();
  }

  /** RAND. */
  public Rand rand() {
    return rand;
  }

  /** A copy of AUTN. */
  public byte[] autn() {
    return autn.clone();
  }

  /** A copy of XRES: the Digest password of RFC 3310 §3.3. */
  public byte[] xres() {
    return xres.clone();
  }

  /** A copy of CK. */
  public byte[] ck() {
    return ck.clone();
  }

  /** A copy of IK. */
  public byte[] ik() {
    return ik.clone();
  }

  /** Ks = CK ‖ IK (TS 33.220 §4.5.2, step 5). */
  public byte[] ks() {
    byte[] ks = new byte[32];
    System.arraycopy(ck, 0, ks, 0, 16);
    System.arraycopy(ik, 0, ks, 16, 16);
    return ks;
  }

  /** The Ub nonce payload RAND ‖ AUTN (TS 24.109 §4.5.2). */
  public byte[] randAutn() {
    byte[] out = new byte[32];
    System.arraycopy(rand.octets(), 0, out, 0, 16);
    System.arraycopy(autn, 0, out, 16, 16);
    return out;
  }

  @Override
  public String toString() {
    return "AuthenticationVector[key material hidden]";
  }
}
