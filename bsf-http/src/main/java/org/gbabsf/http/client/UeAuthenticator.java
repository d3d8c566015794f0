package org.gbabsf.http.client;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
import org.gbabsf.http.codec.DigestHeader;
import org.gbabsf.http.codec.UbRequestDecoder;

/**
 * The UE side of HTTP Digest AKA on Ub (TS 24.109 §4.5.2, RFC 3310) as pure functions over a {@link
 * SimulatedUsim}: the first Authorization, the answer to a 401 (authenticating the network through
 * AUTN first), and the check of {@code rspauth} on the 200.
 */
public final class UeAuthenticator {

  /** User-Agent of the simulator, carrying the product token of TS 24.109 §4.5.2. */
  public static final String USER_AGENT = "3gpp-gba gba-bsf-ue-simulator/0.1";

  /** User-Agent of a simulator that derives TMPIs (TS 33.220 §4.5.2). */
  public static final String USER_AGENT_TMPI = "3gpp-gba-tmpi gba-bsf-ue-simulator/0.1";

  /** What to do after a 401. */
  public sealed interface Step {

    /**
     * Send {@code authorization}; a 200 is expected.
     *
     * @param authorization the header value
     * @param keys what the UE derived and needs to check the 200
     */
    record Respond(String authorization, UeKeys keys) implements Step {}

    /**
     * Send {@code authorization}, which carries AUTS; a fresh 401 is expected.
     *
     * @param authorization the header value
     */
    record Resynchronise(String authorization) implements Step {}

    /**
     * The challenge is unusable or the network failed authentication.
     *
     * @param reason why
     */
    record Fail(String reason) implements Step {}
  }

  /**
   * What the UE keeps between its answer and the 200: RAND, Ks and the digest inputs. Ks is key
   * material: not printed.
   *
   * @param rand RAND
   * @param ks Ks = CK ‖ IK
   * @param ha1 the digest HA1 (over RES)
   * @param nonce the nonce answered
   * @param cnonce the client nonce used
   * @param nc the nonce count used
   * @param qop the qop used
   * @param realm the realm used
   */
  public record UeKeys(
      byte[] rand,
      byte[] ks,
      String ha1,
      String nonce,
      String cnonce,
      String nc,
      String qop,
      String realm) {
    @Override
    public String toString() {
      return "UeKeys[hidden]";
    }
  }

  private final SimulatedUsim usim;
  private final String uri;
  private final boolean tmpis;
  private volatile Tmpi tmpi;
  private final java.util.concurrent.atomic.AtomicInteger fallbacks =
      new java.util.concurrent.atomic.AtomicInteger();

  /** A UE for {@code usim} requesting {@code uri} (normally "/"), without TMPIs. */
  public UeAuthenticator(SimulatedUsim usim, String uri) {
    this(usim, uri, false);
  }

  /**
   * A UE for {@code usim} requesting {@code uri}; with {@code tmpis} it announces {@code
   * 3gpp-gba-tmpi}, derives a TMPI after each bootstrap with a BSF that says so in Server, and
   * presents it as its username at the next one (TS 33.220 §4.5.2, Annex B.4).
   */
  public UeAuthenticator(SimulatedUsim usim, String uri, boolean tmpis) {
    this.usim = usim;
    this.uri = uri;
    this.tmpis = tmpis;
  }

  /** The IMPI. */
  public String impi() {
    return usim.subscriber().impi().value();
  }

  /** The User-Agent this UE sends on Ub. */
  public String userAgent() {
    return tmpis ? USER_AGENT_TMPI : USER_AGENT;
  }

  /** The Digest username this UE presents now: its TMPI when it holds one, else its IMPI. */
  public String username() {
    Tmpi t = tmpi;
    return t != null ? t.value() : impi();
  }

  /** The TMPI this UE holds, if any. */
  public Optional<Tmpi> tmpi() {
    return Optional.ofNullable(tmpi);
  }

  /** Deletes the TMPI, as TS 33.220 §4.5.2 has a UE do when the BSF does not know it. */
  public void forgetTmpi() {
    tmpi = null;
    fallbacks.incrementAndGet();
  }

  /** How often this UE deleted a TMPI the BSF refused and fell back to its IMPI. */
  public int tmpiFallbacks() {
    return fallbacks.get();
  }

  /**
   * After a 200: derives the next TMPI (Annex B.4) when this UE uses TMPIs and {@code server}
   * carries {@code 3gpp-gba-tmpi}. BSF_Id's name is the B-TID's domain, "the full DNS name of the
   * BSF as used for B-TID generation".
   */
  public void onBootstrapped(String btid, byte[] ks, byte[] rand, String server) {
    if (!tmpis) {
      return;
    }
    if (server == null
        || !server
            .toLowerCase(java.util.Locale.ROOT)
            .contains(UbRequestDecoder.TMPI_PRODUCT_TOKEN)) {
      tmpi = null;
      return;
    }
    String bsfName = btid.substring(btid.indexOf('@') + 1);
    tmpi = Tmpi.derive(ks, Rand.of(rand), new Impi(impi()), bsfName);
  }

  /** The first request's Authorization with empty nonce and response (TS 24.109 §4.5.2). */
  public String initialAuthorization(String realm) {
    return DigestHeader.writer(DigestHeader.SCHEME)
        .quoted("username", username())
        .quoted("realm", realm)
        .quoted("nonce", "")
        .quoted("uri", uri)
        .quoted("response", "")
        .toString();
  }

  /** Reacts to a {@code WWW-Authenticate} header for {@code method} (normally GET). */
  public Step onChallenge(String wwwAuthenticate, String method) {
    DigestHeader.Parsed parsed = DigestHeader.parse(wwwAuthenticate);
    if (!(parsed instanceof DigestHeader.Parsed.Params p)) {
      return new Step.Fail("unparseable WWW-Authenticate");
    }
    String realm = p.get("realm");
    String nonce = p.get("nonce");
    if (realm == null || nonce == null || !"AKAv1-MD5".equalsIgnoreCase(p.get("algorithm"))) {
      return new Step.Fail("challenge lacks realm, nonce or algorithm=AKAv1-MD5");
    }
    String qop = chooseQop(p.get("qop"));
    if (qop == null) {
      return new Step.Fail("challenge offers no usable qop");
    }
    byte[] decoded;
    try {
      decoded = Base64.getDecoder().decode(nonce);
    } catch (IllegalArgumentException e) {
      return new Step.Fail("nonce is not base64");
    }
    if (decoded.length < 32) {
      return new Step.Fail("nonce shorter than RAND||AUTN");
    }
    byte[] rand = Arrays.copyOfRange(decoded, 0, 16);
    byte[] autn = Arrays.copyOfRange(decoded, 16, 32);
    AkaResult aka = usim.authenticate(rand, autn);
    String cnonce = Hex.encode(randomBytes(8));
    String nc = "00000001";
    if (aka instanceof AkaResult.MacFailure) {
      return new Step.Fail("AUTN MAC-A does not verify: network not authentic");
    }
    if (aka instanceof AkaResult.SyncFailure sync) {
      // RFC 3310 §3.4: AUTS in the auts parameter, response over an empty password.
      String ha1 = DigestAka.ha1(username(), realm, new byte[0]);
      String response =
          DigestAka.response(ha1, nonce, nc, cnonce, qop, method, uri, DigestAka.EMPTY_BODY_MD5);
      return new Step.Resynchronise(
          answerHeader(realm, nonce, qop, nc, cnonce, response, p.get("opaque"))
              + ", auts=\""
              + Base64.getEncoder().encodeToString(sync.auts())
              + "\"");
    }
    AkaResult.Success ok = (AkaResult.Success) aka;
    String ha1 = DigestAka.ha1(username(), realm, ok.res());
    String response =
        DigestAka.response(ha1, nonce, nc, cnonce, qop, method, uri, DigestAka.EMPTY_BODY_MD5);
    byte[] ks = new byte[32];
    System.arraycopy(ok.ck(), 0, ks, 0, 16);
    System.arraycopy(ok.ik(), 0, ks, 16, 16);
    return new Step.Respond(
        answerHeader(realm, nonce, qop, nc, cnonce, response, p.get("opaque")),
        new UeKeys(rand, ks, ha1, nonce, cnonce, nc, qop, realm));
  }

  /**
   * Checks {@code Authentication-Info} of the 200 (RFC 2617 §3.2.3): the BSF proves it knew XRES,
   * over the body it sent. Returns null when it verifies, else the problem.
   */
  public String checkAuthenticationInfo(String authenticationInfo, byte[] body, UeKeys keys) {
    DigestHeader.Parsed parsed = DigestHeader.parseParameters(authenticationInfo);
    if (!(parsed instanceof DigestHeader.Parsed.Params p) || p.get("rspauth") == null) {
      return "Authentication-Info without rspauth";
    }
    String expected =
        DigestAka.rspauth(
            keys.ha1(),
            keys.nonce(),
            keys.nc(),
            keys.cnonce(),
            keys.qop(),
            uri,
            DigestAka.md5Hex(body));
    if (!DigestAka.matches(expected, p.get("rspauth"))) {
      return "rspauth does not verify";
    }
    if (!keys.cnonce().equals(p.get("cnonce")) || !keys.nc().equalsIgnoreCase(p.get("nc"))) {
      return "Authentication-Info echoes another cnonce or nc";
    }
    return null;
  }

  /**
   * Returns {@code authorization} with its response replaced by a wrong one, for negative tests.
   */
  public static String withWrongResponse(String authorization) {
    int at = authorization.indexOf("response=\"");
    if (at < 0) {
      return authorization;
    }
    int start = at + "response=\"".length();
    String digest = authorization.substring(start, start + 32);
    String wrong = DigestAka.md5Hex(digest.getBytes(StandardCharsets.US_ASCII));
    return authorization.substring(0, start) + wrong + authorization.substring(start + 32);
  }

  private String answerHeader(
      String realm,
      String nonce,
      String qop,
      String nc,
      String cnonce,
      String response,
      String opaque) {
    DigestHeader.Writer w =
        DigestHeader.writer(DigestHeader.SCHEME)
            .quoted("username", username())
            .quoted("realm", realm)
            .quoted("nonce", nonce)
            .quoted("uri", uri)
            .token("qop", qop)
            .token("nc", nc)
            .quoted("cnonce", cnonce)
            .quoted("response", response)
            .token("algorithm", "AKAv1-MD5");
    if (opaque != null) {
      w.quoted("opaque", opaque);
    }
    return w.toString();
  }

  private static String chooseQop(String offered) {
    if (offered == null) {
      return null;
    }
    for (String token : offered.split(",")) {
      if (token.strip().equalsIgnoreCase("auth-int")) {
        return "auth-int";
      }
    }
    for (String token : offered.split(",")) {
      if (token.strip().equalsIgnoreCase("auth")) {
        return "auth";
      }
    }
    return null;
  }

  private static byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    ThreadLocalRandom.current().nextBytes(b);
    return b;
  }
}
