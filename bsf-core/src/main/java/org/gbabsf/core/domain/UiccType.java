package org.gbabsf.core.domain;

/** The {@code uiccType} of a GUSS BSF info (TS 29.109 Annex A): GBA (GBA_ME) or GBA_U. */
public enum UiccType {
  /** GBA_ME: keys derived in the ME. */
  GBA,
  /** GBA_U: a GBA-aware UICC; Ks stays on the card. */
  GBA_U
}
