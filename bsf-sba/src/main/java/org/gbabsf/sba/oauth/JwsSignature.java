package org.gbabsf.sba.oauth;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Optional;

/**
 * Verification of a JWS signature (RFC 7515 §5.2 step 8) with one public key, apart from any claim:
 * what the RFC 7515 Appendix A vectors are checked against.
 */
final class JwsSignature {

  private JwsSignature() {}

  /**
   * Whether {@code signature} is a valid {@code algorithm} signature of {@code signingInput} (the
   * ASCII of {@code BASE64URL(header) '.' BASE64URL(payload)}, RFC 7515 §5.1 step 7) under {@code
   * key}. False as well when the key does not fit the algorithm or an ES256 signature is not 64
   * octets (RFC 7518 §3.4).
   */
  static boolean verify(
      JwsAlgorithm algorithm, PublicKey key, byte[] signingInput, byte[] signature) {
    if (!algorithm.fits(key)) {
      return false;
    }
    if (algorithm == JwsAlgorithm.ES256
        && signature.length != JwsAlgorithm.ES256_SIGNATURE_LENGTH) {
      return false;
    }
    Signature verifier = newSignature(algorithm);
    try {
      verifier.initVerify(key);
      verifier.update(signingInput);
      return verifier.verify(signature);
    } catch (InvalidKeyException | SignatureException e) {
      // a signature of the wrong length or encoding for this key: not a valid signature
      return false;
    }
  }

  private static Signature newSignature(JwsAlgorithm algorithm) {
    try {
      Signature s = Signature.getInstance(algorithm.jcaName());
      Optional<AlgorithmParameterSpec> parameters = algorithm.parameters();
      if (parameters.isPresent()) {
        s.setParameter(parameters.get());
      }
      return s;
    } catch (NoSuchAlgorithmException | InvalidAlgorithmParameterException e) {
      throw new IllegalStateException("the JDK lacks " + algorithm.jcaName(), e);
    }
  }
}
