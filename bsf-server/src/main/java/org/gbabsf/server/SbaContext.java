package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.ssl.ClientAuth;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.sba.hss.HssApi;
import org.gbabsf.sba.hss.HssInstances;
import org.gbabsf.sba.hss.SbiHssClient;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.n65.N65Api;
import org.gbabsf.sba.n68.N68Api;
import org.gbabsf.sba.nbsp.NbspService;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.NrfKeys;
import org.gbabsf.sba.oauth.TokenSource;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.AanfConfig;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.HssConfig;
import org.gbabsf.server.config.N65Config;
import org.gbabsf.server.config.NbspConfig;
import org.gbabsf.server.config.NrfConfig;
import org.gbabsf.server.config.SbiClientConfig;
import org.gbabsf.server.config.SbiConfig;
import org.gbabsf.server.config.UbConfig;
import org.gbabsf.server.config.UdmConfig;
import org.gbabsf.server.security.Security;

/**
 * The 5G SBA part of a BSF (docs/sba.md), built from the {@code sbi.*}, {@code nbsp.*}, {@code
 * n65.*}, {@code udm.*}, {@code sbi.client.*} and {@code nrf.*} keys: the HSS over N65 or the UDM
 * over N68 when {@code hss.type} says so (its instances configured, or discovered at the NRF), the
 * Nbsp_GBA producer when {@code sbi.enabled} (with the AAnF's Naanf_AKMA routes of {@link
 * AanfContext} when {@code aanf.enabled}), and the NRF ({@link NrfContext}) when {@code
 * nrf.enabled}. {@link BsfContext} owns it.
 */
final class SbaContext implements AutoCloseable {

  /** The sections the SBA is built from, and nothing else of the configuration. */
  record Sections(
      SbiConfig sbi,
      SbiClientConfig sbiClient,
      NbspConfig nbsp,
      N65Config n65,
      UdmConfig udm,
      NrfConfig nrf,
      HssConfig hss,
      UbConfig ub,
      AanfConfig aanf) {
    /** The sections of {@code c}. */
    static Sections of(BsfConfig c) {
      return new Sections(
          c.sbi(), c.sbiClient(), c.nbsp(), c.n65(), c.udm(), c.nrf(), c.hss(), c.ub(), c.aanf());
    }
  }

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SbaContext.class);

  private final Optional<SbiClient> client;
  private final Optional<SbiHssClient> hss;
  private final Optional<SbiServer> server;
  private final Optional<NrfContext> nrf;
  private final boolean https;
  private volatile boolean listening;

  private SbaContext(
      Optional<SbiClient> client,
      Optional<SbiHssClient> hss,
      Optional<SbiServer> server,
      Optional<NrfContext> nrf,
      boolean https) {
    this.client = client;
    this.hss = hss;
    this.server = server;
    this.nrf = nrf;
    this.https = https;
  }

  /** True if {@code hss.type} is served by the SBA. */
  static boolean hssOnSba(HssConfig hss) {
    return hss.type().equals("n65") || hss.type().equals("udm");
  }

  /**
   * Builds what {@code c} asks for; starts connecting to the HSS/UDM instances (and discovering
   * them at the NRF).
   */
  static SbaContext create(
      Sections c,
      SessionStore sessions,
      Optional<SbiRoutes> aanf,
      Clock clock,
      MeterRegistry registry,
      Security security) {
    Optional<SbiClient> client = Optional.empty();
    Optional<SbiHssClient> hss = Optional.empty();
    Optional<NrfContext> nrf = Optional.empty();
    try {
      Optional<io.netty.handler.ssl.SslContext> clientTls =
          security
              .sbiClient()
              .map(t -> NettyTls.client(t.material(), true, protocols(c), List.of("h2")));
      nrf =
          NrfContext.create(
              new NrfContext.Sections(c.nrf(), c.sbi(), c.sbiClient(), c.hss(), c.aanf()),
              clock,
              registry,
              clientTls);
      if (hssOnSba(c.hss())) {
        boolean n65 = c.hss().type().equals("n65");
        List<URI> roots = n65 ? c.n65().instances() : c.udm().instances();
        HssInstances instances =
            nrf.isPresent() ? nrf.get().instances(n65, roots) : HssInstances.fixed(roots);
        TokenSource tokens = nrf.isPresent() ? nrf.get().tokens(n65) : TokenSource.none();
        SbiClientSettings s =
            new SbiClientSettings(
                c.hss().type(),
                1,
                c.sbiClient().connectionsPerOrigin(),
                100,
                c.sbiClient().connectTimeout(),
                MAX_ANSWER,
                c.sbiClient().maxRedirects(),
                instances::hasOrigin,
                java.time.Duration.ofSeconds(15),
                clientTls);
        SbiClient sbi = new SbiClient(s, registry);
        client = Optional.of(sbi);
        HssApi api =
            n65
                ? new N65Api(tokens)
                : new N68Api(
                    new SimulatedGuss(c.udm().defaultLifetime(), c.udm().defaultUss())::forUser,
                    tokens);
        SbiHssClient h =
            new SbiHssClient(
                sbi,
                api,
                new SbiHssClient.Settings(
                    instances,
                    c.sbiClient().requestTimeout(),
                    c.ub().hssTimeout(),
                    c.sbiClient().backoff()),
                registry);
        hss = Optional.of(h);
        h.start();
        if (nrf.isPresent() && nrf.get().discovery().isPresent()) {
          log.info(
              "HSS over {}: instances discovered at the NRF, then {}",
              api.name(),
              roots.isEmpty() ? "none configured" : "those configured " + roots);
        } else {
          log.info("HSS over {}: instances {}", api.name(), roots);
        }
      }
      return new SbaContext(
          client,
          hss,
          server(c, sessions, aanf, clock, registry, security),
          nrf,
          security.sbi().isPresent());
    } catch (RuntimeException e) {
      nrf.ifPresent(NrfContext::close);
      hss.ifPresent(SbiHssClient::close);
      client.ifPresent(SbiClient::close);
      throw e;
    }
  }

  /** The GUSS and vector answers of an HSS are small; anything larger is refused. */
  private static final int MAX_ANSWER = 64 * 1024;

  private static Optional<SbiServer> server(
      Sections c,
      SessionStore sessions,
      Optional<SbiRoutes> aanf,
      Clock clock,
      MeterRegistry registry,
      Security security) {
    if (!c.sbi().enabled()) {
      return Optional.empty();
    }
    NbspService nbsp =
        new NbspService(
            new KeyService(sessions, clock, c.ub().storeTimeout()),
            new NbspService.Settings(
                c.nbsp().nafs(),
                new NafFqdnPolicy(c.nbsp().nafFqdns()),
                c.nbsp().sendImpi(),
                c.sbi().retryAfter()),
            tokens(c, clock),
            clock,
            registry);
    return Optional.of(
        new SbiServer(
            aanf.map(nbsp.routes()::and).orElse(nbsp.routes()),
            new SbiServerSettings(
                "sbi",
                c.sbi().listenAddress(),
                c.sbi().port(),
                c.sbi().ioThreads(),
                c.sbi().maxBody(),
                16 * 1024,
                c.sbi().maxConcurrentStreams(),
                c.sbi().maxInFlight(),
                c.sbi().maxConnections(),
                c.sbi().requestTimeout(),
                c.sbi().idleTimeout(),
                c.sbi().retryAfter()),
            registry,
            security
                .sbi()
                .map(
                    t ->
                        new ServerTls(
                            NettyTls.server(
                                t.material(), clientAuth(c), protocols(c), List.of("h2")),
                            t.events()))));
  }

  private static Optional<AccessTokenVerifier> tokens(Sections c, Clock clock) {
    Optional<java.nio.file.Path> keys = c.nbsp().oauth2NrfKeys();
    if (keys.isEmpty()) {
      return Optional.empty();
    }
    try {
      NrfKeys nrf = NrfKeys.load(keys.get());
      log.info("Nbsp: access tokens required, signed by the NRF keys {}", nrf.kids());
      return Optional.of(
          AccessTokenVerifier.forNbspGba(
              nrf, c.nrf().nfInstanceId(), clock, c.nbsp().oauth2ClockSkew()));
    } catch (IOException e) {
      throw new UncheckedIOException("nbsp.oauth2.nrf-keys: cannot read " + keys.get(), e);
    }
  }

  private static ClientAuth clientAuth(Sections c) {
    return ClientAuth.valueOf(c.sbi().tlsClientAuth().toUpperCase(Locale.ROOT));
  }

  private static List<String> protocols(Sections c) {
    return c.sbi().tlsProtocols();
  }

  /** The HSS client, when {@code hss.type} is n65 or udm. */
  Optional<HssClient> hssClient() {
    return hss.map(h -> h);
  }

  /**
   * Adds the checks of {@code /ready}: an HSS instance reachable (configured or discovered), the
   * SBI listening; and the NRF's notes, which do not count (docs/sba.md, "NRF").
   */
  void checks(Readiness readiness) {
    hss.ifPresent(
        h ->
            readiness.check(
                "hss",
                h::isAvailable,
                () ->
                    Optional.of(
                        h.instances().isEmpty()
                            ? "no HSS/UDM instance known (none configured, none discovered at the"
                                + " NRF yet)"
                            : "no HSS/UDM instance reachable (" + h.instances() + ")")));
    if (server.isPresent()) {
      readiness.check("sbi", () -> listening, () -> Optional.of("not listening"));
    }
    nrf.ifPresent(n -> n.notes(readiness));
  }

  /**
   * Starts the SBI server, if any, then registers at the NRF (in the background) with the port it
   * listens on; returns its address.
   */
  Optional<InetSocketAddress> start() throws InterruptedException {
    if (server.isEmpty()) {
      return Optional.empty();
    }
    InetSocketAddress a = server.get().start();
    listening = true;
    nrf.ifPresent(n -> n.register(a.getPort(), https));
    return Optional.of(a);
  }

  /**
   * Deregisters from the NRF, if registered, so that it stops offering this BSF to NAFs; waits at
   * most {@code nrf.timeout}. The start of a shutdown; idempotent.
   */
  void leaveNrf() {
    nrf.ifPresent(NrfContext::deregister);
  }

  /** The SBI server's address, once started. */
  Optional<InetSocketAddress> address() {
    return server.filter(SbiServer::isListening).map(SbiServer::address);
  }

  /** Deregisters from the NRF, then stops serving Nbsp_GBA and closes the clients. */
  @Override
  public void close() {
    leaveNrf();
    listening = false;
    server.ifPresent(SbiServer::close);
    hss.ifPresent(SbiHssClient::close);
    client.ifPresent(SbiClient::close);
    nrf.ifPresent(NrfContext::close);
  }
}
