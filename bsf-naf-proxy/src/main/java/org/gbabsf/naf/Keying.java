package org.gbabsf.naf;

import java.util.Locale;

/**
 * Where the Digest password of a Ua request comes from: the two keyings the proxy offers, each with
 * its realm, its User-Agent product token and its key source.
 */
public enum Keying {
  /**
   * GBA_ME (TS 24.109 §5.2): username the B-TID, password base64(Ks_ext_NAF) from the BSF over Zn.
   */
  GBA,
  /**
   * AKMA over Ua* (TS 33.535 Annex B, TS 24.109 Annex K.2): username the A-KID, password
   * base64(K_AF) from the AAnF (Naanf_AKMA_ApplicationKey_Get); only over TLS.
   */
  AKMA;

  /** Lower case, for metric tags. */
  public String tag() {
    return name().toLowerCase(Locale.ROOT);
  }
}
