package org.gbabsf.sba.nbsp;

import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.sba.oauth.TokenCheck;
import org.gbabsf.sba.problem.Problem;

/**
 * What the BSF answers a NAF on Nbsp_GBA, as a value; {@link NbspAnswers} maps each case to the
 * wire in one place. The value is also the {@code outcome} tag of {@code bsf.nbsp.outcomes}.
 */
public sealed interface NbspOutcome {

  /**
   * Keys for the NAF.
   *
   * @param keys the Zn outcome (same derivation, same filtering)
   * @param withImpi whether the answer carries the IMPI
   */
  record Served(ZnOutcome.Keys keys, boolean withImpi) implements NbspOutcome {}

  /** The body is not a valid BootstrappingInfoRequest: 400 with invalidParams. */
  record Invalid(Problem problem) implements NbspOutcome {}

  /**
   * The access token is missing, invalid or lacks the scope: 401 or 403 with WWW-Authenticate.
   *
   * @param rejected why
   * @param wwwAuthenticate the RFC 6750 challenge
   */
  record TokenRefused(TokenCheck.Rejected rejected, String wwwAuthenticate)
      implements NbspOutcome {}

  /** Neither a client certificate nor a token says which NAF this is: 403. */
  record Unidentified() implements NbspOutcome {}

  /** The NAF's identities are none of {@code nbsp.nafs}: 403. */
  record UnknownNaf() implements NbspOutcome {}

  /** The NAF may not use the NAF_Id's FQDN (TS 33.220 §4.5.3): 403. */
  record FqdnNotAllowed() implements NbspOutcome {}

  /** No user security setting of the user is for this NAF (TS 33.220 Annex J): 403. */
  record NotAuthorised() implements NbspOutcome {}

  /** No live bootstrapping session for the B-TID (unknown or expired): 404. */
  record UnknownBtid() implements NbspOutcome {}

  /** The session store failed or was too slow: 503 with Retry-After. */
  record StoreUnavailable() implements NbspOutcome {}

  /** The tag of this outcome in {@code bsf.nbsp.outcomes}. */
  default String tag() {
    if (this instanceof Served) {
      return "served";
    } else if (this instanceof Invalid) {
      return "invalid";
    } else if (this instanceof TokenRefused) {
      return "token_refused";
    } else if (this instanceof Unidentified) {
      return "unidentified";
    } else if (this instanceof UnknownNaf) {
      return "unknown_naf";
    } else if (this instanceof FqdnNotAllowed) {
      return "fqdn_not_allowed";
    } else if (this instanceof NotAuthorised) {
      return "not_authorised";
    } else if (this instanceof UnknownBtid) {
      return "unknown_btid";
    }
    return "store_unavailable";
  }
}
