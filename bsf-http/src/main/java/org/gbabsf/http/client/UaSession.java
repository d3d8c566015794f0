package org.gbabsf.http.client;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.http.codec.DigestHeader;

/**
 * A UE's side of Ua with one NAF (TS 24.109 §5.2.2): HTTP Digest with username the B-TID and
 * password base64(Ks_ext_NAF), where Ks_ext_NAF is derived from the bootstrapped Ks for NAF_Id =
 * the NAF FQDN ‖ the Ua protocol id of HTTP Digest (TS 33.220 Annex B.3, H.3). Answers a challenge,
 * counts nc per nonce, follows nextnonce, and checks the proxy's rspauth. Not thread-safe: one per
 * UE and NAF.
 *
 * <p>The same for AKMA over Ua* ({@link #akma}, TS 33.535 Annex B, TS 24.109 Annex K.2): username
 * the A-KID, password base64(K_AF), the realm {@code 3GPP-bootstrapping-akma@<af-fqdn>}, whose FQDN
 * the UE checks is the AF's.
 */
public final class UaSession {

  /** TS 33.220 Annex H.3: HTTP Digest according to TS 24.109. */
  public static final byte[] UA_HTTP_DIGEST = Hex.decode("0100000002");

  private static final SecureRandom RANDOM = new SecureRandom();

  private final String btid;
  private final byte[] nafKey;
  // AKMA: the one realm accepted (the AF's FQDN, TS 33.535 Annex B step 4); null: any GBA realm
  private final String akmaRealm;
  private String realm;
  private String nonce;
  private String opaque;
  private long nc;
  private String lastCnonce;
  private String lastNc;
  private String lastQop;
  private String lastUri;

  private UaSession(String btid, byte[] nafKey) {
    this(btid, nafKey, null);
  }

  private UaSession(String btid, byte[] nafKey, String akmaRealm) {
    this.btid = btid;
    this.nafKey = nafKey.clone();
    this.akmaRealm = akmaRealm;
  }

  /**
   * The session of a bootstrapped UE ({@code ks}, {@code rand}, {@code impi}) with {@code naf},
   * Digest over HTTP.
   */
  public static UaSession of(String btid, byte[] ks, byte[] rand, String impi, String naf) {
    return of(btid, ks, rand, impi, naf, UA_HTTP_DIGEST);
  }

  /**
   * As {@link #of(String, byte[], byte[], String, String)}, for the Ua security protocol {@code
   * uaProtocolId} (over TLS: {@code 01 00 01} and the agreed cipher suite, TS 33.222 §5.3).
   */
  public static UaSession of(
      String btid, byte[] ks, byte[] rand, String impi, String naf, byte[] uaProtocolId) {
    return new UaSession(
        btid, GbaKdf.ksNaf(ks, GbaKdf.GBA_ME, rand, impi, GbaKdf.nafId(naf, uaProtocolId)));
  }

  /**
   * The session over TLS (TS 33.222 §5.3): the Ua protocol id names the agreed {@code cipherSuite},
   * {@code 01 00 01 yy zz} (TS 33.220 Annex H.3).
   */
  public static UaSession overTls(
      String btid, byte[] ks, byte[] rand, String impi, String naf, String cipherSuite) {
    int code = org.gbabsf.security.tls.TlsProfile.ianaCode(cipherSuite);
    return of(btid, ks, rand, impi, naf, new byte[] {1, 0, 1, (byte) (code >>> 8), (byte) code});
  }

  /** A session with a given key (tests: a wrong password). */
  public static UaSession withKey(String btid, byte[] nafKey) {
    return new UaSession(btid, nafKey);
  }

  /**
   * An AKMA session with the AF at {@code afFqdn} (TS 33.535 Annex B): username {@code aKid},
   * password base64({@code kAf}); only a challenge whose realm is {@code
   * 3GPP-bootstrapping-akma@<afFqdn>} is taken.
   */
  public static UaSession akma(String aKid, byte[] kAf, String afFqdn) {
    return new UaSession(aKid, kAf, "3GPP-bootstrapping-akma@" + afFqdn);
  }

  /** True once a challenge was taken: {@link #authorization} can answer. */
  public boolean ready() {
    return nonce != null;
  }

  /**
   * Takes a 401's WWW-Authenticate: a GBA realm ({@code 3GPP-bootstrapping@…}; for an AKMA session,
   * the AF's AKMA realm), a fresh nonce.
   *
   * @return false if it is not a GBA (AKMA) Digest challenge
   */
  public boolean onChallenge(String wwwAuthenticate) {
    if (!(DigestHeader.parse(wwwAuthenticate) instanceof DigestHeader.Parsed.Params p)
        || p.get("realm") == null
        || !(akmaRealm == null
            ? p.get("realm").startsWith("3GPP-bootstrapping@")
            : p.get("realm").equalsIgnoreCase(akmaRealm))
        || p.get("nonce") == null) {
      return false;
    }
    realm = p.get("realm");
    nonce = p.get("nonce");
    opaque = p.get("opaque");
    nc = 0;
    return true;
  }

  /** The Authorization of {@code method uri} with {@code body}, with qop (auth or auth-int). */
  public String authorization(String method, String uri, byte[] body, String qop) {
    nc++;
    lastNc = String.format("%08x", nc);
    byte[] c = new byte[8];
    RANDOM.nextBytes(c);
    lastCnonce = HexFormat.of().formatHex(c);
    lastQop = qop;
    lastUri = uri;
    String ha1 = ha1();
    String bodyMd5 = qop.equals("auth-int") ? md5(body) : null;
    String response = DigestAka.response(ha1, nonce, lastNc, lastCnonce, qop, method, uri, bodyMd5);
    DigestHeader.Writer w =
        DigestHeader.writer(DigestHeader.SCHEME)
            .quoted("username", btid)
            .quoted("realm", realm)
            .quoted("nonce", nonce)
            .quoted("uri", uri)
            .token("algorithm", "MD5")
            .token("qop", qop)
            .token("nc", lastNc)
            .quoted("cnonce", lastCnonce)
            .quoted("response", response);
    if (opaque != null) {
      w.quoted("opaque", opaque);
    }
    return w.toString();
  }

  /**
   * Checks the proxy's Authentication-Info (RFC 7616 §3.5) for the last request and takes its
   * nextnonce. Returns null if it verifies, else the problem.
   */
  public String onAuthenticationInfo(String info, byte[] responseBody) {
    if (info == null) {
      return "no Authentication-Info";
    }
    if (!(DigestHeader.parseParameters(info) instanceof DigestHeader.Parsed.Params p)) {
      return "Authentication-Info does not parse";
    }
    String expected =
        DigestAka.rspauth(
            ha1(),
            nonce,
            lastNc,
            lastCnonce,
            lastQop,
            lastUri,
            lastQop.equals("auth-int") ? md5(responseBody) : null);
    if (!DigestAka.matches(expected, p.get("rspauth"))) {
      return "rspauth does not verify: not the NAF that holds the key";
    }
    Optional.ofNullable(p.get("nextnonce"))
        .ifPresent(
            next -> {
              nonce = next;
              nc = 0;
            });
    return null;
  }

  private String ha1() {
    return DigestAka.ha1(btid, realm, Base64.getEncoder().encode(nafKey));
  }

  private static String md5(byte[] body) {
    return body.length == 0 ? DigestAka.EMPTY_BODY_MD5 : DigestAka.md5Hex(body);
  }

  @Override
  public String toString() {
    return "UaSession[" + realm + "]";
  }
}
