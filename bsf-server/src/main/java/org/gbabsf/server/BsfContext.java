package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.netty.NettyTransport;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.security.Security;
import org.gbabsf.store.cassandra.CassandraStores;

/**
 * The composition root: orders the assemblies of one BSF, each built from its own section of a
 * validated {@link BsfConfig}, and owns their lifecycle. Security (TLS material, key ring) and
 * admin (registry, readiness) come first; then the stores, Diameter (Zh/Zn), the SBA (Nbsp, N65,
 * N68, NRF), and Ub over whichever HSS {@code hss.type} names. Like the Cassandra driver's {@code
 * DefaultDriverContext}, each component is created once and handed to those that need it.
 */
public final class BsfContext implements AutoCloseable {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(BsfContext.class);

  private final Assemblies parts;
  private InetSocketAddress adminAddress;

  private BsfContext(Assemblies parts) {
    this.parts = parts;
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
    return new BsfContext(Assemblies.build(config, onFatal));
  }

  /** Starts the admin port, the SBI server and Ub; returns the Ub address. */
  public InetSocketAddress start() throws InterruptedException {
    try {
      adminAddress = parts.admin.start();
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "admin").orElseThrow(() -> e);
    }
    try {
      parts.sba.start();
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "SBI").orElseThrow(() -> e);
    }
    try {
      return parts.ub.start();
    } catch (RuntimeException e) {
      throw StartupFailure.classify(e, "Ub").orElseThrow(() -> e);
    }
  }

  /**
   * What SIGTERM does: the BSF deregisters from the NRF (if it registered, waiting at most {@code
   * nrf.timeout}), {@code /ready} answers 503 at once, Ub keeps serving for {@code ub.drain-delay}
   * with every answer closing its connection (so clients reconnect, through the load balancer, to
   * an instance still in rotation), then {@link #close()} stops the listener and gives requests in
   * flight up to {@link org.gbabsf.http.server.UbServer#DRAIN_TIMEOUT}. Blocks for the delay: call
   * it from the shutdown thread.
   */
  public void drainAndClose() {
    Duration delay = parts.config.ub().drainDelay();
    boolean drain = parts.ub.started() && !delay.isZero();
    long deadline = System.nanoTime() + delay.toNanos();
    if (drain) {
      parts.ub.drain(); // /ready says 503 at once, before anything that may wait
      log.info(
          "Draining: /ready answers 503; Ub serves {} ms more, closing each connection after its"
              + " answer",
          delay.toMillis());
    }
    parts.sba
        .leaveNrf(); // within the drain delay: NAFs stop finding this BSF while it still serves
    for (long left = deadline - System.nanoTime(); drain && left > 0; ) {
      LockSupport.parkNanos(left);
      left = deadline - System.nanoTime();
    }
    close();
  }

  /** Stops serving and frees every resource, Ub first. Idempotent. */
  @Override
  public void close() {
    parts.ub.close();
    parts.admin.close();
    parts.sba.close();
    parts.stores.close(); // the hybrid store's held-back challenges written out first
    if (parts.diameter != null) {
      parts.diameter.close();
    }
    parts.security.close();
  }

  /** The bound admin address, once started. */
  public InetSocketAddress adminAddress() {
    return adminAddress;
  }

  /** What /ready reports. */
  public Readiness readiness() {
    return parts.admin.readiness();
  }

  /** Certificates, keys, the key ring and the {@link Security#reloadNow() reload} of them. */
  public Security security() {
    return parts.security;
  }

  /** The bound SBI (Nbsp_GBA) address, once started, when {@code sbi.enabled}. */
  public Optional<InetSocketAddress> sbiAddress() {
    return parts.sba.address();
  }

  /** The bound Ub address, once started. */
  public InetSocketAddress ubAddress() {
    return parts.ub.address();
  }

  /** The configuration in force. */
  public BsfConfig config() {
    return parts.config;
  }

  /** The clock every component uses. */
  public Clock clock() {
    return parts.clock;
  }

  /** The meter registry. */
  public MeterRegistry meterRegistry() {
    return parts.admin.registry();
  }

  /** The subscriber directory of the simulated HSS (demo and tests). */
  public SubscriberDirectory subscribers() {
    return parts.subscribers;
  }

  /** The session store NAF queries will read. */
  public SessionStore sessionStore() {
    return parts.stores.sessions();
  }

  /** The Ub use case. */
  public BootstrappingService bootstrapping() {
    return parts.ub.bootstrapping();
  }

  /** The Cassandra stores, when {@code store.type} is cassandra and once connected. */
  public Optional<CassandraStores> cassandra() {
    return parts.stores.cassandra();
  }

  /** The challenge store in use (memory, Cassandra, local or hybrid). */
  public ChallengeStore challengeStore() {
    return parts.stores.challenges();
  }

  /** The Zh client, when {@code hss.type} is zh. */
  public Optional<ZhHssClient> zh() {
    return parts.diameter == null ? Optional.empty() : parts.diameter.zh();
  }
}
