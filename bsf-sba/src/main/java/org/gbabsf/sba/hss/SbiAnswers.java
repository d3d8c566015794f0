package org.gbabsf.sba.hss;

import java.util.Optional;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.ProblemJson;

/**
 * What a non-200 answer (or no answer) of an HSS or UDM means for the UE, the same for N65 and N68:
 * the one place their statuses become {@link Step}s. 404 is an unknown user (the UE gets 403, as
 * for Zh's 5001), 403 a refusal, 429 and 5xx and every transport failure try another instance; any
 * other status ends the request as unavailable.
 */
public final class SbiAnswers {

  private SbiAnswers() {}

  /** The step for an answer that is not a 200 with a body to read. */
  public static Step notOk(SbiResult r, String what) {
    if (r instanceof SbiResult.Failed f) {
      return new Step.Failover(what + ": " + f.detail(), f.failure().tag());
    }
    SbiResult.Answered a = (SbiResult.Answered) r;
    int status = a.status();
    String cause = cause(a).orElse("no cause");
    if (status == 404) {
      return cause.equals("USER_NOT_FOUND")
          ? new Step.Answer(new HssAnswer.UserUnknown())
          : new Step.Failover(what + ": 404 " + cause, "404");
    }
    if (status == 403) {
      return new Step.Answer(new HssAnswer.Refused(what + ": 403 " + cause));
    }
    if (status == 429) {
      return new Step.Failover(what + ": 429 " + cause, "429");
    }
    if (status >= 500 && status <= 599) {
      return new Step.Failover(what + ": " + status + " " + cause, "5xx");
    }
    return new Step.Answer(new HssAnswer.Unavailable(what + ": " + status + " " + cause));
  }

  /** The cause of a ProblemDetails answer, made printable. */
  public static Optional<String> cause(SbiResult.Answered a) {
    return ProblemJson.decode(a.status(), a.body())
        .flatMap(Problem::cause)
        .map(SbiAnswers::printable);
  }

  private static String printable(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 64; i++) {
      char c = s.charAt(i);
      b.append(c > 0x20 && c < 0x7f ? c : '?');
    }
    return b.toString();
  }
}
