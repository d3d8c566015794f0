package org.gbabsf.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.store.HybridChallengeStore;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.server.UbServer;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.store.cassandra.CassandraSettings;
import org.gbabsf.store.cassandra.CassandraStores;

/**
 * The composition root: builds every component of a BSF from a validated {@link BsfConfig}, in
 * dependency order, without a DI framework, and owns their lifecycle. Like the Cassandra driver's
 * {@code DefaultDriverContext}, each component is created once here and handed to those that need
 * it; nothing else constructs adapters.
 */
public final class BsfContext implements AutoCloseable {

  private final BsfConfig config;
  private final Clock clock;
  private final CassandraStores cassandra;
  private final MeterRegistry meterRegistry;
  private final SubscriberDirectory subscribers;
  private final HssClient hss;
  private final ChallengeStore challengeStore;
  private final SessionStore sessionStore;
  private final BootstrappingService bootstrapping;
  private final UbServer ubServer;

  private BsfContext(BsfConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
    this.meterRegistry = new SimpleMeterRegistry();
    this.subscribers = subscriberDirectory(config);
    this.hss = hssClient(config, subscribers);
    if (config.storeType().equals("cassandra")) {
      this.cassandra = CassandraStores.connect(cassandraSettings(config), clock, meterRegistry);
      this.sessionStore = cassandra.sessionStore();
      this.challengeStore = challengeStore(config, cassandra, clock, meterRegistry);
    } else {
      this.cassandra = null;
      this.challengeStore = new InMemoryChallengeStore(config.storeMemoryMaxChallenges(), clock);
      this.sessionStore = new InMemorySessionStore(config.storeMemoryMaxSessions(), clock);
    }
    try {
      this.bootstrapping =
          new BootstrappingService(hss, challengeStore, sessionStore, policy(config), clock);
      this.ubServer = new UbServer(bootstrapping, ubSettings(config), meterRegistry);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** Builds (but does not start) a BSF from {@code config}. */
  public static BsfContext create(BsfConfig config) {
    return new BsfContext(config, Clock.systemUTC());
  }

  /** Starts serving Ub; returns the bound address. */
  public InetSocketAddress start() throws InterruptedException {
    return ubServer.start();
  }

  /** Stops serving and frees every resource. Idempotent. */
  @Override
  public void close() {
    if (ubServer != null) {
      ubServer.close();
    }
    if (cassandra != null) {
      cassandra.close();
    }
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

  /** The Cassandra stores, when {@code store.type} is cassandra. */
  public Optional<CassandraStores> cassandra() {
    return Optional.ofNullable(cassandra);
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
        c.cassandraPassword());
  }

  private static ChallengeStore challengeStore(
      BsfConfig c, CassandraStores cassandra, Clock clock, MeterRegistry registry) {
    switch (c.storeChallenges()) {
      case "cassandra":
        return cassandra.challengeStore();
      case "local":
        return new InMemoryChallengeStore(c.storeMemoryMaxChallenges(), clock);
      default:
        HybridChallengeStore hybrid =
            new HybridChallengeStore(
                new InMemoryChallengeStore(c.storeMemoryMaxChallenges(), clock),
                cassandra.challengeStore());
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
        c.ubRetryAfter());
  }

  private static SubscriberDirectory subscriberDirectory(BsfConfig c) {
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

  private static HssClient hssClient(BsfConfig c, SubscriberDirectory directory) {
    return new SimulatedHss(
        directory, new SimulatedGuss(c.hssSimulatedGussLifetime()), c.hssSimulatedDelay());
  }
}
