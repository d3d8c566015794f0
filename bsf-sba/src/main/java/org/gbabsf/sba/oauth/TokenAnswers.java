package org.gbabsf.sba.oauth;

import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.problem.Problem;

/**
 * The answer to a request whose access token was refused, the same on every producer of the BSF
 * (Nbsp_GBA, Naanf_AKMA): 401 with a ProblemDetails without cause, or 403 {@code
 * ACCESS_TOKEN_DENIED} for a missing scope (RFC 6750 §3.1, TS 29.500 §5.2.7.2), each with its
 * {@code WWW-Authenticate} challenge.
 */
public final class TokenAnswers {

  private TokenAnswers() {}

  /** The answer to {@code rejected}, challenging with {@code wwwAuthenticate}. */
  public static SbiResponse refused(TokenCheck.Rejected rejected, String wwwAuthenticate) {
    Problem p =
        rejected.status() == 403
            ? Problem.of(403, "Forbidden", "ACCESS_TOKEN_DENIED", rejected.reason().description())
            : new Problem(
                401,
                "Unauthorized",
                Optional.empty(),
                Optional.of(rejected.reason().description()),
                List.of());
    return SbiResponse.problem(p).withHeader("www-authenticate", wwwAuthenticate);
  }
}
