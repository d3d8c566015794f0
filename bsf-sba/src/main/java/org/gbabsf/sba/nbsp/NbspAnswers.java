package org.gbabsf.sba.nbsp;

import java.time.Duration;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.oauth.TokenAnswers;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * The one place Nbsp_GBA outcomes become HTTP answers (TS 29.309 §6.1.3.2.3.1 and §6.1.7).
 *
 * <p>Causes: TS 29.309's own table of application errors was not available when this was written
 * (docs/sba.md); an unknown B-TID is 404 {@code USER_NOT_FOUND} (the B-TID names the user's
 * bootstrapping context; Zn's 5403) and every refusal of the NAF is 403 {@code
 * OPERATION_NOT_ALLOWED} with a detail saying which rule refused it (Zn's 5402).
 */
public final class NbspAnswers {

  private NbspAnswers() {}

  /** The answer for {@code outcome}; {@code retryAfter} goes with a 503. */
  public static SbiResponse toResponse(NbspOutcome outcome, Duration retryAfter) {
    if (outcome instanceof NbspOutcome.Served s) {
      return SbiResponse.json(200, NbspCodec.encodeResponse(s.keys(), s.withImpi()));
    }
    if (outcome instanceof NbspOutcome.Invalid i) {
      return SbiResponse.problem(i.problem());
    }
    if (outcome instanceof NbspOutcome.TokenRefused t) {
      return TokenAnswers.refused(t.rejected(), t.wwwAuthenticate());
    }
    if (outcome instanceof NbspOutcome.Unidentified) {
      return forbidden(
          "the NAF is not identified: present a client certificate (mutual TLS) or an access"
              + " token");
    }
    if (outcome instanceof NbspOutcome.UnknownNaf) {
      return forbidden("the NAF is not configured (nbsp.nafs)");
    }
    if (outcome instanceof NbspOutcome.FqdnNotAllowed) {
      return forbidden("the NAF may not use the FQDN of this nafId");
    }
    if (outcome instanceof NbspOutcome.NotAuthorised) {
      return forbidden("no user security setting of this user is for this NAF");
    }
    if (outcome instanceof NbspOutcome.UnknownBtid) {
      return SbiResponse.problem(
          Problem.of(404, "Not Found", "USER_NOT_FOUND", "no bootstrapping session for this btId"));
    }
    return SbiResponse.problem(Problems.serviceUnavailable("the session store is unavailable"))
        .withHeader("retry-after", Long.toString(Math.max(1, retryAfter.toSeconds())));
  }

  private static SbiResponse forbidden(String detail) {
    return SbiResponse.problem(Problems.operationNotAllowed(detail));
  }
}
