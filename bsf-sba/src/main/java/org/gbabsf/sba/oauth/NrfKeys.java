package org.gbabsf.sba.oauth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gbabsf.security.tls.Pem;

/**
 * The NRF public keys that access tokens may be signed with (TS 33.501 §13.4.1: the NF service
 * producer verifies the token with the NRF's public key), by {@code kid} (RFC 7515 §4.1.4), and the
 * one to use for a token without {@code kid}. Every key is EC on P-256 (ES256) or RSA of 2048 bits
 * or more (RS256, PS256; RFC 7518 §3.3 to §3.5).
 *
 * <p>From files ({@link #load}), as an operator writes them, one key per PEM file (RFC 7468): a
 * {@code -----BEGIN PUBLIC KEY-----} block (SubjectPublicKeyInfo, {@code openssl pkey -pubout}), or
 * the NRF's {@code -----BEGIN CERTIFICATE-----} (its public key is taken; the first if there is a
 * chain; validity dates and issuer are not checked: the file is the trust decision).
 *
 * <ul>
 *   <li>{@code load(file.pem)}: that key, under the kid {@code file} (the file name less {@code
 *       .pem}), and also the default key for tokens without kid;
 *   <li>{@code load(directory)}: every {@code *.pem} file of the directory (not its subdirectories;
 *       names starting with a dot skipped, as Kubernetes' {@code ..data}), each under its file name
 *       less {@code .pem}; {@code default.pem}, if there is one, is also the default key.
 * </ul>
 *
 * A token whose kid is not known is refused even when there is a default key. Messages name files
 * and kids, never key material.
 */
public final class NrfKeys {

  /** The file that holds the default key in a key directory. */
  public static final String DEFAULT_FILE = "default.pem";

  private static final String SUFFIX = ".pem";

  private static final Pattern PUBLIC_KEY =
      Pattern.compile(
          "-----BEGIN PUBLIC KEY-----\\s*([A-Za-z0-9+/=\\s]*?)-----END PUBLIC KEY-----");

  private final Map<String, PublicKey> byKid;
  private final Optional<PublicKey> defaultKey;

  private NrfKeys(Map<String, PublicKey> byKid, Optional<PublicKey> defaultKey) {
    this.byKid = byKid;
    this.defaultKey = defaultKey;
  }

  /**
   * Keys given as objects.
   *
   * @param byKid keys by kid
   * @param defaultKey the key for tokens without kid, if any
   * @throws IllegalArgumentException if there is no key at all, or one is neither EC P-256 nor RSA
   *     ≥ 2048 bits
   */
  public static NrfKeys of(
      Map<String, ? extends PublicKey> byKid, Optional<? extends PublicKey> defaultKey) {
    Map<String, PublicKey> copy = new TreeMap<>();
    byKid.forEach(
        (kid, key) -> {
          Objects.requireNonNull(kid, "kid");
          copy.put(kid, checked(key, "kid " + Printable.quoted(kid)));
        });
    Optional<PublicKey> def = defaultKey.map(k -> checked(k, "the default key"));
    if (copy.isEmpty() && def.isEmpty()) {
      throw new IllegalArgumentException("no NRF key");
    }
    return new NrfKeys(Map.copyOf(copy), def);
  }

  /**
   * Keys from a PEM file or a directory of them, as described above.
   *
   * @throws IOException if a file cannot be read
   * @throws IllegalArgumentException if a file holds no usable public key, or a directory no {@code
   *     *.pem} file
   */
  public static NrfKeys load(Path path) throws IOException {
    if (!Files.isDirectory(path)) {
      PublicKey key = read(path);
      return of(Map.of(kidOf(path), key), Optional.of(key));
    }
    Map<String, PublicKey> keys = new LinkedHashMap<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(path, "*" + SUFFIX)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (!name.startsWith(".") && Files.isRegularFile(f)) {
          keys.put(kidOf(f), read(f));
        }
      }
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("no *" + SUFFIX + " file in " + path);
    }
    return of(keys, Optional.ofNullable(keys.get(kidOf(Path.of(DEFAULT_FILE)))));
  }

  /**
   * The one public key of {@code pem}: a {@code PUBLIC KEY} block, or else the public key of the
   * first certificate (read with {@link Pem#certificates}).
   *
   * @throws IllegalArgumentException if there is none, more than one {@code PUBLIC KEY}, a private
   *     key, or the key is neither RSA nor EC
   */
  public static PublicKey publicKey(String pem) {
    if (pem.contains("PRIVATE KEY-----")) {
      throw new IllegalArgumentException(
          "holds a private key; give the NRF's public key or certificate only");
    }
    if (pem.contains("-----BEGIN RSA PUBLIC KEY-----")) {
      throw new IllegalArgumentException(
          "an RSA PUBLIC KEY (PKCS#1) block; convert it to a PUBLIC KEY block"
              + " (openssl rsa -RSAPublicKey_in -pubout)");
    }
    List<byte[]> blocks = new ArrayList<>();
    Matcher m = PUBLIC_KEY.matcher(pem);
    while (m.find()) {
      blocks.add(m.group(1).replaceAll("\\s", "").getBytes(StandardCharsets.US_ASCII));
    }
    if (blocks.size() > 1) {
      throw new IllegalArgumentException("more than one PUBLIC KEY block");
    }
    if (blocks.isEmpty()) {
      if (!pem.contains("-----BEGIN CERTIFICATE-----")) {
        throw new IllegalArgumentException("no PUBLIC KEY or CERTIFICATE block");
      }
      return Pem.certificates(pem).get(0).getPublicKey();
    }
    byte[] der;
    try {
      der = Base64.getDecoder().decode(blocks.get(0));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the PUBLIC KEY block is not base64");
    }
    return subjectPublicKeyInfo(der);
  }

  /** The key for a token's {@code kid}, or the default key for a token without one. */
  public Optional<PublicKey> find(Optional<String> kid) {
    return kid.isPresent() ? Optional.ofNullable(byKid.get(kid.get())) : defaultKey;
  }

  /** The kids known. */
  public Set<String> kids() {
    return byKid.keySet();
  }

  /** Whether tokens without kid can be checked. */
  public boolean hasDefault() {
    return defaultKey.isPresent();
  }

  @Override
  public String toString() {
    return "NrfKeys" + new TreeSet<>(byKid.keySet()) + (hasDefault() ? "+default" : "");
  }

  private static PublicKey read(Path file) throws IOException {
    String pem = Files.readString(file, StandardCharsets.US_ASCII);
    try {
      return publicKey(pem);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static String kidOf(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(SUFFIX) ? name.substring(0, name.length() - SUFFIX.length()) : name;
  }

  /** SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) of an RSA or EC key. */
  private static PublicKey subjectPublicKeyInfo(byte[] der) {
    X509EncodedKeySpec spec = new X509EncodedKeySpec(der);
    for (String algorithm : List.of("EC", "RSA")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePublic(spec);
      } catch (InvalidKeySpecException notThisAlgorithm) {
        // try the next one
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("the JDK lacks " + algorithm, e);
      }
    }
    throw new IllegalArgumentException("the PUBLIC KEY is neither RSA nor EC, or is malformed");
  }

  private static PublicKey checked(PublicKey key, String what) {
    Objects.requireNonNull(key, what);
    if (!JwsAlgorithm.anyFits(key)) {
      throw new IllegalArgumentException(
          what
              + " is a "
              + key.getAlgorithm()
              + " key that fits none of ES256 (EC P-256), RS256 and PS256 (RSA of "
              + JwsAlgorithm.MIN_RSA_BITS
              + " bits or more)");
    }
    return key;
  }
}
