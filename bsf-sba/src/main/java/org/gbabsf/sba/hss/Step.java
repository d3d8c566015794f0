package org.gbabsf.sba.hss;

import org.gbabsf.core.port.HssAnswer;

/** What one attempt at one HSS or UDM instance gave, as a value. */
public sealed interface Step {

  /** An answer for the UE; no other instance is tried. */
  record Answer(HssAnswer answer) implements Step {}

  /**
   * No usable answer from this instance (down, timed out, overloaded, 5xx, malformed): the next
   * instance is tried while the budget lasts, and this one is avoided for the backoff.
   *
   * @param reason a short reason for logs and the final Unavailable, free of key material
   * @param tag the {@code result} tag of the meter (e.g. {@code timeout}, {@code 503})
   */
  record Failover(String reason, String tag) implements Step {}
}
