package org.gbabsf.core.port;

import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Guss;

/**
 * What the HSS said to a vector request (TS 29.109 §4.4.2, MAA), as a value: the adapter maps
 * result codes onto these cases in one place, and the use case never sees protocol codes.
 */
public sealed interface HssAnswer {

  /** A vector and the user's GUSS (Diameter 2001). */
  record Vector(AuthenticationVector vector, Guss guss) implements HssAnswer {}

  /** The HSS does not know the IMPI (Experimental-Result 5401). */
  record UserUnknown() implements HssAnswer {}

  /**
   * The HSS answered but refused to serve the request, e.g. an AUTS whose MAC-S does not verify.
   *
   * @param reason a short operator-facing reason, free of key material
   */
  record Refused(String reason) implements HssAnswer {}

  /**
   * No usable answer: every peer down, busy, timed out, or answered something malformed.
   *
   * @param reason a short operator-facing reason, free of key material
   */
  record Unavailable(String reason) implements HssAnswer {}
}
