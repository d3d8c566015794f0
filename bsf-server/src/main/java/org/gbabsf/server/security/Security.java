package org.gbabsf.server.security;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Optional;
import java.util.concurrent.Future;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.gbabsf.core.seal.Sealer;
import org.gbabsf.security.FileWatch;
import org.gbabsf.security.KeyRingFile;
import org.gbabsf.security.SecureFiles;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;
import org.gbabsf.security.tls.TlsProfile;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.CassandraConfig;
import org.gbabsf.store.cassandra.CassandraSecurity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything that protects the BSF, built from the configuration at start-up: the TLS material of
 * each interface with its failure events, the key ring and the {@link Sealer}, the metrics token,
 * and the {@link FileWatch} that reloads them all. Reading fails the start-up at once, with one
 * line naming the file (exit 3 if it cannot be read, 7 if it is not usable); a reload that fails
 * later keeps what is in force.
 */
public final class Security implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Security.class);

  /** One interface's TLS: its material and its handshake events. */
  public record Tls(TlsMaterial material, TlsEvents events) {}

  private final FileWatch watch;
  private final Optional<Tls> ub;
  private final Optional<Tls> admin;
  private final Optional<Tls> diameter;
  private final Optional<Tls> cassandra;
  private final Optional<Tls> sbi;
  private final Optional<Tls> sbiClient;
  private final Optional<KeyRingFile> keyRing;
  private final Optional<TokenFile> metricsToken;
  private final Sealer sealer;

  private Security(BsfConfig c, MeterRegistry registry) {
    this.watch = new FileWatch(c.security().reloadInterval(), registry);
    try {
      this.ub =
          c.ub().tlsEnabled()
              ? Optional.of(
                  tls("ub", identity(c.ub().tlsCertificate(), c.ub().tlsPrivateKey()), registry))
              : Optional.empty();
      this.admin =
          c.admin().tlsEnabled()
              ? Optional.of(
                  tls(
                      "admin",
                      identity(c.admin().tlsCertificate(), c.admin().tlsPrivateKey()),
                      registry))
              : Optional.empty();
      this.diameter =
          c.diameter().tlsCertificate().isPresent()
              ? Optional.of(
                  tls(
                      "diameter",
                      new TlsFiles(
                          c.diameter().tlsCertificate(),
                          c.diameter().tlsPrivateKey(),
                          c.diameter().tlsTrust()),
                      registry))
              : Optional.empty();
      this.cassandra =
          c.cassandra().tlsEnabled()
              ? Optional.of(
                  tls(
                      "cassandra",
                      new TlsFiles(
                          c.cassandra().tlsCertificate(),
                          c.cassandra().tlsPrivateKey(),
                          c.cassandra().tlsTrust()),
                      registry,
                      OUTSIDE_NETTY))
              : Optional.empty();
      this.sbi =
          c.sbi().enabled() && c.sbi().tlsEnabled()
              ? Optional.of(
                  tls(
                      "sbi",
                      new TlsFiles(
                          c.sbi().tlsCertificate(), c.sbi().tlsPrivateKey(), c.sbi().tlsTrust()),
                      registry))
              : Optional.empty();
      this.sbiClient =
          sbiClientTls(c)
              ? Optional.of(
                  tls(
                      "sbi-client",
                      new TlsFiles(
                          c.sbiClient().tlsCertificate(),
                          c.sbiClient().tlsPrivateKey(),
                          c.sbiClient().tlsTrust()),
                      registry))
              : Optional.empty();
      this.keyRing = c.store().sealKeyRingFile().map(KeyRingFile::load);
      keyRing.ifPresent(watch::watch);
      this.metricsToken = c.admin().metricsTokenFile().map(TokenFile::load);
      metricsToken.ifPresent(watch::watch);
      if (metricsToken.isPresent() && admin.isEmpty()) {
        log.warn(
            "admin.metrics-token-file is set but the admin port is plain HTTP: the token travels"
                + " in clear; set admin.tls.enabled or keep admin.listen-address on loopback");
      }
    } catch (RuntimeException e) {
      watch.close();
      throw e;
    }
    boolean sealing = c.store().sealEnabled() && keyRing.isPresent();
    this.sealer = sealing ? Sealer.with(keyRing.get()::current) : Sealer.off();
    if (c.store().type().equals("cassandra")) {
      if (sealing) {
        log.info("Keys are sealed at rest: {}", keyRing.get().describe());
      } else {
        log.warn(
            "store.seal.enabled=false: Ks, XRES, CK and IK are written to Cassandra IN CLEAR;"
                + " anyone who can read the keyspace or its backups can derive every NAF's key"
                + " (docs/security.md)");
      }
    }
  }

  /**
   * Reads every file the configuration names.
   *
   * @throws java.io.UncheckedIOException if a file cannot be read
   * @throws org.gbabsf.security.SecurityMaterialException if a file is not usable
   */
  public static Security load(BsfConfig config, MeterRegistry registry) {
    return new Security(config, registry);
  }

  /** Netty's pipelines report failed handshakes themselves (HandshakeWatcher). */
  private static final boolean NETTY = false;

  /** The driver's handshakes are not in a pipeline of ours: the trust manager reports them. */
  private static final boolean OUTSIDE_NETTY = true;

  private Tls tls(String iface, TlsFiles files, MeterRegistry registry) {
    return tls(iface, files, registry, NETTY);
  }

  private Tls tls(String iface, TlsFiles files, MeterRegistry registry, boolean outsideNetty) {
    TlsMaterial m = TlsMaterial.load(iface + "-tls", files);
    TlsEvents events = new TlsEvents(iface, registry).watchExpiry(m, registry);
    if (outsideNetty) {
      // Counted here only, so that a Netty interface's failure is never counted twice.
      m.onPeerRefused(refusal -> events.failed(null, refusal));
    }
    watch.watch(m);
    log.info("TLS on {}: {}", iface, m.describe());
    return new Tls(m, events);
  }

  private static TlsFiles identity(Optional<Path> cert, Optional<Path> key) {
    return new TlsFiles(cert, key, Optional.empty());
  }

  /**
   * Whether the SBI client needs TLS: an https apiRoot, a client certificate configured, or an NRF
   * (itself, or the instances it lists, may be https).
   */
  private static boolean sbiClientTls(BsfConfig c) {
    java.util.List<java.net.URI> roots =
        c.hss().type().equals("n65")
            ? c.n65().instances()
            : c.hss().type().equals("udm") ? c.udm().instances() : java.util.List.of();
    return roots.stream().anyMatch(root -> "https".equals(root.getScheme()))
        || c.nrf().enabled()
        || c.sbiClient().tlsCertificate().isPresent()
            && !c.hss().type().equals("zh")
            && !c.hss().type().equals("simulated");
  }

  /** The SBI server's TLS, when {@code sbi.enabled} and {@code sbi.tls.enabled}. */
  public Optional<Tls> sbi() {
    return sbi;
  }

  /** The SBI client's TLS (toward N65/N68 instances and the NRF over https). */
  public Optional<Tls> sbiClient() {
    return sbiClient;
  }

  /** Ub's TLS, when {@code ub.tls.enabled}. */
  public Optional<Tls> ub() {
    return ub;
  }

  /** The admin port's TLS, when {@code admin.tls.enabled}. */
  public Optional<Tls> admin() {
    return admin;
  }

  /** The Diameter node's TLS, when {@code diameter.tls.certificate} is set. */
  public Optional<Tls> diameter() {
    return diameter;
  }

  /** The bearer token of {@code /metrics}, if one is required. */
  public Optional<TokenFile> metricsToken() {
    return metricsToken;
  }

  /** Seals stored keys (or stores them in clear with {@code store.seal.enabled=false}). */
  public Sealer sealer() {
    return sealer;
  }

  /**
   * The Cassandra password: {@code cassandra.password-file}'s content, else {@code
   * cassandra.password}.
   */
  public static String cassandraPassword(CassandraConfig c) {
    return c.passwordFile().map(SecureFiles::readSecret).orElse(c.password());
  }

  /** The stores' sealing and the driver's TLS. */
  public CassandraSecurity cassandra(CassandraConfig c) {
    if (cassandra.isEmpty()) {
      return CassandraSecurity.sealedBy(sealer);
    }
    TlsMaterial m = cassandra.get().material();
    try {
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(
          m.keyManager().map(k -> new KeyManager[] {k}).orElse(null),
          new TrustManager[] {m.trustManager()},
          null);
      return new CassandraSecurity(
          sealer,
          Optional.of(ctx),
          c.tlsHostnameVerification(),
          TlsProfile.PROTOCOLS,
          TlsProfile.CIPHER_SUITES);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("TLS context for Cassandra: " + e.getMessage(), e);
    }
  }

  /** Checks every watched file now (SIGHUP). */
  public Future<?> reloadNow() {
    log.info("Checking certificates, keys and the key ring for changes");
    return watch.checkNow();
  }

  /** Stops watching. */
  @Override
  public void close() {
    watch.close();
  }
}
