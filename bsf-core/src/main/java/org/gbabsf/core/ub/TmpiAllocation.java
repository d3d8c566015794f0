package org.gbabsf.core.ub;

/** What a bootstrap did about a TMPI for the UE's next one (TS 33.220 Annex B.4). */
public enum TmpiAllocation {
  /** The UE did not announce {@code 3gpp-gba-tmpi}, or the BSF allocates none. */
  NOT_ASKED,
  /** The TMPI is mapped to the IMPI. */
  ALLOCATED,
  /**
   * The mapping could not be written: the bootstrap stands, and the UE's TMPI will be unknown at
   * its next bootstrap, which then falls back to the IMPI.
   */
  NOT_STORED
}
