package org.gbabsf.core.ub;

import java.util.Base64;
import java.util.Locale;

/**
 * The syntax of a UE's answer to a challenge (TS 24.109 §4.5.2, RFC 3310, RFC 2617): the Digest
 * parameters the BSF checks before it spends a store read on the nonce. A pure function.
 */
final class AnswerSyntax {

  private static final int NONCE_OCTETS = 32;
  private static final int AUTS_OCTETS = 14;

  /** The verdict. */
  sealed interface Checked {
    /**
     * The answer is well-formed.
     *
     * @param nonce the decoded nonce, RAND ‖ AUTN
     * @param auts the decoded AUTS, or null when the UE sent none
     */
    record WellFormed(byte[] nonce, byte[] auts) implements Checked {}

    /**
     * The answer is malformed.
     *
     * @param problem what is wrong, safe to send and log
     */
    record Malformed(String problem) implements Checked {}
  }

  private AnswerSyntax() {}

  /** Checks {@code request}'s answer against the BSF's {@code realm}. */
  static Checked check(UbRequest request, String realm) {
    DigestCredentials c = request.credentials();
    String problem = problem(request, c, realm);
    if (problem != null) {
      return new Checked.Malformed(problem);
    }
    byte[] nonce = decodeBase64(c.nonce());
    if (nonce == null || nonce.length != NONCE_OCTETS) {
      return new Checked.Malformed("nonce is not base64(RAND||AUTN)");
    }
    byte[] auts = null;
    if (c.auts() != null) {
      auts = decodeBase64(c.auts());
      if (auts == null || auts.length != AUTS_OCTETS) {
        return new Checked.Malformed("auts is not base64 of 14 octets");
      }
    }
    return new Checked.WellFormed(nonce, auts);
  }

  private static String problem(UbRequest request, DigestCredentials c, String realm) {
    if (!realm.equals(c.realm())) {
      return "realm must be \"" + realm + "\"";
    }
    if (c.uri() == null || !c.uri().equals(request.requestUri())) {
      return "uri must equal the request-URI";
    }
    if (c.response() == null || c.response().length() != 32 || !isHex(c.response())) {
      return "response must be 32 hex digits";
    }
    if (c.algorithm() != null && !c.algorithm().equalsIgnoreCase(UbOutcome.ALGORITHM)) {
      return "algorithm must be AKAv1-MD5";
    }
    if (c.qop() == null) {
      return "qop is required";
    }
    String qop = c.qop().toLowerCase(Locale.ROOT);
    if (!qop.equals(UbOutcome.QOP_AUTH_INT) && !qop.equals(UbOutcome.QOP_AUTH)) {
      return "qop must be auth-int or auth";
    }
    if (c.nc() == null || c.nc().length() != 8 || !isHex(c.nc())) {
      return "nc must be 8 hex digits";
    }
    if (c.cnonce() == null || c.cnonce().isEmpty()) {
      return "cnonce is required";
    }
    return null;
  }

  private static byte[] decodeBase64(String text) {
    try {
      return Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
  }

  private static boolean isHex(String s) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      boolean hex =
          (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
      if (!hex) {
        return false;
      }
    }
    return true;
  }
}
