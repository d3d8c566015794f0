package org.gbabsf.sba.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;

/**
 * The signature alone, apart from claims: the examples of RFC 7515 Appendix A.2 (RS256) and A.3
 * (ES256), and PS256 against an implementation other than the JDK's.
 */
class JwsSignatureTest {

  /**
   * RFC 7515 A.1 to A.3 payload: {"iss":"joe", "exp":1300819380,
   * "http://example.com/is_root":true}.
   */
  static final String RFC_PAYLOAD =
      "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9l"
          + "eGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ";

  /** RFC 7515 A.3.1: the P-256 public key of the ES256 example. */
  static final String A3_X = "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU";

  static final String A3_Y = "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0";

  /** RFC 7515 A.3.1: the example's complete JWS Compact Serialization. */
  static final String A3_JWS =
      "eyJhbGciOiJFUzI1NiJ9."
          + RFC_PAYLOAD
          + "."
          + "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8I"
          + "SlSApmWQxfKTUJqPP3-Kg6NU1Q";

  /** RFC 7515 A.2.1: the RSA key of the RS256 example, modulus and private exponent. */
  static final String A2_N =
      "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHm"
          + "fHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_"
          + "YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5"
          + "z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uD"
          + "Zlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9ia"
          + "GNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ";

  static final String A2_D =
      "Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97Ijl"
          + "A7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoAJe46sui395IW_GO-pWJ1O0BkTG"
          + "oVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M"
          + "_V51gfpRLI9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQ"
          + "UShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccPDVZFD9pIuhLhBOneufuBiB"
          + "4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ";

  /** RFC 7515 A.2.1: the example's complete JWS Compact Serialization. */
  static final String A2_JWS =
      "eyJhbGciOiJSUzI1NiJ9."
          + RFC_PAYLOAD
          + "."
          + "cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5R"
          + "Zmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQ"
          + "jbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQB"
          + "MHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqt"
          + "FZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rq"
          + "Vt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw";

  static PublicKey a3Key() throws Exception {
    AlgorithmParameters p = AlgorithmParameters.getInstance("EC");
    p.init(new ECGenParameterSpec("secp256r1"));
    ECPoint w = new ECPoint(unsigned(A3_X), unsigned(A3_Y));
    return KeyFactory.getInstance("EC")
        .generatePublic(new ECPublicKeySpec(w, p.getParameterSpec(ECParameterSpec.class)));
  }

  static PublicKey a2Key() throws Exception {
    return KeyFactory.getInstance("RSA")
        .generatePublic(new RSAPublicKeySpec(unsigned(A2_N), BigInteger.valueOf(65537)));
  }

  private static BigInteger unsigned(String base64Url) {
    return new BigInteger(1, Base64.getUrlDecoder().decode(base64Url));
  }

  private static CompactJws parsed(String jws) {
    Outcome<CompactJws> o = CompactJws.parse(jws);
    assertThat(o).isInstanceOf(Outcome.Ok.class);
    return ((Outcome.Ok<CompactJws>) o).value();
  }

  private static boolean verifies(String jws, PublicKey key) {
    CompactJws p = parsed(jws);
    return JwsSignature.verify(p.algorithm(), key, p.signingInput(), p.signature());
  }

  @Test
  void should_verify_the_rfc7515_a3_example_when_checked_with_its_p256_public_key()
      throws Exception {
    CompactJws p = parsed(A3_JWS);

    assertThat(p.algorithm()).isEqualTo(JwsAlgorithm.ES256);
    assertThat(p.kid()).isEmpty();
    assertThat(p.signature()).hasSize(64);
    assertThat(new String(p.payload(), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}");
    assertThat(verifies(A3_JWS, a3Key())).isTrue();
  }

  @Test
  void should_refuse_the_rfc7515_a3_example_when_one_payload_character_is_changed()
      throws Exception {
    String tampered = A3_JWS.replace("eyJpc3MiOiJqb2Ui", "eyJpc3MiOiJqb2Ux");

    assertThat(tampered).isNotEqualTo(A3_JWS);
    assertThat(verifies(tampered, a3Key())).isFalse();
  }

  @Test
  void should_refuse_the_rfc7515_a3_example_when_its_signature_is_given_as_der() throws Exception {
    CompactJws p = parsed(A3_JWS);
    byte[] der = der(p.signature());

    assertThat(JwsSignature.verify(JwsAlgorithm.ES256, a3Key(), p.signingInput(), der)).isFalse();
  }

  @Test
  void should_verify_the_rfc7515_a2_example_when_checked_with_its_rsa_public_key()
      throws Exception {
    assertThat(verifies(A2_JWS, a2Key())).isTrue();
    assertThat(verifies(A2_JWS.replace(".eyJpc3Mi", ".eyJpc3Ni"), a2Key())).isFalse();
  }

  @Test
  void should_reproduce_the_rfc7515_a2_signature_when_signing_with_its_private_key()
      throws Exception {
    PrivateKey d =
        KeyFactory.getInstance("RSA")
            .generatePrivate(new RSAPrivateKeySpec(unsigned(A2_N), unsigned(A2_D)));
    String input = A2_JWS.substring(0, A2_JWS.lastIndexOf('.'));

    byte[] signature =
        TestTokens.signature(JwsAlgorithm.RS256, d, input.getBytes(StandardCharsets.US_ASCII));

    assertThat(TestTokens.b64(signature)).isEqualTo(A2_JWS.substring(A2_JWS.lastIndexOf('.') + 1));
  }

  @Test
  void should_verify_ps256_when_signed_by_bouncy_castle_with_rfc7518_parameters() throws Exception {
    KeyPair keys = TestTokens.rsa(2048);
    byte[] input = "eyJhbGciOiJQUzI1NiJ9.e30".getBytes(StandardCharsets.US_ASCII);
    Signature bc = Signature.getInstance("SHA256withRSAandMGF1", new BouncyCastleProvider());
    bc.initSign(keys.getPrivate());
    bc.update(input);
    byte[] signature = bc.sign();

    assertThat(JwsSignature.verify(JwsAlgorithm.PS256, keys.getPublic(), input, signature))
        .isTrue();
    assertThat(JwsSignature.verify(JwsAlgorithm.RS256, keys.getPublic(), input, signature))
        .isFalse();
  }

  @Test
  void should_refuse_when_the_key_does_not_fit_the_algorithm() throws Exception {
    CompactJws p = parsed(A3_JWS);
    KeyPair p384 = TestTokens.ec("secp384r1");
    KeyPair rsa1024 = TestTokens.rsa(1024);
    byte[] small = TestTokens.signature(JwsAlgorithm.RS256, rsa1024.getPrivate(), p.signingInput());

    assertThat(JwsSignature.verify(JwsAlgorithm.RS256, a3Key(), p.signingInput(), p.signature()))
        .isFalse();
    assertThat(
            JwsSignature.verify(
                JwsAlgorithm.ES256, p384.getPublic(), p.signingInput(), p.signature()))
        .isFalse();
    assertThat(
            JwsSignature.verify(JwsAlgorithm.RS256, rsa1024.getPublic(), p.signingInput(), small))
        .isFalse();
  }

  @Test
  void should_refuse_without_exception_when_an_rsa_signature_has_the_wrong_length()
      throws Exception {
    CompactJws p = parsed(A2_JWS);
    byte[] shorter = java.util.Arrays.copyOf(p.signature(), 255);

    assertThat(JwsSignature.verify(JwsAlgorithm.RS256, a2Key(), p.signingInput(), shorter))
        .isFalse();
    assertThat(JwsSignature.verify(JwsAlgorithm.PS256, a2Key(), p.signingInput(), new byte[0]))
        .isFalse();
  }

  /** ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 3279 §2.2.3), short form. */
  private static byte[] der(byte[] rs) {
    byte[] r = new BigInteger(1, java.util.Arrays.copyOfRange(rs, 0, 32)).toByteArray();
    byte[] s = new BigInteger(1, java.util.Arrays.copyOfRange(rs, 32, 64)).toByteArray();
    byte[] out = new byte[6 + r.length + s.length];
    out[0] = 0x30;
    out[1] = (byte) (4 + r.length + s.length);
    out[2] = 0x02;
    out[3] = (byte) r.length;
    System.arraycopy(r, 0, out, 4, r.length);
    out[4 + r.length] = 0x02;
    out[5 + r.length] = (byte) s.length;
    System.arraycopy(s, 0, out, 6 + r.length, s.length);
    return out;
  }
}
