package org.gbabsf.server;

import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.naf.AanfKeySource;
import org.gbabsf.naf.KeyCache;
import org.gbabsf.naf.NafProxyMetrics;
import org.gbabsf.naf.NafProxyServer;
import org.gbabsf.naf.NonceBook;
import org.gbabsf.naf.Routes;
import org.gbabsf.naf.UaAuthenticator;
import org.gbabsf.naf.UaProtocol;
import org.gbabsf.naf.ZnKeySource;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.security.FileWatch;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;
import org.gbabsf.security.tls.TlsProfile;
import org.gbabsf.server.admin.AdminRoutes;
import org.gbabsf.server.admin.AdminServer;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.ConfigException;
import org.gbabsf.server.security.TokenFile;

/**
 * The composition root of {@code bsf naf-proxy}: the GBA authentication proxy (docs/naf-proxy.md)
 * built from the {@code naf-proxy.*} keys (and {@code admin.*}), with its Zn client to the BSF, its
 * key cache, nonces, Ua listener and admin port; with {@code naf-proxy.akma.enabled} also an AKMA
 * AF, with its Naanf client to the AAnF and a K_AF cache; owns their lifecycle.
 */
public final class NafProxyContext implements AutoCloseable {

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(NafProxyContext.class);

  private final BsfConfig config;
  private final PrometheusMeterRegistry registry;
  private final FileWatch watch;
  private final NafClient zn;
  private final Optional<SbiClient> naanf;
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
    if (c.nafProxy().akma().enabled()) {
      checkAkma(c, routes); // before anything is opened
    }
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
    SbiClient sbi = null;
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
      Optional<KeyCache> afKeys = Optional.empty();
      Optional<UaAuthenticator.Akma> akma = Optional.empty();
      if (c.nafProxy().akma().enabled()) {
        sbi = new SbiClient(naanfSettings(c), registry);
        KeyCache cache =
            new KeyCache(
                new AanfKeySource(naanf(c, sbi), c.nafProxy().akma().assertSupi()),
                c.nafProxy().maxKeys(),
                clock);
        afKeys = Optional.of(cache);
        akma =
            Optional.of(
                new UaAuthenticator.Akma(
                    cache,
                    new UaProtocol(Hex.decode(c.nafProxy().akma().uaProtocol())),
                    c.nafProxy().akma().hosts(),
                    c.nafProxy().akma().prefer().equals("akma")));
      }
      this.naanf = Optional.ofNullable(sbi);
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
              new UaAuthenticator(keys, akma, nonces, clock),
              routes,
              new NafProxyMetrics(registry, keys, afKeys, nonces),
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
      naanf.ifPresent(
          n -> {
            URI root = c.nafProxy().akma().aanfApiRoot().orElseThrow();
            // A note, not a check: without the AAnF, GBA is still served and AKMA UEs get 503.
            readiness.note(
                "aanf",
                () ->
                    n.isConnected(root)
                        ? "connected to " + root
                        : "no connection to " + root + " (opened at the next AKMA request)");
          });
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
      if (sbi != null) {
        sbi.close();
      }
      if (client != null) {
        client.close();
      }
      watch.close();
      throw e;
    }
  }

  /**
   * What AKMA needs (docs/naf-proxy.md): the TLS listener (TS 24.109 Annex K.2: Ua* runs over TLS),
   * the AAnF's apiRoot, a way to be known to it (a token or a client certificate), hosts among the
   * routes'.
   */
  private static void checkAkma(BsfConfig c, Routes routes) {
    List<String> problems = new java.util.ArrayList<>();
    if (!c.nafProxy().tlsEnabled()) {
      problems.add(
          "naf-proxy.akma.enabled: needs naf-proxy.tls.enabled=true (AKMA's Ua* runs over TLS"
              + " only, TS 24.109 Annex K.2)");
    }
    if (c.nafProxy().akma().aanfApiRoot().isEmpty()) {
      problems.add("naf-proxy.akma.aanf-api-root: required with naf-proxy.akma.enabled=true");
    }
    if (c.nafProxy().akma().tokenFile().isEmpty()
        && c.nafProxy().akma().tlsCertificate().isEmpty()) {
      problems.add(
          "naf-proxy.akma.token-file or naf-proxy.akma.tls.certificate: one is required with"
              + " naf-proxy.akma.enabled=true (the AAnF knows its AFs by access token or client"
              + " certificate)");
    }
    if (c.nafProxy().akma().tlsCertificate().isPresent()
        != c.nafProxy().akma().tlsPrivateKey().isPresent()) {
      problems.add(
          "naf-proxy.akma.tls.certificate and naf-proxy.akma.tls.private-key: set both or"
              + " neither");
    }
    boolean https =
        c.nafProxy().akma().aanfApiRoot().map(u -> "https".equals(u.getScheme())).orElse(false);
    if (!https
        && (c.nafProxy().akma().tlsCertificate().isPresent()
            || c.nafProxy().akma().tlsTrust().isPresent())) {
      problems.add("naf-proxy.akma.tls.*: only with an https naf-proxy.akma.aanf-api-root");
    }
    Set<String> routeHosts =
        routes.all().stream().map(Routes.Route::host).collect(java.util.stream.Collectors.toSet());
    for (String host : c.nafProxy().akma().hosts()) {
      if (!routeHosts.contains(host)) {
        problems.add("naf-proxy.akma.hosts: '" + host + "' is not a host of naf-proxy.routes");
      }
    }
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
    if (!https && c.nafProxy().akma().tokenFile().isPresent()) {
      log.warn(
          "naf-proxy.akma.token-file is sent to an http AAnF: the token travels in clear; use an"
              + " https naf-proxy.akma.aanf-api-root outside a trusted network");
    }
  }

  /** The Naanf client's settings: h2c, or h2 over TLS with the akma.tls.* material. */
  private SbiClientSettings naanfSettings(BsfConfig c) {
    SbiClientSettings s = SbiClientSettings.defaults("naanf");
    URI root = c.nafProxy().akma().aanfApiRoot().orElseThrow();
    if (!"https".equals(root.getScheme())) {
      return s;
    }
    TlsMaterial m =
        TlsMaterial.load(
            "naf-proxy-akma-tls",
            new TlsFiles(
                c.nafProxy().akma().tlsCertificate(),
                c.nafProxy().akma().tlsPrivateKey(),
                c.nafProxy().akma().tlsTrust()));
    watch.watch(m);
    return s.withTls(NettyTls.client(m, true, TlsProfile.PROTOCOLS, List.of("h2")));
  }

  /**
   * Naanf_AKMA_ApplicationKey_Get at the AAnF, with the token of the moment (the file is reloaded
   * when it changes, so each request takes the current one).
   */
  private AanfKeySource.Naanf naanf(BsfConfig c, SbiClient sbi) {
    URI root = c.nafProxy().akma().aanfApiRoot().orElseThrow();
    Duration timeout = c.nafProxy().akma().timeout();
    Optional<TokenFile> token =
        c.nafProxy().akma().tokenFile().map(f -> TokenFile.load("naf-proxy-akma-token", f));
    token.ifPresent(watch::watch);
    return request ->
        new NaanfClient(sbi, root, token.map(TokenFile::value), timeout).retrieve(request);
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
    // the first AKMA UE need not wait for the connection (nor the note say it is down)
    naanf.ifPresent(n -> n.connect(config.nafProxy().akma().aanfApiRoot().orElseThrow()));
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
    naanf.ifPresent(SbiClient::close);
    zn.close();
    watch.close();
  }
}
