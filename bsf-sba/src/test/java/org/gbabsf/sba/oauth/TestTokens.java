package org.gbabsf.sba.oauth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Keys, PEM and tokens made in tests, signed with the JDK as an NRF would sign them. */
final class TestTokens {

  static final String NRF_ID = "5a5a0d1e-9f5c-4d33-8c3b-2f6e0b8c1a01";
  static final String NAF_ID = "7c1f3a2b-4e5d-4f60-9a8b-1c2d3e4f5a6b";
  static final String BSF_ID = "0e6b8f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
  static final String OPERATION_SCOPE = "nbsp-gba:bootstrapping-info-retrieval:invoke";

  private static final ObjectMapper JSON = new ObjectMapper();

  private TestTokens() {}

  static KeyPair ec(String curve) {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec(curve));
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  static KeyPair rsa(int bits) {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(bits);
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Claims an NRF gives a NAF for this BSF, valid an hour from {@code now}. */
  static Map<String, Object> claims(Instant now) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("iss", NRF_ID);
    c.put("sub", NAF_ID);
    c.put("aud", List.of(BSF_ID));
    c.put("scope", "nbsp-gba " + OPERATION_SCOPE);
    c.put("exp", now.getEpochSecond() + 3600);
    c.put("iat", now.getEpochSecond());
    c.put("consumerPlmnId", Map.of("mcc", "001", "mnc", "01"));
    return c;
  }

  /** The JOSE header {@code {"alg":alg,"kid":kid,"typ":"JWT"}}; no kid if null. */
  static Map<String, Object> header(String alg, String kid) {
    Map<String, Object> h = new LinkedHashMap<>();
    h.put("alg", alg);
    h.put("typ", "JWT");
    if (kid != null) {
      h.put("kid", kid);
    }
    return h;
  }

  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static String b64(byte[] octets) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(octets);
  }

  static String b64(String utf8) {
    return b64(utf8.getBytes(StandardCharsets.UTF_8));
  }

  /** A compact JWS of these header and claims, signed with {@code key} per {@code alg}. */
  static String sign(JwsAlgorithm alg, PrivateKey key, Object header, Object claims) {
    return signRaw(alg, key, json(header), json(claims));
  }

  /** Likewise with header and payload given as text. */
  static String signRaw(JwsAlgorithm alg, PrivateKey key, String header, String payload) {
    String input = b64(header) + "." + b64(payload);
    return input + "." + b64(signature(alg, key, input.getBytes(StandardCharsets.US_ASCII)));
  }

  static byte[] signature(JwsAlgorithm alg, PrivateKey key, byte[] input) {
    try {
      Signature s = Signature.getInstance(alg.jcaName());
      if (alg.parameters().isPresent()) {
        s.setParameter(alg.parameters().get());
      }
      s.initSign(key);
      s.update(input);
      return s.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** PEM of a public key (RFC 7468 §13). */
  static String pem(PublicKey key) {
    return "-----BEGIN PUBLIC KEY-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded())
        + "\n-----END PUBLIC KEY-----\n";
  }

  static String pemPrivate(PrivateKey key) {
    return "-----BEGIN PRIVATE KEY-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded())
        + "\n-----END PRIVATE KEY-----\n";
  }
}
