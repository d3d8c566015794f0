package org.gbabsf.core.ub;

/**
 * The parameters of an {@code Authorization: Digest} header (RFC 2617 §3.2.2, RFC 3310 §3.4) as the
 * UE sent them. Absent parameters are {@code null}; values are unquoted and unescaped. Parsing the
 * header text is the HTTP adapter's job; judging the values is the use case's.
 *
 * @param username the IMPI (TS 24.109 §4.5.2)
 * @param realm the realm
 * @param nonce base64(RAND ‖ AUTN), empty on the first request
 * @param uri the digest-uri
 * @param response the 32-hex-digit request-digest
 * @param algorithm {@code AKAv1-MD5}
 * @param qop {@code auth-int} or {@code auth}
 * @param nc the nonce count, 8 hex digits
 * @param cnonce the client nonce
 * @param opaque the opaque value echoed from the challenge
 * @param auts base64(AUTS), present when the UE asks for resynchronisation (RFC 3310 §3.4)
 */
public record DigestCredentials(
    String username,
    String realm,
    String nonce,
    String uri,
    String response,
    String algorithm,
    String qop,
    String nc,
    String cnonce,
    String opaque,
    String auts) {

  /** True for a first request: no nonce, or an empty one (TS 24.109 §4.5.2). */
  public boolean isInitial() {
    return nonce == null || nonce.isEmpty();
  }
}
