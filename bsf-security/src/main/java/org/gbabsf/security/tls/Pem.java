package org.gbabsf.security.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PEM (RFC 7468) certificates and private keys, as operators and cert-manager write them: X.509
 * certificates; unencrypted private keys as PKCS#8 ({@code PRIVATE KEY}, RFC 5208), PKCS#1 RSA
 * ({@code RSA PRIVATE KEY}, RFC 8017 A.1.2) or SEC1 EC ({@code EC PRIVATE KEY}, RFC 5915). The two
 * last are wrapped into PKCS#8 (RFC 5208 §5, with the algorithm identifiers of RFC 3279 and RFC
 * 5480), which is what the JDK reads. Pure functions; messages never quote key material.
 */
public final class Pem {

  private static final Pattern BLOCK =
      Pattern.compile(
          "-----BEGIN ([A-Z0-9 ]+)-----\\s*([A-Za-z0-9+/=\\s]*?)-----END \\1-----", Pattern.DOTALL);

  /** rsaEncryption, 1.2.840.113549.1.1.1 (RFC 3279 §2.3.1). */
  private static final byte[] RSA_ENCRYPTION = {
    0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01
  };

  /** id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 §2.1.1). */
  private static final byte[] EC_PUBLIC_KEY = {
    0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01
  };

  private Pem() {}

  /**
   * Every certificate of {@code pem}, in order (a chain: leaf first).
   *
   * @throws IllegalArgumentException if there is none or one does not parse
   */
  public static List<X509Certificate> certificates(String pem) {
    List<X509Certificate> out = new ArrayList<>();
    CertificateFactory factory;
    try {
      factory = CertificateFactory.getInstance("X.509");
    } catch (CertificateException e) {
      throw new IllegalStateException("JCA provider failure", e);
    }
    for (Block b : blocks(pem)) {
      if (!b.type().equals("CERTIFICATE")) {
        continue;
      }
      try {
        out.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(b.der())));
      } catch (CertificateException e) {
        throw new IllegalArgumentException("a CERTIFICATE block does not parse: " + e.getMessage());
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no -----BEGIN CERTIFICATE----- block");
    }
    return out;
  }

  /**
   * The one private key of {@code pem}.
   *
   * @throws IllegalArgumentException if there is none, more than one, it is encrypted, or it does
   *     not parse as RSA or EC
   */
  public static PrivateKey privateKey(String pem) {
    List<Block> keys = blocks(pem).stream().filter(b -> b.type().endsWith("PRIVATE KEY")).toList();
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("no -----BEGIN ... PRIVATE KEY----- block");
    }
    if (keys.size() > 1) {
      throw new IllegalArgumentException("more than one private key");
    }
    Block key = keys.get(0);
    switch (key.type()) {
      case "PRIVATE KEY":
        return pkcs8(key.der());
      case "RSA PRIVATE KEY":
        return pkcs8(wrap(sequence(RSA_ENCRYPTION, new byte[] {0x05, 0x00}), key.der()));
      case "EC PRIVATE KEY":
        return pkcs8(wrap(sequence(EC_PUBLIC_KEY, Der.curveOf(key.der())), key.der()));
      case "ENCRYPTED PRIVATE KEY":
        throw new IllegalArgumentException(
            "the private key is encrypted; store it unencrypted in a file only the BSF can read"
                + " (openssl pkcs8 -topk8 -nocrypt)");
      default:
        throw new IllegalArgumentException("unsupported key type " + key.type());
    }
  }

  private static PrivateKey pkcs8(byte[] der) {
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
    for (String algorithm : List.of("RSA", "EC")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(spec);
      } catch (GeneralSecurityException tryNext) {
        // not this algorithm
      }
    }
    throw new IllegalArgumentException("the private key is neither RSA nor EC, or is malformed");
  }

  /** PrivateKeyInfo ::= SEQUENCE { version 0, AlgorithmIdentifier, OCTET STRING key }. */
  private static byte[] wrap(byte[] algorithm, byte[] key) {
    return Der.tlv(0x30, concat(new byte[] {0x02, 0x01, 0x00}, algorithm, Der.tlv(0x04, key)));
  }

  private static byte[] sequence(byte[]... parts) {
    return Der.tlv(0x30, concat(parts));
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private record Block(String type, byte[] der) {}

  private static List<Block> blocks(String pem) {
    List<Block> out = new ArrayList<>();
    Matcher m = BLOCK.matcher(pem);
    while (m.find()) {
      byte[] der;
      try {
        der = Base64.getMimeDecoder().decode(m.group(2).getBytes(StandardCharsets.US_ASCII));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("a " + m.group(1) + " block is not base64");
      }
      out.add(new Block(m.group(1), der));
    }
    return out;
  }
}
