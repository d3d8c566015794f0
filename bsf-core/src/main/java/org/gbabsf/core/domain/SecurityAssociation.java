package org.gbabsf.core.domain;

import java.time.Instant;

/**
 * A bootstrapping session (TS 33.220 §4.5.2): what the BSF keeps per B-TID for NAFs to query over
 * Zn. Ks is key material and never printed.
 */
public final class SecurityAssociation {

  private final BTid btid;
  private final Impi impi;
  private final byte[] ks;
  private final Rand rand;
  private final Instant createdAt;
  private final Instant expiresAt;
  private final Guss guss;
  private final GbaType gbaType;

  /** Creates a session; Ks must be 32 octets (CK ‖ IK). */
  public SecurityAssociation(
      BTid btid,
      Impi impi,
      byte[] ks,
      Rand rand,
      Instant createdAt,
      Instant expiresAt,
      Guss guss,
      GbaType gbaType) {
    if (ks == null || ks.length != 32) {
      throw new IllegalArgumentException("Ks must be 32 octets");
    }
    if (!expiresAt.isAfter(createdAt)) {
      throw new IllegalArgumentException("expiry must follow creation");
    }
    this.btid = btid;
    this.impi = impi;
    this.ks = ks.clone();
    this.rand = rand;
    this.createdAt = createdAt;
    this.expiresAt = expiresAt;
    this.guss = guss;
    this.gbaType = gbaType;
  }

  /** The B-TID. */
  public BTid btid() {
    return btid;
  }

  /** The IMPI. */
  public Impi impi() {
    return impi;
  }

  /** A copy of Ks = CK ‖ IK. */
  public byte[] ks() {
    return ks.clone();
  }

  /** RAND, needed by the Ks_NAF derivation (TS 33.220 Annex B.3). */
  public Rand rand() {
    return rand;
  }

  /** Creation time (Zn BootstrapInfoCreationTime). */
  public Instant createdAt() {
    return createdAt;
  }

  /** Expiry time (Ub lifetime, Zn Key-ExpiryTime). */
  public Instant expiresAt() {
    return expiresAt;
  }

  /** The GUSS received with the vector. */
  public Guss guss() {
    return guss;
  }

  /** GBA type. */
  public GbaType gbaType() {
    return gbaType;
  }

  @Override
  public String toString() {
    return "SecurityAssociation[" + impi + ", expires " + expiresAt + ", keys hidden]";
  }
}
