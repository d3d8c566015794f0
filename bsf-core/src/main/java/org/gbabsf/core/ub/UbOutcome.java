package org.gbabsf.core.ub;

import java.time.Instant;
import org.gbabsf.core.domain.BTid;

/** The result of one Ub request, as a value. Each case maps to one HTTP answer. */
public sealed interface UbOutcome {

  /** The Digest algorithm of RFC 3310. */
  String ALGORITHM = "AKAv1-MD5";

  /** The single qop the BSF offers (TS 24.109 §4.5.2). */
  String QOP_AUTH_INT = "auth-int";

  /** The qop a UE may also answer with. */
  String QOP_AUTH = "auth";

  /**
   * Answer 401 with {@code WWW-Authenticate: Digest realm, nonce, algorithm=AKAv1-MD5,
   * qop="auth-int", opaque}.
   *
   * @param realm the realm
   * @param nonce base64(RAND ‖ AUTN)
   * @param opaque the opaque value
   * @param cause why this challenge was sent
   */
  record Challenge(String realm, String nonce, String opaque, ChallengeCause cause)
      implements UbOutcome {
    /** The nonce carries RAND: not printed. */
    @Override
    public String toString() {
      return "Challenge[" + cause + ", realm " + realm + "]";
    }
  }

  /**
   * Answer 200 with the BootstrappingInfo body and {@code Authentication-Info}.
   *
   * @param btid the new B-TID
   * @param expiresAt the key lifetime's end
   * @param body the {@code application/vnd.3gpp.bsf+xml} body, exactly as rspauth covers it
   * @param rspauth the response-auth digest (RFC 2617 §3.2.3)
   * @param qop the qop the UE used
   * @param cnonce the UE's cnonce, echoed
   * @param nc the UE's nonce count, echoed
   * @param tmpi what became of a TMPI for the UE's next bootstrap
   */
  record Bootstrapped(
      BTid btid,
      Instant expiresAt,
      byte[] body,
      String rspauth,
      String qop,
      String cnonce,
      String nc,
      TmpiAllocation tmpi)
      implements UbOutcome {
    /** The B-TID carries RAND: not printed. */
    @Override
    public String toString() {
      return "Bootstrapped[expires " + expiresAt + "]";
    }
  }

  /**
   * Refuse the request.
   *
   * @param reason the reason, mapped to a status by the adapter
   * @param detail a short human-readable explanation, safe to send and log
   */
  record Rejected(RejectReason reason, String detail) implements UbOutcome {}
}
