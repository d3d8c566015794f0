package org.gbabsf.server;

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
    if (c.nafProxy().routes().isEmpty()) {
      throw new ConfigException(
          List.of(
              "naf-proxy.routes: required by 'bsf naf-proxy' (host[/path]=http://address:port)"));
    }
    Routes routes = c.nafProxy().routes().get();
    this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    this.watch = new FileWatch(c.security().reloadInterval(), registry);
    Clock clock = Clock.systemUTC();
    PeerConfig peer = c.nafProxy().bsfPeer();
    this.bsfHost = peer.host();
    NafClient client = null;
    try {
      client =
          NafClient.start(
              c.nafProxy().originHost(),
              c.nafProxy().originRealm(),
              c.nafProxy().diameterAddress(),
              c.nafProxy().diameterPort(),
              bsfHost,
              peer.address(),
              peer.port(),
              c.nafProxy().bsfRealm(),
              znTls(c));
      this.zn = client;
      KeyCache keys =
          new KeyCache(
              new ZnKeySource(zn, c.nafProxy().znTimeout()), c.nafProxy().maxKeys(), clock);
      NonceBook nonces =
          new NonceBook(c.nafProxy().nonceValidity(), c.nafProxy().maxNonces(), clock);
      this.proxy =
          new NafProxyServer(
              new NafProxyServer.Settings(
                  c.nafProxy().listenAddress(),
                  c.nafProxy().port(),
                  c.nafProxy().ioThreads(),
                  c.nafProxy().maxBody(),
                  c.nafProxy().idleTimeout(),
                  c.nafProxy().retryAfter(),
                  c.nafProxy().forwardedFor().equals("append")),
              new UaAuthenticator(keys, nonces, clock),
              routes,
              new NafProxyMetrics(registry, keys, nonces),
              uaTls(c),
              c.nafProxy().upstreamConnectTimeout(),
              c.nafProxy().upstreamTimeout(),
              c.nafProxy().upstreamConnections());
      Readiness readiness =
          new Readiness()
              .check(
                  "bsf",
                  () -> zn.connected(bsfHost),
                  () -> Optional.of("no Zn connection to " + peer.describe()))
              .check("ua", () -> listening, () -> Optional.of("not listening"));
      Optional<TokenFile> token = c.admin().metricsTokenFile().map(TokenFile::load);
      token.ifPresent(watch::watch);
      this.admin =
          new AdminServer(
              new AdminRoutes(
                  registry::scrape,
                  readiness,
                  token
                      .<java.util.function.Predicate<String>>map(t -> t::admits)
                      .orElse(authorization -> true)),
              c.admin().listenAddress(),
              c.admin().port(),
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
    if (!c.nafProxy().tlsEnabled()) {
      return Optional.empty();
    }
    if (c.nafProxy().tlsCertificate().isEmpty() || c.nafProxy().tlsPrivateKey().isEmpty()) {
      throw new ConfigException(
          List.of(
              "naf-proxy.tls.certificate and naf-proxy.tls.private-key: required with"
                  + " naf-proxy.tls.enabled=true"));
    }
    TlsMaterial m =
        TlsMaterial.load(
            "naf-proxy-tls",
            TlsFiles.identity(
                c.nafProxy().tlsCertificate().get(), c.nafProxy().tlsPrivateKey().get()));
    watch.watch(m);
    return Optional.of(
        ServerTls.of(m, new TlsEvents("naf-proxy", registry).watchExpiry(m, registry), false));
  }

  private DiameterTls znTls(BsfConfig c) {
    if (c.nafProxy().diameterTlsCertificate().isEmpty()) {
      return DiameterTls.NONE;
    }
    TlsMaterial m =
        TlsMaterial.load(
            "naf-proxy-diameter-tls",
            new TlsFiles(
                c.nafProxy().diameterTlsCertificate(),
                c.nafProxy().diameterTlsPrivateKey(),
                c.nafProxy().diameterTlsTrust()));
    watch.watch(m);

    // The proxy only dials the one BSF it is configured with: a wildcard certificate there (the
    // BSF's pods) lets no NAF speak for another, so it names the BSF as it did before.
    return DiameterTls.of(
            m,
            new TlsEvents("zn", registry).watchExpiry(m, registry),
            0,
            Set.of(c.nafProxy().bsfPeer().host()),
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
