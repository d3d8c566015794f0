package org.gbabsf.server.security;

import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_METRICS_TOKEN_FILE;
import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_TLS_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_PASSWORD_FILE;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_HOSTNAME_VERIFICATION;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_TRUST;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_TRUST;
import static org.gbabsf.server.config.SecurityConfigKeys.SECURITY_RELOAD_INTERVAL;
import static org.gbabsf.server.config.SecurityConfigKeys.STORE_SEAL_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.STORE_SEAL_KEY_RING_FILE;
import static org.gbabsf.server.config.SecurityConfigKeys.UB_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.UB_TLS_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.UB_TLS_PRIVATE_KEY;

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
import org.gbabsf.server.config.NrfConfigKeys;
import org.gbabsf.server.config.SbaClientConfigKeys;
import org.gbabsf.server.config.SbaConfigKeys;
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
    this.watch = new FileWatch(c.get(SECURITY_RELOAD_INTERVAL), registry);
    try {
      this.ub =
          c.get(UB_TLS_ENABLED)
              ? Optional.of(
                  tls("ub", identity(c, UB_TLS_CERTIFICATE, UB_TLS_PRIVATE_KEY), registry))
              : Optional.empty();
      this.admin =
          c.get(ADMIN_TLS_ENABLED)
              ? Optional.of(
                  tls("admin", identity(c, ADMIN_TLS_CERTIFICATE, ADMIN_TLS_PRIVATE_KEY), registry))
              : Optional.empty();
      this.diameter =
          c.get(DIAMETER_TLS_CERTIFICATE).isPresent()
              ? Optional.of(
                  tls(
                      "diameter",
                      new TlsFiles(
                          c.get(DIAMETER_TLS_CERTIFICATE),
                          c.get(DIAMETER_TLS_PRIVATE_KEY),
                          c.get(DIAMETER_TLS_TRUST)),
                      registry))
              : Optional.empty();
      this.cassandra =
          c.get(CASSANDRA_TLS_ENABLED)
              ? Optional.of(
                  tls(
                      "cassandra",
                      new TlsFiles(
                          c.get(CASSANDRA_TLS_CERTIFICATE),
                          c.get(CASSANDRA_TLS_PRIVATE_KEY),
                          c.get(CASSANDRA_TLS_TRUST)),
                      registry,
                      OUTSIDE_NETTY))
              : Optional.empty();
      this.sbi =
          c.get(SbaConfigKeys.SBI_ENABLED) && c.get(SbaConfigKeys.SBI_TLS_ENABLED)
              ? Optional.of(
                  tls(
                      "sbi",
                      new TlsFiles(
                          c.get(SbaConfigKeys.SBI_TLS_CERTIFICATE),
                          c.get(SbaConfigKeys.SBI_TLS_PRIVATE_KEY),
                          c.get(SbaConfigKeys.SBI_TLS_TRUST)),
                      registry))
              : Optional.empty();
      this.sbiClient =
          sbiClientTls(c)
              ? Optional.of(
                  tls(
                      "sbi-client",
                      new TlsFiles(
                          c.get(SbaClientConfigKeys.SBI_CLIENT_TLS_CERTIFICATE),
                          c.get(SbaClientConfigKeys.SBI_CLIENT_TLS_PRIVATE_KEY),
                          c.get(SbaClientConfigKeys.SBI_CLIENT_TLS_TRUST)),
                      registry))
              : Optional.empty();
      this.keyRing = c.get(STORE_SEAL_KEY_RING_FILE).map(KeyRingFile::load);
      keyRing.ifPresent(watch::watch);
      this.metricsToken = c.get(ADMIN_METRICS_TOKEN_FILE).map(TokenFile::load);
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
    boolean sealing = c.get(STORE_SEAL_ENABLED) && keyRing.isPresent();
    this.sealer = sealing ? Sealer.with(keyRing.get()::current) : Sealer.off();
    if (c.storeType().equals("cassandra")) {
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

  private static TlsFiles identity(
      BsfConfig c,
      org.gbabsf.server.config.ConfigKey<Optional<Path>> cert,
      org.gbabsf.server.config.ConfigKey<Optional<Path>> key) {
    return new TlsFiles(c.get(cert), c.get(key), Optional.empty());
  }

  /**
   * Whether the SBI client needs TLS: an https apiRoot, a client certificate configured, or an NRF
   * (itself, or the instances it lists, may be https).
   */
  private static boolean sbiClientTls(BsfConfig c) {
    java.util.List<java.net.URI> roots =
        c.hssType().equals("n65")
            ? c.get(SbaClientConfigKeys.N65_INSTANCES)
            : c.hssType().equals("udm")
                ? c.get(SbaClientConfigKeys.UDM_INSTANCES)
                : java.util.List.of();
    return roots.stream().anyMatch(root -> "https".equals(root.getScheme()))
        || c.get(NrfConfigKeys.NRF_ENABLED)
        || c.get(SbaClientConfigKeys.SBI_CLIENT_TLS_CERTIFICATE).isPresent()
            && !c.hssType().equals("zh")
            && !c.hssType().equals("simulated");
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
  public static String cassandraPassword(BsfConfig c) {
    return c.get(CASSANDRA_PASSWORD_FILE)
        .map(SecureFiles::readSecret)
        .orElse(c.cassandraPassword());
  }

  /** The stores' sealing and the driver's TLS. */
  public CassandraSecurity cassandra(BsfConfig c) {
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
          c.get(CASSANDRA_TLS_HOSTNAME_VERIFICATION),
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
