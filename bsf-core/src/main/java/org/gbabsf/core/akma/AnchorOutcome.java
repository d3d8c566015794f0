package org.gbabsf.core.akma;

/**
 * What became of an AUSF's Naanf_AKMA_AnchorKey_Register or Context_Remove (TS 29.535 §5.2.2.2,
 * §5.2.2.4), as a value: the SBI maps it to the wire in one place.
 */
public sealed interface AnchorOutcome {

  /** The context is stored; {@code replaced} if the SUPI had one (a re-authentication). */
  record Registered(boolean replaced) implements AnchorOutcome {}

  /** Refused: the A-KID names a live context of another SUPI, which stays. */
  record AKidOfAnotherSupi() implements AnchorOutcome {}

  /**
   * Refused: no SUPI. The AAnF keeps the latest context per SUPI (TS 33.535 §6.1), so a
   * registration with a GPSI only, which the YAML's oneOf allows, cannot be kept.
   */
  record SupiRequired() implements AnchorOutcome {}

  /** Context_Remove done; {@code found} if there was a context (the answer is 204 either way). */
  record Removed(boolean found) implements AnchorOutcome {}

  /** The store did not answer, or failed, within its budget. */
  record StoreUnavailable() implements AnchorOutcome {}
}
