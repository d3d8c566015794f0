package org.gbabsf.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.store.Delays;
import org.gbabsf.core.store.HybridChallengeStore;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.store.RereadingSessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterNodeConfig.RealmRoute;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.RequestHandler;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zn.NafAdmission;
import org.gbabsf.diameter.zn.ZnHandler;
import org.gbabsf.diameter.zn.avp.ZnAvps;
import org.gbabsf.http.server.UbServer;
import org.gbabsf.netty.NettyTransport;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.server.admin.AdminRoutes;
import org.gbabsf.server.admin.AdminServer;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.SecurityConfigKeys;
import org.gbabsf.server.security.Security;
import org.gbabsf.store.cassandra.CassandraConnector;
import org.gbabsf.store.cassandra.CassandraSettings;
import org.gbabsf.store.cassandra.CassandraStores;

/**
 * The composition root: builds every component of a BSF from a validated {@link BsfConfig}, in
 * dependency order, without a DI framework, and owns their lifecycle. Like the Cassandra driver's
 * {@code DefaultDriverContext}, each component is created once here and handed to those that need
 * it; nothing else constructs adapters.
 */
public final class BsfContext implements AutoCloseable {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(BsfContext.class);

  private final BsfConfig config;
  private final Clock clock;
  private final CassandraConnector cassandra;
  private final DiameterNode diameter;
  private final ZhHssClient zh;
  private final MeterRegistry meterRegistry;
  private final SubscriberDirectory subscribers;
  private final HssClient hss;
  private final ChallengeStore challengeStore;
  private final SessionStore sessionStore;
  private final java.util.concurrent.ScheduledExecutorService storeDelays;
  private final BootstrappingService bootstrapping;
  private final UbServer ubServer;
  private final Readiness readiness;
  private final AdminServer admin;
  private final Security security;
  private final SbaContext sba;
  private volatile boolean ubStarted;
  private volatile boolean draining;
  private InetSocketAddress adminAddress;

  private BsfContext(
      BsfConfig config,
      Clock clock,
      MeterRegistry meterRegistry,
      SubscriberDirectory subscribers,
      DiameterNode diameter,
      ZhHssClient zh,
      HssClient hss,
      CassandraConnector cassandra,
      ChallengeStore challengeStore,
      SessionStore sessionStore,
      java.util.concurrent.ScheduledExecutorService storeDelays,
      Security security,
      SbaContext sba) {
    this.storeDelays = storeDelays;
    this.config = config;
    this.security = security;
    this.sba = sba;
    this.clock = clock;
    this.meterRegistry = meterRegistry;
    this.subscribers = subscribers;
    this.diameter = diameter;
    this.zh = zh;
    this.hss = hss;
    this.cassandra = cassandra;
    this.challengeStore = challengeStore;
    this.sessionStore = sessionStore;
    this.bootstrapping =
        new BootstrappingService(hss, challengeStore, sessionStore, policy(config), clock);
    this.ubServer =
        new UbServer(
            bootstrapping,
            ubSettings(config),
            meterRegistry,
            security.ub().map(t -> ServerTls.of(t.material(), t.events(), false)));
    this.readiness = new Readiness();
    if (zh != null) {
      String peers = config.zhPeers();
      readiness.check(
          "hss",
          zh::isAvailable,
          () -> java.util.Optional.of("no HSS peer connected (zh.peers " + peers + ")"));
    }
    sba.checks(readiness);
    if (cassandra != null) {
      readiness.check(
          "cassandra",
          cassandra::isAvailable,
          () -> cassandra.problem().or(() -> java.util.Optional.of("no node of the local DC up")));
    }
    readiness.check(
        "ub",
        () -> ubStarted && !draining,
        () -> java.util.Optional.of(draining ? "draining: shutting down" : "not listening"));
    this.admin =
        new AdminServer(
            new AdminRoutes(
                () ->
                    meterRegistry instanceof PrometheusMeterRegistry p
                        ? p.scrape()
                        : "# no Prometheus registry\n",
                readiness,
                security
                    .metricsToken()
                    .<java.util.function.Predicate<String>>map(t -> t::admits)
                    .orElse(authorization -> true)),
            config.adminListenAddress(),
            config.adminPort(),
            security.admin().map(t -> ServerTls.of(t.material(), t.events(), false)));
  }

  /**
   * Builds a BSF from {@code config} as {@link #create(BsfConfig, Consumer)}, with a fatal handler
   * that only logs (for tests and the demo).
   */
  public static BsfContext create(BsfConfig config) {
    return create(config, fatal -> log.error("{}", fatal.getMessage()));
  }

  /**
   * Builds a BSF from {@code config}: starts connecting to the HSS peers and to Cassandra as
   * configured, but does not serve Ub yet. Neither needs to be reachable: until they are, {@code
   * /ready} names them and Ub answers 503. If a step fails, what was already opened is closed.
   *
   * @param onFatal told, from another thread, of a problem found after startup that waiting will
   *     not mend (Cassandra refusing the credentials once it answers); the BSF should stop
   * @throws StartupFailure for a problem the operator must mend (taken port, unreadable file,
   *     refused credentials, missing keyspace)
   */
  public static BsfContext create(BsfConfig config, Consumer<StartupFailure> onFatal) {
    try {
      return build(config, onFatal);
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "startup").orElseThrow(() -> e);
    }
  }

  private static BsfContext build(BsfConfig config, Consumer<StartupFailure> onFatal) {
    NettyTransport transport = NettyTransport.select(config.ioTransport());
    String why = NettyTransport.epollUnavailability();
    log.info(
        "I/O transport: {}{}",
        transport.name().toLowerCase(java.util.Locale.ROOT),
        why.isEmpty() ? "" : " (epoll is not available: " + why + ")");
    Clock clock = Clock.systemUTC();
    java.util.concurrent.ScheduledExecutorService storeDelays = storeDelays();
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    DiameterNode diameter = null;
    CassandraConnector cassandra = null;
    SbaContext sba = null;
    Security security = Security.load(config, registry);
    try {
      SubscriberDirectory subscribers = subscriberDirectory(config);
      ChallengeStore challenges;
      SessionStore sessions;
      if (config.storeType().equals("cassandra")) {
        cassandra =
            CassandraConnector.start(
                cassandraSettings(config),
                security.cassandra(config),
                clock,
                registry,
                fatal -> onFatal.accept(StartupFailure.of(fatal)));
        sessions = rereading(cassandra.sessionStore(), config, storeDelays, registry);
        challenges = challengeStore(config, cassandra, storeDelays, clock, registry);
      } else {
        challenges = memoryChallenges(config, clock, registry);
        sessions = new InMemorySessionStore(config.storeMemoryMaxSessions(), clock);
        warnIfHeapTooSmall(config, Runtime.getRuntime().maxMemory());
      }
      boolean zhOn = config.hssType().equals("zh");
      if (zhOn || config.znEnabled()) {
        Map<DiameterNode.Serves, RequestHandler> handlers = new HashMap<>();
        if (config.znEnabled()) {
          handlers.put(
              new DiameterNode.Serves(
                  new AppId(BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID),
                  ZnAvps.BOOTSTRAPPING_INFO),
              new ZnHandler(
                  new KeyService(sessions, clock, config.ubStoreTimeout()),
                  ZnHandler.authorisation(
                      nafGroups(config), new org.gbabsf.core.zn.NafFqdnPolicy(config.znNafFqdns())),
                  config.diameterOriginHost(),
                  config.diameterOriginRealm(),
                  registry));
        }
        diameter =
            DiameterNode.start(
                diameterConfig(config)
                    .withTls(
                        security
                            .diameter()
                            .map(
                                t ->
                                    DiameterTls.of(
                                            t.material(),
                                            t.events(),
                                            config.get(SecurityConfigKeys.DIAMETER_TLS_PORT),
                                            config.get(SecurityConfigKeys.DIAMETER_TLS_PEERS))
                                        .withWildcards(
                                            config.get(
                                                SecurityConfigKeys
                                                    .DIAMETER_TLS_ALLOW_WILDCARD_CERTIFICATES)))
                            .orElse(DiameterTls.NONE)),
                handlers);
        for (String reason : DiameterNode.REFUSAL_REASONS) {
          FunctionCounter.builder(
                  "bsf.diameter.peers.refused", diameter, d -> d.refusedPeers(reason))
              .description("Connecting peers refused at CER, by reason")
              .tag("reason", reason)
              .register(registry);
        }
        DiameterMetrics.register(diameter, registry);
      }
      sba = SbaContext.create(config, sessions, clock, registry, security);
      ZhHssClient zh = null;
      HssClient hss;
      if (zhOn) {
        zh = new ZhHssClient(diameter, zhSettings(config), registry);
        hss = zh;
      } else if (SbaContext.hssOnSba(config)) {
        hss = sba.hssClient().orElseThrow();
      } else {
        hss = simulatedHss(config, subscribers);
      }
      return new BsfContext(
          config,
          clock,
          registry,
          subscribers,
          diameter,
          zh,
          hss,
          cassandra,
          challenges,
          sessions,
          storeDelays,
          security,
          sba);
    } catch (RuntimeException e) {
      storeDelays.shutdownNow();
      if (sba != null) {
        sba.close();
      }
      security.close();
      if (cassandra != null) {
        cassandra.close();
      }
      if (diameter != null) {
        diameter.close();
      }
      throw e;
    }
  }

  /** Starts the admin port and Ub; returns the Ub address. */
  public InetSocketAddress start() throws InterruptedException {
    try {
      adminAddress = admin.start();
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "admin").orElseThrow(() -> e);
    }
    try {
      sba.start();
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "SBI").orElseThrow(() -> e);
    }
    InetSocketAddress ub;
    try {
      ub = ubServer.start();
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "Ub").orElseThrow(() -> e);
    }
    ubStarted = true;
    return ub;
  }

  /** The bound admin address, once started. */
  public InetSocketAddress adminAddress() {
    return adminAddress;
  }

  /** What /ready reports. */
  public Readiness readiness() {
    return readiness;
  }

  /**
   * What SIGTERM does: the BSF deregisters from the NRF (if it registered, waiting at most {@code
   * nrf.timeout}), {@code /ready} answers 503 at once, Ub keeps serving for {@code ub.drain-delay}
   * with every answer closing its connection (so clients reconnect, through the load balancer, to
   * an instance still in rotation), then {@link #close()} stops the listener and gives requests in
   * flight up to {@link UbServer#DRAIN_TIMEOUT}. Blocks for the delay: call it from the shutdown
   * thread.
   */
  public void drainAndClose() {
    Duration delay = config.ubDrainDelay();
    boolean drain = ubStarted && !delay.isZero();
    long deadline = System.nanoTime() + delay.toNanos();
    if (drain) {
      draining = true; // /ready says 503 at once, before anything that may wait
      ubServer.drain();
      log.info(
          "Draining: /ready answers 503; Ub serves {} ms more, closing each connection after its"
              + " answer",
          delay.toMillis());
    }
    sba.leaveNrf(); // within the drain delay: NAFs stop finding this BSF while it still serves
    if (drain) {
      for (long left = deadline - System.nanoTime();
          left > 0;
          left = deadline - System.nanoTime()) {
        java.util.concurrent.locks.LockSupport.parkNanos(left);
      }
    }
    close();
  }

  /** Stops serving and frees every resource. Idempotent. */
  @Override
  public void close() {
    if (ubServer != null) {
      ubStarted = false;
      ubServer.close();
    }
    if (challengeStore instanceof HybridChallengeStore) {
      flushHybrid((HybridChallengeStore) challengeStore, config.ubStoreTimeout());
    }
    storeDelays.shutdownNow(); // no deferred write or re-read runs against a closed Cassandra
    if (admin != null) {
      admin.close();
    }
    sba.close();
    if (cassandra != null) {
      cassandra.close();
    }
    if (diameter != null) {
      diameter.close();
    }
    security.close();
  }

  /** Certificates, keys, the key ring and the {@link Security#reloadNow() reload} of them. */
  public Security security() {
    return security;
  }

  /** The bound SBI (Nbsp_GBA) address, once started, when {@code sbi.enabled}. */
  public Optional<InetSocketAddress> sbiAddress() {
    return sba.address();
  }

  /** The bound Ub address, once started. */
  public InetSocketAddress ubAddress() {
    return ubServer.address();
  }

  /** The configuration in force. */
  public BsfConfig config() {
    return config;
  }

  /** The clock every component uses. */
  public Clock clock() {
    return clock;
  }

  /** The meter registry. */
  public MeterRegistry meterRegistry() {
    return meterRegistry;
  }

  /** The subscriber directory of the simulated HSS (demo and tests). */
  public SubscriberDirectory subscribers() {
    return subscribers;
  }

  /** The session store NAF queries will read. */
  public SessionStore sessionStore() {
    return sessionStore;
  }

  /** The Ub use case. */
  public BootstrappingService bootstrapping() {
    return bootstrapping;
  }

  /** The Cassandra stores, when {@code store.type} is cassandra and once connected. */
  public Optional<CassandraStores> cassandra() {
    return cassandra == null ? Optional.empty() : cassandra.stores();
  }

  /** The challenge store in use (memory, Cassandra, local or hybrid). */
  public ChallengeStore challengeStore() {
    return challengeStore;
  }

  /** The driver settings {@code config} describes. */
  public static CassandraSettings cassandraSettings(BsfConfig c) {
    List<InetSocketAddress> points = new ArrayList<>();
    for (String point : c.cassandraContactPoints().split(",")) {
      String p = point.strip();
      int colon = p.lastIndexOf(':');
      points.add(
          new InetSocketAddress(p.substring(0, colon), Integer.parseInt(p.substring(colon + 1))));
    }
    return new CassandraSettings(
        points,
        c.cassandraLocalDatacenter(),
        c.cassandraKeyspace(),
        c.cassandraReplication(),
        c.cassandraConsistency(),
        c.cassandraRequestTimeout(),
        c.cassandraMaxRequestsInFlight(),
        c.cassandraMaxQueuedRequests(),
        c.cassandraSchemaCreate(),
        c.cassandraSessionByImpi(),
        c.ubChallengeValidity(),
        c.sessionMaxLifetime(),
        c.cassandraUsername(),
        Security.cassandraPassword(c),
        c.cassandraRemoteDcFailoverNodes());
  }

  private static ChallengeStore challengeStore(
      BsfConfig c,
      CassandraConnector cassandra,
      java.util.concurrent.ScheduledExecutorService delays,
      Clock clock,
      MeterRegistry registry) {
    switch (c.storeChallenges()) {
      case "cassandra":
        return cassandra.challengeStore();
      case "local":
        return memoryChallenges(c, clock, registry);
      default:
        HybridChallengeStore hybrid =
            new HybridChallengeStore(
                memoryChallenges(c, clock, registry),
                cassandra.challengeStore(),
                new HybridChallengeStore.Settings(
                    c.storeHybridWriteDelay(),
                    c.storeHybridMissWait(),
                    c.storeMemoryMaxChallenges()),
                Delays.on(delays));
        FunctionCounter.builder(
                "bsf.store.hybrid.takes", hybrid, HybridChallengeStore::lateSharedHits)
            .tag("from", "cassandra_reread")
            .description(
                "Challenges found in Cassandra on a later read: the answer reached this node"
                    + " before the issuing node's deferred write")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.writes", hybrid, HybridChallengeStore::writesMade)
            .tag("outcome", "written")
            .description("Challenges written to Cassandra (still pending after the write delay)")
            .register(registry);
        FunctionCounter.builder(
                "bsf.store.hybrid.writes", hybrid, HybridChallengeStore::writesSaved)
            .tag("outcome", "saved")
            .description("Challenges answered within the write delay: never written nor deleted")
            .register(registry);
        Gauge.builder("bsf.store.hybrid.unsettled", hybrid, HybridChallengeStore::unsettled)
            .description("Challenges held back from Cassandra, or being written, now")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.takes", hybrid, HybridChallengeStore::localHits)
            .tag("from", "local")
            .description("Challenges taken from this node's cache")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.takes", hybrid, HybridChallengeStore::sharedHits)
            .tag("from", "cassandra")
            .description("Challenges taken from Cassandra (the answer reached another node)")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.takes", hybrid, HybridChallengeStore::misses)
            .tag("from", "none")
            .description("Challenges found nowhere (a fresh 401 follows)")
            .register(registry);
        FunctionCounter.builder(
                "bsf.store.hybrid.background_failures",
                hybrid,
                HybridChallengeStore::sharedWriteFailures)
            .description("Background writes or deletes to Cassandra that failed")
            .register(registry);
        return hybrid;
    }
  }

  /**
   * The one thread of the stores' deferred writes and re-reads (hybrid challenges, session
   * lookups): its tasks only start asynchronous driver calls. Shut down by {@link #close()} after
   * the hybrid flush; idle, it ends after 10 s.
   */
  private static java.util.concurrent.ScheduledExecutorService storeDelays() {
    java.util.concurrent.ScheduledThreadPoolExecutor executor =
        new java.util.concurrent.ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "store-delays");
              t.setDaemon(true);
              return t;
            });
    executor.setKeepAliveTime(10, java.util.concurrent.TimeUnit.SECONDS);
    executor.allowCoreThreadTimeOut(true);
    executor.setRemoveOnCancelPolicy(true);
    return executor;
  }

  /**
   * Writes the challenges the hybrid store still holds back, so that UEs answering after this
   * instance is gone find them at another one; waits at most {@code budget}.
   */
  private static void flushHybrid(HybridChallengeStore hybrid, Duration budget) {
    try {
      hybrid.flush().toCompletableFuture().get(budget.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      log.warn(
          "Hybrid store: {} challenges not written to Cassandra within {} ms; their UEs get a"
              + " fresh 401 elsewhere",
          hybrid.unsettled(),
          budget.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("flush completes normally", e);
    }
  }

  /**
   * Sessions whose Zn/Nbsp lookups read Cassandra again for {@code cassandra.session-miss-wait}
   * after a miss, for B-TIDs another DC made a moment ago (docs/storage.md, Multi-DC).
   */
  private static SessionStore rereading(
      SessionStore sessions,
      BsfConfig c,
      java.util.concurrent.ScheduledExecutorService delays,
      MeterRegistry registry) {
    if (c.cassandraSessionMissWait().isZero()) {
      return sessions;
    }
    io.micrometer.core.instrument.Timer delay =
        io.micrometer.core.instrument.Timer.builder("bsf.store.session_reread_delay")
            .description(
                "Lookups found on a later read: time from the first miss to the read that found"
                    + " the session (the replication delay a NAF's lookup saw)")
            .publishPercentileHistogram()
            .register(registry);
    RereadingSessionStore store =
        new RereadingSessionStore(
            sessions,
            c.cassandraSessionMissWait(),
            Delays.on(delays),
            nanos -> delay.record(nanos, TimeUnit.NANOSECONDS));
    FunctionCounter.builder("bsf.store.session_rereads", store, RereadingSessionStore::found)
        .tag("outcome", "found")
        .description("Zn/Nbsp lookups that missed, then found the session on a later read")
        .register(registry);
    FunctionCounter.builder("bsf.store.session_rereads", store, RereadingSessionStore::missed)
        .tag("outcome", "missed")
        .description("Zn/Nbsp lookups that found no session on any read (the NAF is told unknown)")
        .register(registry);
    return store;
  }

  static UbPolicy policy(BsfConfig c) {
    return new UbPolicy(
        c.bsfName(),
        c.ubRealm(),
        c.ubChallengeValidity(),
        c.sessionMaxLifetime(),
        c.ubMaxFailures(),
        c.ubFailureWindow(),
        c.ubHssTimeout(),
        c.ubStoreTimeout());
  }

  static UbServer.Settings ubSettings(BsfConfig c) {
    return new UbServer.Settings(
        c.ubListenAddress(),
        c.ubPort(),
        c.ubIoThreads(),
        c.ubMaxHeaderSize(),
        c.ubMaxInFlight(),
        c.ubIdleTimeout(),
        c.ubRetryAfter(),
        c.ubSourceLimitRate(),
        c.ubSourceLimitBurst(),
        c.ubOverloadMaxLag());
  }

  /** The subscribers simulators use: {@code hss.simulated.subscribers-csv} or a generated range. */
  public static SubscriberDirectory subscriberDirectory(BsfConfig c) {
    if (c.hssSimulatedSubscribersCsv().isPresent()) {
      Path csv = c.hssSimulatedSubscribersCsv().get();
      try {
        return CsvSubscriberDirectory.read(csv);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + csv, e);
      }
    }
    return new GeneratedSubscriberDirectory(
        c.hssSimulatedGeneratedCount(), c.hssSimulatedGeneratedDomain());
  }

  /** The Zh client, when {@code hss.type} is zh. */
  public Optional<ZhHssClient> zh() {
    return Optional.ofNullable(zh);
  }

  /**
   * The Diameter node's configuration for {@code c}: Zh towards the configured HSS peers, and Zn
   * for NAFs, which connect to us (admitted by CER, answered only if listed in zn.nafs).
   */
  static DiameterNodeConfig diameterConfig(BsfConfig c) {
    AppId zhApp = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
    AppId znApp = new AppId(BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID);
    boolean zhOn = c.hssType().equals("zh");
    List<PeerConfig> peers = zhOn ? zhPeers(c) : List.of();
    List<AppId> apps = new ArrayList<>();
    if (zhOn) {
      apps.add(zhApp);
    }
    if (c.znEnabled()) {
      apps.add(znApp);
    }
    return new DiameterNodeConfig(
        c.diameterOriginHost(),
        c.diameterOriginRealm(),
        c.diameterListenAddress(),
        c.diameterListenPort(),
        "gba-bsf",
        apps,
        peers,
        zhOn
            ? List.of(
                new RealmRoute(
                    c.zhDestinationRealm(), peers.stream().map(PeerConfig::host).toList(), zhApp))
            : List.of(),
        (c.znEnabled() ? NafAdmission.of(nafGroups(c)) : PeerAdmission.peerTableOnly())
            .withSources(c.diameterPeerSources()),
        c.diameterWatchdogInterval(),
        c.diameterReconnectInterval(),
        c.diameterTcpNoDelay(),
        new DiameterNodeConfig.TransportLimits(
            c.diameterMaxMessageLength(),
            c.diameterCerTimeout(),
            c.diameterMaxPendingConnections(),
            c.diameterMaxPendingRequests()));
  }

  /**
   * The node-memory challenge store, which drops its oldest challenge when full (a flood of first
   * requests cannot deny real UEs), with its eviction counter.
   */
  static InMemoryChallengeStore memoryChallenges(BsfConfig c, Clock clock, MeterRegistry registry) {
    InMemoryChallengeStore store = new InMemoryChallengeStore(c.storeMemoryMaxChallenges(), clock);
    FunctionCounter.builder("bsf.store.challenges.evicted", store, InMemoryChallengeStore::evicted)
        .description("Live challenges dropped, oldest first, because the store was full")
        .register(registry);
    return store;
  }

  /** Measured heap per entry of the memory store (docs/benchmarks.md), rounded up. */
  static final long SESSION_BYTES = 1_100;

  /** Measured: 1.04 KB per challenge held (docs/benchmarks.md, first-request flood), rounded up. */
  static final long CHALLENGE_BYTES = 1_100;

  /**
   * Warns when the memory store's bounds do not fit in the heap: the store would run the JVM out of
   * memory before it reaches its bound and starts answering 503.
   *
   * @return true if it warned
   */
  static boolean warnIfHeapTooSmall(BsfConfig c, long maxHeap) {
    long needed =
        c.storeMemoryMaxSessions() * SESSION_BYTES + c.storeMemoryMaxChallenges() * CHALLENGE_BYTES;
    if (needed > maxHeap * 0.7) {
      log.warn(
          "store.memory: {} sessions and {} challenges need about {} MB of heap; the heap is {} MB."
              + " Lower store.memory.max-sessions or raise -Xmx (docs/operations.md)",
          c.storeMemoryMaxSessions(),
          c.storeMemoryMaxChallenges(),
          needed / 1_000_000,
          maxHeap / 1_000_000);
      return true;
    }
    return false;
  }

  /** The NAFs of {@code zn.nafs} and {@code zn.naf-realms}. */
  static org.gbabsf.core.zn.NafDirectory nafGroups(BsfConfig c) {
    return new org.gbabsf.core.zn.NafDirectory(c.znNafs(), c.znNafRealms());
  }

  /** {@code zh.peers} parsed, highest priority first. */
  static List<PeerConfig> zhPeers(BsfConfig c) {
    List<PeerConfig> peers = new ArrayList<>();
    for (String entry : c.zhPeers().split(",")) {
      String e = entry.strip();
      int eq = e.indexOf('=');
      String[] parts = e.substring(eq + 1).split(":");
      int priority = parts.length == 3 ? Integer.parseInt(parts[2]) : 1;
      peers.add(new PeerConfig(e.substring(0, eq), parts[0], Integer.parseInt(parts[1]), priority));
    }
    peers.sort(java.util.Comparator.comparingInt(PeerConfig::priority).reversed());
    return peers;
  }

  private static ZhHssClient.Settings zhSettings(BsfConfig c) {
    return new ZhHssClient.Settings(
        c.zhDestinationRealm(),
        zhPeers(c).stream().map(PeerConfig::host).toList(),
        c.zhRequestTimeout(),
        c.ubHssTimeout(),
        c.zhPeerBackoff(),
        c.zhPinDestinationHost(),
        c.zhGussCacheEntries(),
        c.zhGussCacheMaxAge());
  }

  private static HssClient simulatedHss(BsfConfig c, SubscriberDirectory directory) {
    return new SimulatedHss(
        directory,
        new SimulatedGuss(c.hssSimulatedGussLifetime(), c.hssSimulatedUss()),
        c.hssSimulatedDelay());
  }
}
