package org.gbabsf.core.zn;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.UserSecuritySetting;

/** The answer to a NAF's key request, as a value; the Zn adapter maps each case to a BIA. */
public sealed interface ZnOutcome {

  /**
   * Keys for the NAF (TS 33.220 §4.5.3). Key material: not printed.
   *
   * @param impi the user
   * @param ksExtNaf Ks_ext_NAF = KDF(Ks, "gba-me", RAND, IMPI, NAF_Id)
   * @param ksIntNaf Ks_int_NAF, only for a GBA_U user and a GBA_U-aware NAF
   * @param expiresAt Key-ExpiryTime: the bootstrapping session's expiry
   * @param createdAt BootstrapInfoCreationTime
   * @param gbaType GBA-Type
   * @param visibleUss the USSs the NAF may see
   * @param gussXml those USSs as a GUSS document (GBA-UserSecSettings)
   */
  record Keys(
      Impi impi,
      byte[] ksExtNaf,
      Optional<byte[]> ksIntNaf,
      Instant expiresAt,
      Instant createdAt,
      GbaType gbaType,
      List<UserSecuritySetting> visibleUss,
      String gussXml)
      implements ZnOutcome {
    @Override
    public String toString() {
      return "Keys[" + impi + ", expires " + expiresAt + ", keys hidden]";
    }
  }

  /** No live session for the B-TID (unknown or expired): 5403 on Zn. */
  record UnknownBtid() implements ZnOutcome {}

  /**
   * The NAF may not serve this user (its USSs are for other NAF groups or services): 5402.
   *
   * @param reason a short reason without key material
   */
  record NotAuthorised(String reason) implements ZnOutcome {}

  /** The session store failed or was too slow. */
  record StoreUnavailable() implements ZnOutcome {}
}
