package org.gbabsf.server;

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
import java.util.Optional;
import java.util.function.Consumer;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.http.server.UbServer;
import org.gbabsf.netty.NettyTransport;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.server.admin.AdminRoutes;
import org.gbabsf.server.admin.AdminServer;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.security.Security;
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
  private final DiameterContext diameter; // null when neither Zh nor Zn is on
  private final MeterRegistry meterRegistry;
  private final SubscriberDirectory subscribers;
  private final HssClient hss;
  private final StoreContext stores;
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
      DiameterContext diameter,
      HssClient hss,
      StoreContext stores,
      Security security,
      SbaContext sba) {
    this.config = config;
    this.security = security;
    this.sba = sba;
    this.clock = clock;
    this.meterRegistry = meterRegistry;
    this.subscribers = subscribers;
    this.diameter = diameter;
    this.hss = hss;
    this.stores = stores;
    this.bootstrapping =
        new BootstrappingService(
            hss, stores.challenges(), stores.sessions(), policy(config), clock);
    this.ubServer =
        new UbServer(
            bootstrapping,
            ubSettings(config),
            meterRegistry,
            security.ub().map(t -> ServerTls.of(t.material(), t.events(), false)));
    this.readiness = new Readiness();
    if (diameter != null) {
      diameter.checks(readiness);
    }
    sba.checks(readiness);
    stores.checks(readiness);
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
            config.admin().listenAddress(),
            config.admin().port(),
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
    NettyTransport transport = NettyTransport.select(config.node().ioTransport());
    String why = NettyTransport.epollUnavailability();
    log.info(
        "I/O transport: {}{}",
        transport.name().toLowerCase(java.util.Locale.ROOT),
        why.isEmpty() ? "" : " (epoll is not available: " + why + ")");
    Clock clock = Clock.systemUTC();
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    DiameterContext diameter = null;
    StoreContext stores = null;
    SbaContext sba = null;
    Security security = Security.load(config, registry);
    try {
      SubscriberDirectory subscribers = subscriberDirectory(config);
      stores = StoreContext.create(config, security, clock, registry, onFatal);
      SessionStore sessions = stores.sessions();
      diameter = DiameterContext.create(config, security, sessions, clock, registry).orElse(null);
      sba = SbaContext.create(config, sessions, clock, registry, security);
      HssClient hss;
      if (diameter != null && diameter.zh().isPresent()) {
        hss = diameter.zh().get();
      } else if (SbaContext.hssOnSba(config)) {
        hss = sba.hssClient().orElseThrow();
      } else {
        hss = simulatedHss(config, subscribers);
      }
      return new BsfContext(
          config, clock, registry, subscribers, diameter, hss, stores, security, sba);
    } catch (RuntimeException e) {
      if (sba != null) {
        sba.close();
      }
      security.close();
      if (stores != null) {
        stores.close();
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
    Duration delay = config.ub().drainDelay();
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
    if (admin != null) {
      admin.close();
    }
    sba.close();
    stores.close(); // the hybrid store's held-back challenges written out first
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
    return stores.sessions();
  }

  /** The Ub use case. */
  public BootstrappingService bootstrapping() {
    return bootstrapping;
  }

  /** The Cassandra stores, when {@code store.type} is cassandra and once connected. */
  public Optional<CassandraStores> cassandra() {
    return stores.cassandra();
  }

  /** The challenge store in use (memory, Cassandra, local or hybrid). */
  public ChallengeStore challengeStore() {
    return stores.challenges();
  }

  static UbPolicy policy(BsfConfig c) {
    return new UbPolicy(
        c.node().name(),
        c.ub().realm(),
        c.ub().challengeValidity(),
        c.store().sessionMaxLifetime(),
        c.ub().maxFailures(),
        c.ub().failureWindow(),
        c.ub().hssTimeout(),
        c.ub().storeTimeout());
  }

  static UbServer.Settings ubSettings(BsfConfig c) {
    return new UbServer.Settings(
        c.ub().listenAddress(),
        c.ub().port(),
        c.ub().ioThreads(),
        c.ub().maxHeaderSize(),
        c.ub().maxInFlight(),
        c.ub().idleTimeout(),
        c.ub().retryAfter(),
        c.ub().sourceLimitRate(),
        c.ub().sourceLimitBurst(),
        c.ub().overloadMaxLag());
  }

  /** The subscribers simulators use: {@code hss.simulated.subscribers-csv} or a generated range. */
  public static SubscriberDirectory subscriberDirectory(BsfConfig c) {
    if (c.hss().simulatedSubscribersCsv().isPresent()) {
      Path csv = c.hss().simulatedSubscribersCsv().get();
      try {
        return CsvSubscriberDirectory.read(csv);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + csv, e);
      }
    }
    return new GeneratedSubscriberDirectory(
        c.hss().simulatedGeneratedCount(), c.hss().simulatedGeneratedDomain());
  }

  /** The Zh client, when {@code hss.type} is zh. */
  public Optional<ZhHssClient> zh() {
    return diameter == null ? Optional.empty() : diameter.zh();
  }

  private static HssClient simulatedHss(BsfConfig c, SubscriberDirectory directory) {
    return new SimulatedHss(
        directory,
        new SimulatedGuss(c.hss().simulatedGussLifetime(), c.hss().simulatedUss()),
        c.hss().simulatedDelay());
  }
}
