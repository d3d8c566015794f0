package org.gbabsf.core.ub;

/**
 * Why a Ub request was refused. The HTTP adapter maps each reason to exactly one status code in one
 * place; see docs/ub-conformance.md for the table.
 */
public enum RejectReason {
  /** Malformed or inconsistent Authorization (quoting, realm, uri, base64, lengths). */
  MALFORMED_REQUEST,
  /** No Authorization header naming an IMPI: the BSF cannot know whom to challenge. */
  MISSING_IDENTITY,
  /** The User-Agent lacks the {@code 3gpp-gba} product token (TS 24.109 §4.5.2). */
  NOT_A_GBA_CLIENT,
  /** A method other than GET. */
  METHOD_NOT_ALLOWED,
  /** Request line or headers over the configured limit. */
  HEADERS_TOO_LARGE,
  /** The HSS does not know the IMPI. */
  USER_UNKNOWN,
  /**
   * The username is a TMPI this BSF does not know (TS 33.220 §4.5.2): the UE deletes it and
   * bootstraps with its IMPI.
   */
  TMPI_UNKNOWN,
  /**
   * The GUSS says the UICC runs GBA_U (TS 33.220 §5), which this BSF does not run: it never falls
   * back to GBA_ME, whose AUTN a GBA_U UICC would not accept.
   */
  GBA_U_NOT_SUPPORTED,
  /** The GUSS names a {@code uiccType} other than GBA and GBA_U. */
  UICC_TYPE_UNKNOWN,
  /**
   * The UE asks for GBA_Digest (User-Agent {@code GBA_Digest}, TS 24.109 Annex I.2), which this BSF
   * disallows: "If GBA_Digest is disallowed, the BSF shall reject the HTTP request."
   */
  GBA_DIGEST_NOT_SUPPORTED,
  /** The HSS refused the request (e.g. AUTS did not verify). */
  HSS_REFUSED,
  /** Too many wrong responses for this IMPI within the failure window. */
  TOO_MANY_FAILURES,
  /** The HSS is unreachable, busy or slower than the configured budget. */
  HSS_UNAVAILABLE,
  /** The session or challenge store failed or timed out. */
  STORE_UNAVAILABLE,
  /** More requests in flight than the configured bound. */
  OVERLOADED,
  /**
   * More requests from one source address (an IPv6 /64) than {@code ub.source-limit.rate} allows;
   * refused before the HSS is asked.
   */
  SOURCE_RATE_LIMITED
}
