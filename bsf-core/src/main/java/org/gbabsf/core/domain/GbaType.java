package org.gbabsf.core.domain;

/** The GBA-Type of a bootstrapping session (TS 29.109 §6.3.1.x, AVP 410). */
public enum GbaType {
  /** 3G GBA: Ks = CK ‖ IK from a UMTS AKA run (TS 33.220 §4.5.2). */
  THREE_G(0),
  /** 2G GBA (TS 33.220 Annex I); not produced by this BSF. */
  TWO_G(1);

  private final int code;

  GbaType(int code) {
    this.code = code;
  }

  /** The AVP enumeration value. */
  public int code() {
    return code;
  }
}
