package org.gbabsf.sba.oauth;

import java.security.AlgorithmParameters;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Optional;

/**
 * The JWS algorithms an NRF may sign access tokens with (RFC 7518 §3.1), each with the JCA
 * signature that verifies it and the keys it accepts. HMAC ({@code HS*}) is left out on purpose: a
 * shared secret would let every holder mint tokens; {@code none} is no signature at all.
 */
enum JwsAlgorithm {
  /**
   * ECDSA with P-256 and SHA-256 (RFC 7518 §3.4). The JWS signature is R ‖ S, 32 octets each, not
   * DER (RFC 7518 §3.4): the IEEE P1363 form that the JDK verifies as it is.
   */
  ES256("SHA256withECDSAinP1363Format", null),
  /** RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3, RFC 8017 §8.2); a key of 2048 bits or more. */
  RS256("SHA256withRSA", null),
  /**
   * RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-octet salt (RFC 7518 §3.5, RFC 8017 §8.1);
   * a key of 2048 bits or more.
   */
  PS256("RSASSA-PSS", new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));

  /** RFC 7518 §3.3 and §3.5: "A key of size 2048 bits or larger MUST be used". */
  static final int MIN_RSA_BITS = 2048;

  /** The length of an ES256 signature, R ‖ S (RFC 7518 §3.4). */
  static final int ES256_SIGNATURE_LENGTH = 64;

  private final String jcaName;
  private final AlgorithmParameterSpec parameters;

  JwsAlgorithm(String jcaName, AlgorithmParameterSpec parameters) {
    this.jcaName = jcaName;
    this.parameters = parameters;
  }

  /** The algorithm of a JWS {@code alg} value, compared case-sensitively (RFC 7515 §4.1.1). */
  static Optional<JwsAlgorithm> named(String alg) {
    for (JwsAlgorithm a : values()) {
      if (a.name().equals(alg)) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /** The JCA {@link java.security.Signature} algorithm name. */
  String jcaName() {
    return jcaName;
  }

  /** The parameters to set on the JCA signature before use, if any (PS256). */
  Optional<AlgorithmParameterSpec> parameters() {
    return Optional.ofNullable(parameters);
  }

  /** Whether {@code key} may verify this algorithm: a P-256 EC key, or an RSA key ≥ 2048 bits. */
  boolean fits(PublicKey key) {
    if (this == ES256) {
      return key instanceof ECPublicKey ec && isP256(ec.getParams());
    }
    return key instanceof RSAPublicKey rsa && rsa.getModulus().bitLength() >= MIN_RSA_BITS;
  }

  /** Whether some algorithm accepts {@code key}. */
  static boolean anyFits(PublicKey key) {
    for (JwsAlgorithm a : values()) {
      if (a.fits(key)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isP256(ECParameterSpec params) {
    ECParameterSpec p256 = P256.SPEC;
    return params != null
        && params.getCurve().equals(p256.getCurve())
        && params.getGenerator().equals(p256.getGenerator())
        && params.getOrder().equals(p256.getOrder())
        && params.getCofactor() == p256.getCofactor();
  }

  /** The domain parameters of P-256 (secp256r1, RFC 5480 §2.1.1.1), from the JDK. */
  private static final class P256 {
    static final ECParameterSpec SPEC = load();

    private static ECParameterSpec load() {
      try {
        AlgorithmParameters p = AlgorithmParameters.getInstance("EC");
        p.init(new ECGenParameterSpec("secp256r1"));
        return p.getParameterSpec(ECParameterSpec.class);
      } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
        throw new IllegalStateException("the JDK has no P-256 (secp256r1)", e);
      }
    }
  }
}
