package org.gbabsf.core.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;

/**
 * HTTP Digest computation of RFC 2617 §3.2.2 as profiled by RFC 3310 §3.1 for AKAv1-MD5, where the
 * password is the raw RES octets rather than their hex form (RFC 3310 §3.1, §3.3).
 *
 * <p>Strings are encoded as UTF-8; all results are lower-case hex (RFC 2617 §3.1.3 LHEX).
 * Thread-safe; each thread reuses its own MD5 {@link MessageDigest}.
 */
public final class DigestAka {

  private static final ThreadLocal<MessageDigest> MD5 =
      ThreadLocal.withInitial(() -> Jca.unchecked(() -> MessageDigest.getInstance("MD5")));

  /** H(entity-body) of an empty body, for qop "auth-int" (RFC 2617 §3.2.2.3). */
  public static final String EMPTY_BODY_MD5 = md5Hex(new byte[0]);

  private static final String QOP_AUTH = "auth";
  private static final String QOP_AUTH_INT = "auth-int";
  private static final byte COLON = ':';

  private DigestAka() {}

  /**
   * H(A1) with A1 = username ":" realm ":" password (RFC 2617 §3.2.2.2), the password being the raw
   * RES octets for AKAv1-MD5 (RFC 3310 §3.1, §3.3).
   *
   * @param username the user name (the IMPI in GBA, TS 24.109 §5.2.1)
   * @param realm the realm
   * @param password the password octets, used as they are
   * @return lower-case hex MD5 of A1
   */
  public static String ha1(String username, String realm, byte[] password) {
    MessageDigest md = md5();
    md.update(username.getBytes(StandardCharsets.UTF_8));
    md.update(COLON);
    md.update(realm.getBytes(StandardCharsets.UTF_8));
    md.update(COLON);
    md.update(password);
    return Hex.encode(md.digest());
  }

  /**
   * The request-digest of RFC 2617 §3.2.2.1: with qop "auth" or "auth-int", MD5(HA1 ":" nonce ":"
   * nc ":" cnonce ":" qop ":" HA2); without qop (RFC 2069 compatibility), MD5(HA1 ":" nonce ":"
   * HA2). HA2 = MD5(method ":" uri) for "auth" or no qop, MD5(method ":" uri ":" H(entity-body))
   * for "auth-int" (RFC 2617 §3.2.2.3).
   *
   * @param ha1 lower-case hex H(A1), see {@link #ha1(String, String, byte[])}
   * @param nonce the server nonce
   * @param nc the nonce count, eight hex digits (ignored without qop)
   * @param cnonce the client nonce (ignored without qop)
   * @param qop "auth", "auth-int", or null/empty for none
   * @param method the request method
   * @param uri the digest-uri
   * @param entityBodyMd5Hex lower-case hex MD5 of the entity body; required for "auth-int" only
   * @return lower-case hex request-digest
   * @throws IllegalArgumentException if qop is another value, or "auth-int" has no body hash
   */
  public static String response(
      String ha1,
      String nonce,
      String nc,
      String cnonce,
      String qop,
      String method,
      String uri,
      String entityBodyMd5Hex) {
    return requestDigest(ha1, nonce, nc, cnonce, qop, ha2(qop, method, uri, entityBodyMd5Hex));
  }

  /**
   * The response-digest (rspauth) of the Authentication-Info header, RFC 2617 §3.2.3: computed as
   * {@link #response} but with an empty method in A2 (A2 = ":" uri, or ":" uri ":" H(entity-body)
   * for "auth-int"); used by RFC 3310 §3.5 for server authentication.
   *
   * @param ha1 lower-case hex H(A1)
   * @param nonce the server nonce
   * @param nc the nonce count (ignored without qop)
   * @param cnonce the client nonce (ignored without qop)
   * @param qop "auth", "auth-int", or null/empty for none
   * @param uri the digest-uri
   * @param responseBodyMd5Hex lower-case hex MD5 of the response body; required for "auth-int"
   * @return lower-case hex response-digest
   * @throws IllegalArgumentException if qop is another value, or "auth-int" has no body hash
   */
  public static String rspauth(
      String ha1,
      String nonce,
      String nc,
      String cnonce,
      String qop,
      String uri,
      String responseBodyMd5Hex) {
    return requestDigest(ha1, nonce, nc, cnonce, qop, ha2(qop, "", uri, responseBodyMd5Hex));
  }

  /**
   * Lower-case hex MD5 of raw data, H(entity-body) of RFC 2617 §3.2.2.3.
   *
   * @param data the bytes to hash
   * @return 32 lower-case hex digits
   */
  public static String md5Hex(byte[] data) {
    return Hex.encode(md5().digest(data));
  }

  /**
   * The server's check of the request-digest (RFC 2617 §3.2.2; RFC 3310 §3.3), done in constant
   * time so that timing reveals no partial match, ignoring the case of the presented hex.
   *
   * @param expectedHex the expected lower-case hex digest, as produced by this class
   * @param presented the digest presented by the peer, any case
   * @return true only if both are non-null and equal
   */
  public static boolean matches(String expectedHex, String presented) {
    if (expectedHex == null || presented == null) {
      return false;
    }
    return MessageDigest.isEqual(
        expectedHex.getBytes(StandardCharsets.US_ASCII),
        presented.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
  }

  /** RFC 2617 §3.2.2.3: H(A2). */
  private static String ha2(String qop, String method, String uri, String bodyMd5Hex) {
    if (QOP_AUTH_INT.equals(qop)) {
      if (bodyMd5Hex == null) {
        throw new IllegalArgumentException("qop auth-int needs the entity-body MD5");
      }
      return md5Of(method, uri, bodyMd5Hex);
    }
    if (isNoQop(qop) || QOP_AUTH.equals(qop)) {
      return md5Of(method, uri);
    }
    throw new IllegalArgumentException("unsupported qop");
  }

  /** RFC 2617 §3.2.2.1: KD(H(A1), unq(nonce) ":" … ":" H(A2)). */
  private static String requestDigest(
      String ha1, String nonce, String nc, String cnonce, String qop, String ha2) {
    if (isNoQop(qop)) {
      return md5Of(ha1, nonce, ha2);
    }
    return md5Of(ha1, nonce, nc, cnonce, qop, ha2);
  }

  private static boolean isNoQop(String qop) {
    return qop == null || qop.isEmpty();
  }

  /** MD5 over the UTF-8 parts joined by ":". */
  private static String md5Of(String... parts) {
    MessageDigest md = md5();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        md.update(COLON);
      }
      md.update(parts[i].getBytes(StandardCharsets.UTF_8));
    }
    return Hex.encode(md.digest());
  }

  /** This thread's MD5, reset in case an earlier use was interrupted by an exception. */
  private static MessageDigest md5() {
    MessageDigest md = MD5.get();
    md.reset();
    return md;
  }
}
