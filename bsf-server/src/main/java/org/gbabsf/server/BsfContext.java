package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.server.UbServer;
import org.gbabsf.server.config.BsfConfig;

/**
 * The composition root: builds every component of a BSF from a validated {@link BsfConfig}, in
 * dependency order, without a DI framework, and owns their lifecycle. Like the Cassandra driver's
 * {@code DefaultDriverContext}, each component is created once here and handed to those that need
 * it; nothing else constructs adapters.
 */
public final class BsfContext implements AutoCloseable {

  private final BsfConfig config;
  private final Clock clock;
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
    this.challengeStore = new InMemoryChallengeStore(config.storeMemoryMaxChallenges(), clock);
    this.sessionStore = new InMemorySessionStore(config.storeMemoryMaxSessions(), clock);
    this.bootstrapping =
        new BootstrappingService(hss, challengeStore, sessionStore, policy(config), clock);
    this.ubServer = new UbServer(bootstrapping, ubSettings(config), meterRegistry);
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
    ubServer.close();
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
