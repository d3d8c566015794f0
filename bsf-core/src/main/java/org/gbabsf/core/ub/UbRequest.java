package org.gbabsf.core.ub;

/**
 * A Ub request reduced to what the use case needs: the method and request-URI that enter the
 * digest's A2, the Digest credentials, and the MD5 of the entity body for qop=auth-int.
 *
 * @param method the HTTP method, normally {@code GET}
 * @param requestUri the request-target as sent, compared with the digest-uri
 * @param credentials the parsed Authorization header
 * @param entityBodyMd5 hex MD5 of the request body (of the empty string for GET)
 * @param tmpiCapable whether the User-Agent carries {@code 3gpp-gba-tmpi} (TS 33.220 §4.5.2): the
 *     UE derives TMPIs, so a bootstrap allocates one
 */
public record UbRequest(
    String method,
    String requestUri,
    DigestCredentials credentials,
    String entityBodyMd5,
    boolean tmpiCapable) {

  /** A request from a UE that did not announce {@code 3gpp-gba-tmpi}. */
  public UbRequest(
      String method, String requestUri, DigestCredentials credentials, String entityBodyMd5) {
    this(method, requestUri, credentials, entityBodyMd5, false);
  }
}
