package org.gbabsf.core.domain;

/** The {@code uiccType} of a GUSS BSF info (TS 29.109 Annex A): GBA (GBA_ME) or GBA_U. */
public enum UiccType {
  /** GBA_ME: keys derived in the ME. */
  GBA,
  /** GBA_U: a GBA-aware UICC; Ks stays on the card. */
  GBA_U,
  /**
   * A value the BSF does not know (TS 29.562's UiccType is an open enumeration). Ub refuses such a
   * subscriber rather than guess (docs/ub-conformance.md); no session ever has it.
   */
  UNKNOWN;

  /** The type a GUSS names: {@code GBA}, {@code GBA_U}, or {@link #UNKNOWN} for anything else. */
  public static UiccType named(String text) {
    if ("GBA".equals(text)) {
      return GBA;
    }
    return "GBA_U".equals(text) ? GBA_U : UNKNOWN;
  }
}
