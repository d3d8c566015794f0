package org.gbabsf.sba.akma;

import java.time.Duration;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.TokenAnswers;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * The one place Naanf_AKMA outcomes become HTTP answers (TS 29.535 §6.1.4, custom operations, and
 * §6.1.7; TS29535_Naanf_AKMA.yaml 1.2.0).
 *
 * <p>Successes are the YAML's: 200 with the AkmaKeyInfo echoed, 200 AkmaAfKeyData, 204 for no
 * context and for a removal. Every refusal of the caller is 403 {@code OPERATION_NOT_ALLOWED} with
 * a detail that says which rule refused it (TS 29.500 §5.2.7.2); a token is answered as on Nbsp_GBA
 * (RFC 6750). The cause values of TS 29.535 §6.1.7.3 were not available; none of the YAML's
 * operations names one of its own (docs/akma.md).
 */
public final class NaanfAnswers {

  private NaanfAnswers() {}

  /** The answer for {@code outcome}; {@code retryAfter} goes with a 503. */
  public static SbiResponse toResponse(NaanfOutcome outcome, Duration retryAfter) {
    if (outcome instanceof NaanfOutcome.Registered r) {
      return SbiResponse.json(200, NaanfCodec.encodeRegistration(r.registration()));
    }
    if (outcome instanceof NaanfOutcome.Key k) {
      return SbiResponse.json(200, NaanfCodec.encodeKeyData(k.key()));
    }
    if (outcome instanceof NaanfOutcome.NoContext || outcome instanceof NaanfOutcome.Removed) {
      return SbiResponse.empty(204);
    }
    if (outcome instanceof NaanfOutcome.Invalid i) {
      return SbiResponse.problem(i.problem());
    }
    if (outcome instanceof NaanfOutcome.TokenRefused t) {
      return TokenAnswers.refused(t.rejected(), t.wwwAuthenticate());
    }
    if (outcome instanceof NaanfOutcome.ScopeMissing s) {
      return SbiResponse.problem(
              Problem.of(
                  403,
                  "Forbidden",
                  "ACCESS_TOKEN_DENIED",
                  "the access token lacks the operation's scope " + s.scope()))
          .withHeader(
              "www-authenticate",
              "Bearer error=\"insufficient_scope\", error_description=\"the access token lacks"
                  + " the operation's scope\", scope=\""
                  + AccessTokenVerifier.NAANF_AKMA_SCOPE
                  + " "
                  + s.scope()
                  + "\"");
    }
    if (outcome instanceof NaanfOutcome.Unidentified) {
      return forbidden(
          "the caller is not identified: present a client certificate (mutual TLS) or an access"
              + " token");
    }
    if (outcome instanceof NaanfOutcome.NotAnAusf) {
      return forbidden("the caller is not an AUSF of this AAnF (aanf.ausfs)");
    }
    if (outcome instanceof NaanfOutcome.UnknownAf) {
      return forbidden("the caller is not an AF or NEF of this AAnF (aanf.afs, aanf.nefs)");
    }
    if (outcome instanceof NaanfOutcome.FqdnNotAllowed) {
      return forbidden("the caller may not get keys for the FQDN of this afId");
    }
    if (outcome instanceof NaanfOutcome.AKidOfAnotherSupi) {
      return forbidden("the aKId names the AKMA context of another SUPI");
    }
    if (outcome instanceof NaanfOutcome.StoreUnavailable) {
      return SbiResponse.problem(
              Problems.serviceUnavailable("the AKMA context store is unavailable"))
          .withHeader("retry-after", Long.toString(Math.max(1, retryAfter.toSeconds())));
    }
    throw new IllegalStateException("an outcome without its answer: " + outcome.tag());
  }

  private static SbiResponse forbidden(String detail) {
    return SbiResponse.problem(Problems.operationNotAllowed(detail));
  }
}
