package org.gbabsf.server;

import static org.gbabsf.server.config.NafProxyConfigKeys.BSF_PEER;
import static org.gbabsf.server.config.NafProxyConfigKeys.BSF_REALM;
import static org.gbabsf.server.config.NafProxyConfigKeys.DIAMETER_ADDRESS;
import static org.gbabsf.server.config.NafProxyConfigKeys.DIAMETER_PORT;
import static org.gbabsf.server.config.NafProxyConfigKeys.DIAMETER_TLS_CERTIFICATE;
import static org.gbabsf.server.config.NafProxyConfigKeys.DIAMETER_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.NafProxyConfigKeys.DIAMETER_TLS_TRUST;
import static org.gbabsf.server.config.NafProxyConfigKeys.FORWARDED_FOR;
import static org.gbabsf.server.config.NafProxyConfigKeys.IDLE_TIMEOUT;
import static org.gbabsf.server.config.NafProxyConfigKeys.IO_THREADS;
import static org.gbabsf.server.config.NafProxyConfigKeys.LISTEN_ADDRESS;
import static org.gbabsf.server.config.NafProxyConfigKeys.MAX_BODY;
import static org.gbabsf.server.config.NafProxyConfigKeys.MAX_KEYS;
import static org.gbabsf.server.config.NafProxyConfigKeys.MAX_NONCES;
import static org.gbabsf.server.config.NafProxyConfigKeys.NONCE_VALIDITY;
import static org.gbabsf.server.config.NafProxyConfigKeys.ORIGIN_HOST;
import static org.gbabsf.server.config.NafProxyConfigKeys.ORIGIN_REALM;
import static org.gbabsf.server.config.NafProxyConfigKeys.PORT;
import static org.gbabsf.server.config.NafProxyConfigKeys.RETRY_AFTER;
import static org.gbabsf.server.config.NafProxyConfigKeys.ROUTES;
import static org.gbabsf.server.config.NafProxyConfigKeys.TLS_CERTIFICATE;
import static org.gbabsf.server.config.NafProxyConfigKeys.TLS_ENABLED;
import static org.gbabsf.server.config.NafProxyConfigKeys.TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.NafProxyConfigKeys.UPSTREAM_CONNECTIONS;
import static org.gbabsf.server.config.NafProxyConfigKeys.UPSTREAM_CONNECT_TIMEOUT;
import static org.gbabsf.server.config.NafProxyConfigKeys.UPSTREAM_TIMEOUT;
import static org.gbabsf.server.config.NafProxyConfigKeys.ZN_TIMEOUT;
import static org.gbabsf.server.config.SecurityConfigKeys.SECURITY_RELOAD_INTERVAL;

import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.naf.KeyCache;
import org.gbabsf.naf.NafProxyMetrics;
import org.gbabsf.naf.NafProxyServer;
import org.gbabsf.naf.NonceBook;
import org.gbabsf.naf.Routes;
import org.gbabsf.naf.UaAuthenticator;
import org.gbabsf.naf.ZnKeySource;
import org.gbabsf.security.FileWatch;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;
import org.gbabsf.server.admin.AdminRoutes;
import org.gbabsf.server.admin.AdminServer;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.ConfigException;
import org.gbabsf.server.security.TokenFile;

/**
 * The composition root of {@code bsf naf-proxy}: the GBA authentication proxy (docs/naf-proxy.md)
 * built from the {@code naf-proxy.*} keys (and {@code admin.*}), with its Zn client to the BSF, its
 * key cache, nonces, Ua listener and admin port; owns their lifecycle.
 */
public final class NafProxyContext implements AutoCloseable {

  private final BsfConfig config;
  private final PrometheusMeterRegistry registry;
  private final FileWatch watch;
  private final NafClient zn;
  private final NafProxyServer proxy;
  private final AdminServer admin;
  private final String bsfHost;
  private volatile boolean listening;
  private InetSocketAddress adminAddress;

  private NafProxyContext(BsfConfig c) {
    this.config = c;
    if (c.get(ROUTES).isEmpty()) {
      throw new ConfigException(
          List.of(
              "naf-proxy.routes: required by 'bsf naf-proxy' (host[/path]=http://address:port)"));
    }
    Routes routes = c.get(ROUTES).get();
    this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    this.watch = new FileWatch(c.get(SECURITY_RELOAD_INTERVAL), registry);
    Clock clock = Clock.systemUTC();
    PeerConfig peer = c.get(BSF_PEER);
    this.bsfHost = peer.host();
    NafClient client = null;
    try {
      client =
          NafClient.start(
              c.get(ORIGIN_HOST),
              c.get(ORIGIN_REALM),
              c.get(DIAMETER_ADDRESS),
              c.get(DIAMETER_PORT),
              bsfHost,
              peer.address(),
              peer.port(),
              c.get(BSF_REALM),
              znTls(c));
      this.zn = client;
      KeyCache keys = new KeyCache(new ZnKeySource(zn, c.get(ZN_TIMEOUT)), c.get(MAX_KEYS), clock);
      NonceBook nonces = new NonceBook(c.get(NONCE_VALIDITY), c.get(MAX_NONCES), clock);
      this.proxy =
          new NafProxyServer(
              new NafProxyServer.Settings(
                  c.get(LISTEN_ADDRESS),
                  c.get(PORT),
                  c.get(IO_THREADS),
                  c.get(MAX_BODY),
                  c.get(IDLE_TIMEOUT),
                  c.get(RETRY_AFTER),
                  c.get(FORWARDED_FOR).equals("append")),
              new UaAuthenticator(keys, nonces, clock),
              routes,
              new NafProxyMetrics(registry, keys, nonces),
              uaTls(c),
              c.get(UPSTREAM_CONNECT_TIMEOUT),
              c.get(UPSTREAM_TIMEOUT),
              c.get(UPSTREAM_CONNECTIONS));
      Readiness readiness =
          new Readiness()
              .check(
                  "bsf",
                  () -> zn.connected(bsfHost),
                  () ->
                      Optional.of(
                          "no Zn connection to "
                              + bsfHost
                              + "="
                              + peer.address()
                              + ":"
                              + peer.port()))
              .check("ua", () -> listening, () -> Optional.of("not listening"));
      Optional<TokenFile> token =
          c.get(org.gbabsf.server.config.SecurityConfigKeys.ADMIN_METRICS_TOKEN_FILE)
              .map(TokenFile::load);
      token.ifPresent(watch::watch);
      this.admin =
          new AdminServer(
              new AdminRoutes(
                  registry::scrape,
                  readiness,
                  token
                      .<java.util.function.Predicate<String>>map(t -> t::admits)
                      .orElse(authorization -> true)),
              c.adminListenAddress(),
              c.adminPort(),
              Optional.empty());
    } catch (RuntimeException e) {
      if (client != null) {
        client.close();
      }
      watch.close();
      throw e;
    }
  }

  /** Builds the proxy from {@code config}; connects to the BSF in the background. */
  public static NafProxyContext create(BsfConfig config) {
    try {
      return new NafProxyContext(config);
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "NAF proxy").orElseThrow(() -> e);
    }
  }

  private Optional<ServerTls> uaTls(BsfConfig c) {
    if (!c.get(TLS_ENABLED)) {
      return Optional.empty();
    }
    if (c.get(TLS_CERTIFICATE).isEmpty() || c.get(TLS_PRIVATE_KEY).isEmpty()) {
      throw new ConfigException(
          List.of(
              "naf-proxy.tls.certificate and naf-proxy.tls.private-key: required with"
                  + " naf-proxy.tls.enabled=true"));
    }
    TlsMaterial m =
        TlsMaterial.load(
            "naf-proxy-tls",
            TlsFiles.identity(c.get(TLS_CERTIFICATE).get(), c.get(TLS_PRIVATE_KEY).get()));
    watch.watch(m);
    return Optional.of(
        ServerTls.of(m, new TlsEvents("naf-proxy", registry).watchExpiry(m, registry), false));
  }

  private DiameterTls znTls(BsfConfig c) {
    if (c.get(DIAMETER_TLS_CERTIFICATE).isEmpty()) {
      return DiameterTls.NONE;
    }
    TlsMaterial m =
        TlsMaterial.load(
            "naf-proxy-diameter-tls",
            new TlsFiles(
                c.get(DIAMETER_TLS_CERTIFICATE),
                c.get(DIAMETER_TLS_PRIVATE_KEY),
                c.get(DIAMETER_TLS_TRUST)));
    watch.watch(m);

    // The proxy only dials the one BSF it is configured with: a wildcard certificate there (the
    // BSF's pods) lets no NAF speak for another, so it names the BSF as it did before.
    return DiameterTls.of(
            m,
            new TlsEvents("zn", registry).watchExpiry(m, registry),
            0,
            Set.of(c.get(BSF_PEER).host()),
            false)
        .withWildcards(true);
  }

  /** Starts the admin port and the Ua listener; returns the Ua address. */
  public InetSocketAddress start() throws InterruptedException {
    adminAddress = admin.start();
    InetSocketAddress ua = proxy.start();
    listening = true;
    return ua;
  }

  /** The admin address, once started. */
  public InetSocketAddress adminAddress() {
    return adminAddress;
  }

  /** True once the Zn connection to the BSF is open. */
  public boolean connectedToBsf() {
    return zn.connected(bsfHost);
  }

  /** The meters. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /** The configuration in force. */
  public BsfConfig config() {
    return config;
  }

  /** Reloads changed certificate, key and token files now (SIGHUP). */
  public void reloadNow() {
    watch.checkNow();
  }

  @Override
  public void close() {
    listening = false;
    proxy.close();
    admin.close();
    zn.close();
    watch.close();
  }
}
