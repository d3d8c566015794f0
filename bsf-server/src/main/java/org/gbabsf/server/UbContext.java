package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.Optional;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.server.UbServer;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.NodeConfig;
import org.gbabsf.server.config.StoreConfig;
import org.gbabsf.server.config.UbConfig;
import org.gbabsf.server.security.Security;

/**
 * The Ub assembly (TS 24.109): the bootstrapping use case over an HSS and the stores, and the HTTP
 * server UEs reach, built from {@link UbConfig}. It reports {@code ub} on {@code /ready}: up once
 * listening, down while draining.
 */
final class UbContext implements AutoCloseable {

  private final BootstrappingService bootstrapping;
  private final UbServer server;
  private volatile boolean started;
  private volatile boolean draining;

  private UbContext(BootstrappingService bootstrapping, UbServer server) {
    this.bootstrapping = bootstrapping;
    this.server = server;
  }

  /** Ub over {@code hss} and {@code stores}, not listening yet. */
  static UbContext create(
      UbConfig ub,
      NodeConfig node,
      StoreConfig store,
      HssClient hss,
      StoreContext stores,
      Security security,
      Clock clock,
      MeterRegistry registry) {
    BootstrappingService bootstrapping =
        new BootstrappingService(
            hss,
            stores.challenges(),
            stores.sessions(),
            stores.tmpis(),
            policy(ub, node, store),
            clock);
    UbServer server =
        new UbServer(
            bootstrapping,
            settings(ub),
            registry,
            security.ub().map(t -> ServerTls.of(t.material(), t.events(), false)));
    return new UbContext(bootstrapping, server);
  }

  /** Adds the {@code ub} check to {@code readiness}. */
  void checks(Readiness readiness) {
    readiness.check(
        "ub",
        () -> started && !draining,
        () -> Optional.of(draining ? "draining: shutting down" : "not listening"));
  }

  /** Starts listening; returns the bound address. */
  InetSocketAddress start() throws InterruptedException {
    InetSocketAddress address = server.start();
    started = true;
    return address;
  }

  /** Whether Ub is listening. */
  boolean started() {
    return started;
  }

  /** Answers 503 on {@code /ready} and closes each connection after its answer from now on. */
  void drain() {
    draining = true;
    server.drain();
  }

  /** The bound address, once started. */
  InetSocketAddress address() {
    return server.address();
  }

  /** The Ub use case. */
  BootstrappingService bootstrapping() {
    return bootstrapping;
  }

  @Override
  public void close() {
    started = false;
    server.close();
  }

  static UbPolicy policy(UbConfig ub, NodeConfig node, StoreConfig store) {
    UbPolicy policy =
        new UbPolicy(
            node.name(),
            ub.realm(),
            ub.challengeValidity(),
            store.sessionMaxLifetime(),
            ub.maxFailures(),
            ub.failureWindow(),
            ub.hssTimeout(),
            ub.storeTimeout());
    return ub.tmpiEnabled() ? policy.withTmpis(ub.tmpiLifetime()) : policy;
  }

  static UbServer.Settings settings(UbConfig ub) {
    return new UbServer.Settings(
        ub.listenAddress(),
        ub.port(),
        ub.ioThreads(),
        ub.maxHeaderSize(),
        ub.maxInFlight(),
        ub.idleTimeout(),
        ub.retryAfter(),
        ub.sourceLimitRate(),
        ub.sourceLimitBurst(),
        ub.overloadMaxLag());
  }
}
