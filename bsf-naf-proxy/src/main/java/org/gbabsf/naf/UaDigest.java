package org.gbabsf.naf;

import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.http.codec.DigestHeader;

/**
 * HTTP Digest on Ua with GBA keys, and on Ua* with AKMA keys, as pure functions: the challenge (TS
 * 24.109 §5.2.4, Annex K.2), the credentials a UE sends (RFC 7616 §3.4), the expected response and
 * the rspauth of Authentication-Info (RFC 7616 §3.5), with password = base64(Ks_ext_NAF) (TS 24.109
 * §5.2.2) or base64(K_AF) (the same rule with the AKMA key, TS 33.535 Annex B step 5).
 */
public final class UaDigest {

  /** TS 24.109 §5.2.4: the realm prefix that tells a UE to use GBA (GBA_ME). */
  public static final String REALM_PREFIX = "3GPP-bootstrapping@";

  /**
   * TS 24.109 Annex K.2 b) 2), TS 33.535 Annex B step 3: the realm contains the constant {@code
   * 3GPP-bootstrapping-akma} when the AF selects AKMA, and the UE checks the FQDN in it against the
   * AF it holds the TLS connection with (step 4): {@code 3GPP-bootstrapping-akma@<af-fqdn>}, as GBA
   * writes {@code 3GPP-bootstrapping@<naf-fqdn>} and GBA_Digest {@code
   * 3GPP-bootstrapping-digest@<naf-fqdn>}.
   */
  public static final String AKMA_REALM_PREFIX = "3GPP-bootstrapping-akma@";

  /** The product token a GBA-capable UE puts in User-Agent (TS 24.109 Annex B.3). */
  public static final String USER_AGENT_TOKEN = "3gpp-gba";

  /**
   * The product token a UE that supports AKMA with HTTP Digest over TLS puts in User-Agent (TS
   * 24.109 Annex K.2 b) 1), TS 33.535 Annex B step 2).
   */
  public static final String AKMA_USER_AGENT_TOKEN = "3gpp-akma";

  private UaDigest() {}

  /** The realm of {@code host}: {@code 3GPP-bootstrapping@<host>}, the NAF FQDN without port. */
  public static String realm(String host) {
    return REALM_PREFIX + host;
  }

  /**
   * The realm of {@code host} for {@code keying}: {@code 3GPP-bootstrapping@<host>} or {@code
   * 3GPP-bootstrapping-akma@<host>}.
   */
  public static String realm(String host, Keying keying) {
    return (keying == Keying.AKMA ? AKMA_REALM_PREFIX : REALM_PREFIX) + host;
  }

  /**
   * True if {@code userAgent} (RFC 9110 §10.1.5: products and comments separated by whitespace)
   * names the product {@code token}, with or without a version, in any case; comments in
   * parentheses are not products.
   */
  public static boolean hasProduct(String userAgent, String token) {
    if (userAgent == null) {
      return false;
    }
    int depth = 0;
    StringBuilder product = new StringBuilder();
    for (int i = 0; i <= userAgent.length(); i++) {
      char ch = i < userAgent.length() ? userAgent.charAt(i) : ' ';
      if (ch == '(') {
        depth++;
      } else if (ch == ')' && depth > 0) {
        depth--;
      } else if (depth == 0 && (ch == ' ' || ch == '\t')) {
        String p = product.toString();
        int slash = p.indexOf('/');
        if ((slash < 0 ? p : p.substring(0, slash)).equalsIgnoreCase(token)) {
          return true;
        }
        product.setLength(0);
      } else if (depth == 0) {
        product.append(ch);
      }
    }
    return false;
  }

  /**
   * The WWW-Authenticate of a 401 (TS 24.109 §5.2.4, RFC 7616 §3.3): qop auth-int and auth, MD5
   * (the algorithm every GBA client implements), a fresh nonce; {@code stale} when the nonce was
   * unknown or expired but the digest was right (RFC 7616 §3.3: retry without asking the user).
   */
  public static String challenge(String host, String nonce, String opaque, boolean stale) {
    return challenge(host, nonce, opaque, stale, Keying.GBA);
  }

  /** As {@link #challenge(String, String, String, boolean)}, with the realm of {@code keying}. */
  public static String challenge(
      String host, String nonce, String opaque, boolean stale, Keying keying) {
    DigestHeader.Writer w =
        DigestHeader.writer(DigestHeader.SCHEME)
            .quoted("realm", realm(host, keying))
            .quoted("nonce", nonce)
            .quoted("opaque", opaque)
            .token("algorithm", "MD5")
            .quoted("qop", "auth-int,auth");
    if (stale) {
      w.token("stale", "true");
    }
    return w.toString();
  }

  /** What a UE's Authorization header holds, or why it cannot be used. */
  public sealed interface Parsed {}

  /**
   * Digest credentials (RFC 7616 §3.4), checked for form.
   *
   * @param btid username: the B-TID (GBA) or the A-KID (AKMA)
   * @param realm as sent back
   * @param nonce as sent back
   * @param uri the digest-uri
   * @param qop auth or auth-int
   * @param nc eight lower-case hex digits
   * @param cnonce the client nonce
   * @param response the request-digest
   * @param opaque as sent back, or empty
   */
  public record Credentials(
      String btid,
      String realm,
      String nonce,
      String uri,
      String qop,
      String nc,
      String cnonce,
      String response,
      String opaque)
      implements Parsed {

    /** The nonce count as a number. */
    public long count() {
      return Long.parseLong(nc, 16);
    }

    @Override
    public String toString() {
      return "Credentials[realm="
          + realm
          + ", qop="
          + qop
          + ", nc="
          + nc
          + "]"; // B-TID embeds RAND, A-KID the A-TID
    }
  }

  /**
   * Not usable: a 400 whose text is {@code reason} (no credential echoed).
   *
   * @param reason short and printable
   */
  public record Malformed(String reason) implements Parsed {}

  /** Another scheme (e.g. Basic): the UE is challenged for Digest. */
  public record OtherScheme() implements Parsed {}

  /**
   * Reads {@code authorization}. RFC 7616 §3.4: username, realm, nonce, uri and response are
   * required; with qop (which this proxy always offers) also nc and cnonce. Only MD5 is accepted.
   */
  public static Parsed parse(String authorization) {
    String trimmed = authorization.strip();
    int space = trimmed.indexOf(' ');
    String scheme = space < 0 ? trimmed : trimmed.substring(0, space);
    if (!scheme.equalsIgnoreCase(DigestHeader.SCHEME)) {
      return new OtherScheme();
    }
    if (!(DigestHeader.parse(trimmed) instanceof DigestHeader.Parsed.Params p)) {
      return new Malformed("malformed Digest credentials");
    }
    Map<String, String> v = p.values();
    for (String required : new String[] {"username", "realm", "nonce", "uri", "response"}) {
      if (v.get(required) == null || v.get(required).isEmpty()) {
        return new Malformed("Digest credentials without " + required);
      }
    }
    String qop = v.get("qop");
    if (qop == null || !(qop.equals("auth") || qop.equals("auth-int"))) {
      return new Malformed("qop must be auth or auth-int");
    }
    String nc = v.get("nc");
    if (nc == null || !nc.matches("[0-9a-fA-F]{8}")) {
      return new Malformed("nc must be eight hex digits");
    }
    String cnonce = v.get("cnonce");
    if (cnonce == null || cnonce.isEmpty()) {
      return new Malformed("cnonce required with qop");
    }
    String algorithm = v.get("algorithm");
    if (algorithm != null && !algorithm.equalsIgnoreCase("MD5")) {
      return new Malformed("algorithm must be MD5");
    }
    if (!v.get("response").matches("[0-9a-fA-F]{32}")) {
      return new Malformed("response must be 32 hex digits");
    }
    return new Credentials(
        v.get("username"),
        v.get("realm"),
        v.get("nonce"),
        v.get("uri"),
        qop,
        nc.toLowerCase(Locale.ROOT),
        cnonce,
        v.get("response"),
        v.getOrDefault("opaque", ""));
  }

  /**
   * H(A1) with password = base64(Ks_ext_NAF) (TS 24.109 §5.2.2; RFC 7616 §3.4.2), or base64(K_AF)
   * with AKMA.
   */
  public static String ha1(Credentials c, byte[] nafKey) {
    byte[] password = Base64.getEncoder().encode(nafKey);
    return DigestAka.ha1(c.btid(), c.realm(), password);
  }

  /**
   * True if {@code c}'s response is right for {@code method} and the key, checked in constant time;
   * {@code bodyMd5} is the request body's MD5 (hex), needed for auth-int.
   */
  public static boolean verifies(Credentials c, byte[] nafKey, String method, String bodyMd5) {
    String expected =
        DigestAka.response(
            ha1(c, nafKey), c.nonce(), c.nc(), c.cnonce(), c.qop(), method, c.uri(), bodyMd5);
    return DigestAka.matches(expected, c.response());
  }

  /**
   * The Authentication-Info of the answer (RFC 7616 §3.5; TS 24.109 §7.2): rspauth over the
   * response body (for auth-int), qop, cnonce and nc, and the nonce to use next.
   */
  public static String authenticationInfo(
      Credentials c, byte[] nafKey, String responseBodyMd5, String nextNonce) {
    String rspauth =
        DigestAka.rspauth(
            ha1(c, nafKey), c.nonce(), c.nc(), c.cnonce(), c.qop(), c.uri(), responseBodyMd5);
    return DigestHeader.writer("")
        .quoted("nextnonce", nextNonce)
        .token("qop", c.qop())
        .quoted("rspauth", rspauth)
        .quoted("cnonce", c.cnonce())
        .token("nc", c.nc())
        .toString()
        .strip();
  }

  /** MD5 (hex) of a body, H(entity-body) of RFC 7616 §3.4.3. */
  public static String bodyMd5(byte[] body) {
    return body.length == 0 ? DigestAka.EMPTY_BODY_MD5 : DigestAka.md5Hex(body);
  }

  /** The realm's host, or null if it is not a GBA realm. */
  public static String hostOf(String realm) {
    return realm.startsWith(REALM_PREFIX) ? realm.substring(REALM_PREFIX.length()) : null;
  }
}
