package org.gbabsf.security.tls;

import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.gbabsf.security.Reloadable;
import org.gbabsf.security.SecureFiles;
import org.gbabsf.security.SecurityMaterialException;

/**
 * One interface's TLS material from its {@link TlsFiles}, as a key manager and a trust manager that
 * stay the same objects across reloads: an SSL context built on them once serves the new
 * certificate from the next handshake on, with no restart and no new context. A handshake under way
 * when a reload happens finishes with the material it started with.
 */
public final class TlsMaterial implements Reloadable {

  private final String name;
  private final TlsFiles files;
  private final AtomicInteger generation = new AtomicInteger();
  private final Map<Integer, X509ExtendedKeyManager> keyManagers = new ConcurrentHashMap<>();
  private final Keys keys = new Keys();
  private final Trust trust = new Trust();
  private volatile Optional<X509Certificate> leaf = Optional.empty();
  private volatile X509ExtendedTrustManager trustDelegate;
  private volatile Consumer<Throwable> onPeerRefused = t -> {};

  private TlsMaterial(String name, TlsFiles files) {
    this.name = name;
    this.files = files;
  }

  /**
   * Reads {@code files} for the interface {@code name} (e.g. {@code ub-tls}).
   *
   * @throws java.io.UncheckedIOException if a file cannot be read
   * @throws SecurityMaterialException if a file is not usable, or the key does not match the
   *     certificate
   */
  public static TlsMaterial load(String name, TlsFiles files) {
    TlsMaterial m = new TlsMaterial(name, files);
    m.reload();
    return m;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<Path> files() {
    return files.all();
  }

  /** True if it has a certificate of its own (a server, or a client for mutual TLS). */
  public boolean hasIdentity() {
    return files.certificate().isPresent();
  }

  /** The key manager: empty if there is no certificate of its own. */
  public Optional<X509ExtendedKeyManager> keyManager() {
    return hasIdentity() ? Optional.of(keys) : Optional.empty();
  }

  /** The trust manager: the configured CAs, or the JVM's. */
  public X509ExtendedTrustManager trustManager() {
    return trust;
  }

  /** The leaf certificate in force, if any. */
  public Optional<X509Certificate> certificate() {
    return leaf;
  }

  /** When the leaf certificate in force expires, if there is one. */
  public Optional<Instant> notAfter() {
    return leaf.map(c -> c.getNotAfter().toInstant());
  }

  /** Told of every peer certificate the trust manager refuses (for a metric). */
  public void onPeerRefused(Consumer<Throwable> listener) {
    this.onPeerRefused = listener;
  }

  @Override
  public synchronized String reload() {
    X509ExtendedTrustManager nextTrust = trustManagerOf(files.trust());
    if (files.certificate().isPresent()) {
      Path certFile = files.certificate().get();
      Path keyFile = files.privateKey().get();
      List<X509Certificate> chain = parse(certFile, Pem::certificates);
      PrivateKey key = parse(keyFile, Pem::privateKey);
      requireMatch(chain.get(0), key, keyFile);
      // Built and published before it is made current: a handshake never finds a generation
      // without its key manager, and a reload that fails leaves the one in force untouched.
      X509ExtendedKeyManager next = keyManagerOf(chain, key, keyFile);
      int gen = generation.get() + 1;
      keyManagers.put(gen, next);
      generation.set(gen);
      keyManagers.keySet().removeIf(g -> g < gen - 1); // a handshake under way may use the last
      leaf = Optional.of(chain.get(0));
    }
    trustDelegate = nextTrust;
    return describe();
  }

  /** The leaf's subject, names and expiry, and the trust in use: public facts only. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    leaf.ifPresent(
        c ->
            b.append("certificate ")
                .append(c.getSubjectX500Principal().getName())
                .append(" names ")
                .append(CertNames.of(c))
                .append(", valid until ")
                .append(c.getNotAfter().toInstant())
                .append("; "));
    b.append("trust ").append(files.trust().map(Path::toString).orElse("the JVM's default CAs"));
    return b.toString();
  }

  private static <T> T parse(Path file, java.util.function.Function<String, T> parser) {
    String text = SecureFiles.read(file);
    try {
      return parser.apply(text);
    } catch (IllegalArgumentException e) {
      throw new SecurityMaterialException(file, e.getMessage());
    }
  }

  /** A signature by the key that the certificate's public key verifies. */
  private static void requireMatch(X509Certificate cert, PrivateKey key, Path keyFile) {
    String algorithm = key.getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256withRSA";
    byte[] probe = "gba-bsf key check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    try {
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] sig = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(cert.getPublicKey());
      verifier.update(probe);
      if (verifier.verify(sig)) {
        return;
      }
    } catch (GeneralSecurityException mismatch) {
      // e.g. an RSA key with an EC certificate: the same answer
    }
    throw new SecurityMaterialException(
        keyFile, "the private key does not match the certificate's public key");
  }

  private static X509ExtendedKeyManager keyManagerOf(
      List<X509Certificate> chain, PrivateKey key, Path keyFile) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      char[] none = new char[0];
      store.setKeyEntry("bsf", key, none, chain.toArray(X509Certificate[]::new));
      KeyManagerFactory f = KeyManagerFactory.getInstance("PKIX");
      f.init(store, none);
      return (X509ExtendedKeyManager) f.getKeyManagers()[0];
    } catch (GeneralSecurityException | java.io.IOException e) {
      throw new SecurityMaterialException(keyFile, "not usable for TLS: " + e.getMessage());
    }
  }

  private static X509ExtendedTrustManager trustManagerOf(Optional<Path> bundle) {
    try {
      TrustManagerFactory f = TrustManagerFactory.getInstance("PKIX");
      if (bundle.isEmpty()) {
        f.init((KeyStore) null);
      } else {
        List<X509Certificate> cas = parse(bundle.get(), Pem::certificates);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        for (int i = 0; i < cas.size(); i++) {
          store.setCertificateEntry("ca-" + i, cas.get(i));
        }
        f.init(store);
      }
      for (TrustManager tm : f.getTrustManagers()) {
        if (tm instanceof X509ExtendedTrustManager x) {
          return x;
        }
      }
      throw new IllegalStateException("no X509ExtendedTrustManager from PKIX");
    } catch (GeneralSecurityException | java.io.IOException e) {
      throw new SecurityMaterialException(
          bundle.orElse(Path.of("(default trust store)")),
          "not usable as trust: " + e.getMessage());
    }
  }

  /**
   * Delegates to the key manager of the latest generation; the aliases it hands out carry their
   * generation, so that the key and chain of one handshake always come from the same files.
   */
  private final class Keys extends X509ExtendedKeyManager {

    private String tag(int gen, String alias) {
      return alias == null ? null : gen + ":" + alias;
    }

    private X509ExtendedKeyManager of(String tagged) {
      int colon = tagged == null ? -1 : tagged.indexOf(':');
      if (colon < 0) {
        return null;
      }
      try {
        return keyManagers.get(Integer.parseInt(tagged.substring(0, colon)));
      } catch (NumberFormatException e) {
        return null;
      }
    }

    private String untag(String tagged) {
      return tagged.substring(tagged.indexOf(':') + 1);
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
      int gen = generation.get();
      return tag(gen, keyManagers.get(gen).chooseEngineServerAlias(keyType, issuers, engine));
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine e) {
      int gen = generation.get();
      return tag(gen, keyManagers.get(gen).chooseEngineClientAlias(keyType, issuers, e));
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      int gen = generation.get();
      return tag(gen, keyManagers.get(gen).chooseServerAlias(keyType, issuers, socket));
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      int gen = generation.get();
      return tag(gen, keyManagers.get(gen).chooseClientAlias(keyType, issuers, socket));
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      int gen = generation.get();
      String[] a = keyManagers.get(gen).getServerAliases(keyType, issuers);
      return a == null
          ? null
          : java.util.Arrays.stream(a).map(x -> tag(gen, x)).toArray(String[]::new);
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      int gen = generation.get();
      String[] a = keyManagers.get(gen).getClientAliases(keyType, issuers);
      return a == null
          ? null
          : java.util.Arrays.stream(a).map(x -> tag(gen, x)).toArray(String[]::new);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      X509ExtendedKeyManager km = of(alias);
      return km == null ? null : km.getCertificateChain(untag(alias));
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      X509ExtendedKeyManager km = of(alias);
      return km == null ? null : km.getPrivateKey(untag(alias));
    }
  }

  /** Delegates to the trust in force, and tells {@link #onPeerRefused} of every refusal. */
  private final class Trust extends X509ExtendedTrustManager {

    private interface Check {
      void run(X509ExtendedTrustManager tm) throws CertificateException;
    }

    private void check(Check c) throws CertificateException {
      try {
        c.run(trustDelegate);
      } catch (CertificateException e) {
        onPeerRefused.accept(e);
        throw e;
      }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      check(tm -> tm.checkClientTrusted(chain, authType, socket));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      check(tm -> tm.checkServerTrusted(chain, authType, socket));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      check(tm -> tm.checkClientTrusted(chain, authType, engine));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      check(tm -> tm.checkServerTrusted(chain, authType, engine));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      check(tm -> tm.checkClientTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      check(tm -> tm.checkServerTrusted(chain, authType));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return trustDelegate.getAcceptedIssuers();
    }
  }
}
