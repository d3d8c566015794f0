package org.gbabsf.security.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.gbabsf.security.tls.TlsFiles;

/**
 * A test PKI: a CA and the certificates tests need (valid, expired, for the wrong name, from
 * another CA), written as PEM files the BSF reads, and as PKCS#12 stores for Cassandra. Made with
 * Bouncy Castle, in tests only. Every certificate is valid for server and client authentication.
 */
public final class TestPki {

  private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

  private final Path dir;
  private final String name;
  private final KeyPair caKeys;
  private final X509Certificate ca;

  private TestPki(Path dir, String name, KeyPair caKeys, X509Certificate ca) {
    this.dir = dir;
    this.name = name;
    this.caKeys = caKeys;
    this.ca = ca;
  }

  /** A CA named {@code name}, its files under {@code dir}. */
  public static TestPki create(Path dir, String name) {
    KeyPair keys = ec();
    Instant now = Instant.now();
    X509Certificate ca =
        sign(
            new JcaX509v3CertificateBuilder(
                new X500Name("CN=" + name),
                BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(3650))),
                new X500Name("CN=" + name),
                keys.getPublic()),
            keys.getPrivate(),
            true);
    TestPki pki = new TestPki(dir, name, keys, ca);
    pki.write(dir.resolve(slug(name) + "-ca.pem"), pem(ca));
    return pki;
  }

  /** The CA certificate's PEM file: what a peer trusts. */
  public Path caFile() {
    return dir.resolve(slug(name) + "-ca.pem");
  }

  /** The CA certificate. */
  public X509Certificate caCertificate() {
    return ca;
  }

  /** A certificate for {@code cn}, to be refined then {@link Leaf#issue() issued}. */
  public Leaf leaf(String cn) {
    return new Leaf(cn);
  }

  /** A certificate and its key, as written. */
  public record Issued(
      Path certificate, Path privateKey, X509Certificate cert, PrivateKey key, Path caFile) {

    /** Its identity, trusting {@code trust}. */
    public TlsFiles files(Path trust) {
      return new TlsFiles(Optional.of(certificate), Optional.of(privateKey), Optional.of(trust));
    }

    /** Its identity, trusting its own CA. */
    public TlsFiles files() {
      return files(caFile);
    }

    /** Writes it as a PKCS#12 key store (alias {@code key}) with {@code password}. */
    public Path pkcs12(Path file, String password) {
      try (OutputStream out = Files.newOutputStream(file)) {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", key, password.toCharArray(), new X509Certificate[] {cert});
        ks.store(out, password.toCharArray());
        return file;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** Writes the CA as a PKCS#12 trust store with {@code password}. */
  public Path trustPkcs12(Path file, String password) {
    try (OutputStream out = Files.newOutputStream(file)) {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      ks.setCertificateEntry("ca", ca);
      ks.store(out, password.toCharArray());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A leaf certificate being described. */
  public final class Leaf {
    private final String cn;
    private final List<GeneralName> names = new ArrayList<>();
    private Instant notBefore = Instant.now().minus(Duration.ofHours(1));
    private Instant notAfter = Instant.now().plus(Duration.ofDays(30));
    private boolean rsa;
    private String keyFormat = "pkcs8";
    private String fileName;

    private Leaf(String cn) {
      this.cn = cn;
      this.fileName = slug(cn);
    }

    /** Adds dNSName subjectAltNames. */
    public Leaf dns(String... dnsNames) {
      for (String n : dnsNames) {
        names.add(new GeneralName(GeneralName.dNSName, n));
      }
      return this;
    }

    /** Adds iPAddress subjectAltNames. */
    public Leaf ip(String... addresses) {
      for (String a : addresses) {
        names.add(new GeneralName(GeneralName.iPAddress, a));
      }
      return this;
    }

    /** Expired an hour ago. */
    public Leaf expired() {
      notBefore = Instant.now().minus(Duration.ofDays(30));
      notAfter = Instant.now().minus(Duration.ofHours(1));
      return this;
    }

    /** Valid from tomorrow. */
    public Leaf notYetValid() {
      notBefore = Instant.now().plus(Duration.ofDays(1));
      notAfter = Instant.now().plus(Duration.ofDays(30));
      return this;
    }

    /** An RSA 2048 key instead of EC P-256. */
    public Leaf rsa() {
      rsa = true;
      return this;
    }

    /** Writes the key as PKCS#1 (RSA) or SEC1 (EC) instead of PKCS#8. */
    public Leaf traditionalKey() {
      keyFormat = "traditional";
      return this;
    }

    /** The base name of the files (default: from the CN). */
    public Leaf fileName(String base) {
      fileName = base;
      return this;
    }

    /** Signs and writes {@code <name>.pem} and {@code <name>-key.pem}. */
    public Issued issue() {
      KeyPair keys = rsa ? rsa2048() : ec();
      JcaX509v3CertificateBuilder b =
          new JcaX509v3CertificateBuilder(
              ca,
              BigInteger.valueOf(SERIAL.incrementAndGet()),
              Date.from(notBefore),
              Date.from(notAfter),
              new X500Name("CN=" + cn),
              keys.getPublic());
      try {
        if (!names.isEmpty()) {
          b.addExtension(
              Extension.subjectAlternativeName,
              false,
              new GeneralNames(names.toArray(GeneralName[]::new)));
        }
        b.addExtension(
            Extension.extendedKeyUsage,
            false,
            new ExtendedKeyUsage(
                new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      X509Certificate cert = sign(b, caKeys.getPrivate(), false);
      Path certFile = dir.resolve(fileName + ".pem");
      Path keyFile = dir.resolve(fileName + "-key.pem");
      write(certFile, pem(cert));
      write(
          keyFile,
          rsa
              ? (keyFormat.equals("pkcs8") ? pkcs8(keys.getPrivate()) : pem(keys.getPrivate()))
              : ecKey(keys, keyFormat.equals("pkcs8")));
      return new Issued(certFile, keyFile, cert, keys.getPrivate(), caFile());
    }
  }

  private static X509Certificate sign(X509v3CertificateBuilder b, PrivateKey signer, boolean ca) {
    try {
      if (ca) {
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        b.addExtension(
            Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      }
      return new JcaX509CertificateConverter()
          .getCertificate(b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KeyPair ec() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec("secp256r1"));
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KeyPair rsa2048() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String pem(Object o) {
    StringWriter s = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(s)) {
      w.writeObject(o);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s.toString();
  }

  /**
   * An EC key as openssl writes it: SEC1 (RFC 5915) with the curve named and the public key, as
   * such ({@code EC PRIVATE KEY}) or inside PKCS#8 ({@code PRIVATE KEY}). The JDK's own encoding
   * leaves the public key out, which GnuTLS (freeDiameter) refuses.
   */
  private static String ecKey(KeyPair keys, boolean pkcs8) {
    org.bouncycastle.asn1.pkcs.PrivateKeyInfo info =
        org.bouncycastle.asn1.pkcs.PrivateKeyInfo.getInstance(keys.getPrivate().getEncoded());
    try {
      org.bouncycastle.asn1.sec.ECPrivateKey inner =
          org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(info.parsePrivateKey());
      org.bouncycastle.asn1.sec.ECPrivateKey full =
          new org.bouncycastle.asn1.sec.ECPrivateKey(
              256,
              inner.getKey(),
              org.bouncycastle.asn1.x509.SubjectPublicKeyInfo.getInstance(
                      keys.getPublic().getEncoded())
                  .getPublicKeyData(),
              info.getPrivateKeyAlgorithm().getParameters());
      byte[] der =
          pkcs8
              ? new org.bouncycastle.asn1.pkcs.PrivateKeyInfo(info.getPrivateKeyAlgorithm(), full)
                  .getEncoded()
              : full.getEncoded();
      StringWriter s = new StringWriter();
      try (JcaPEMWriter w = new JcaPEMWriter(s)) {
        w.writeObject(
            new org.bouncycastle.util.io.pem.PemObject(
                pkcs8 ? "PRIVATE KEY" : "EC PRIVATE KEY", der));
      }
      return s.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String pkcs8(PrivateKey key) {
    StringWriter s = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(s)) {
      w.writeObject(new JcaPKCS8Generator(key, null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return s.toString();
  }

  private void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String slug(String s) {
    return s.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]+", "-");
  }
}
