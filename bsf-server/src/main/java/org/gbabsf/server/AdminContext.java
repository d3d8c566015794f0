package org.gbabsf.server;

import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.InetSocketAddress;
import java.util.function.Predicate;
import org.gbabsf.security.tls.ServerTls;
import org.gbabsf.server.admin.AdminRoutes;
import org.gbabsf.server.admin.AdminServer;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.AdminConfig;
import org.gbabsf.server.security.Security;

/**
 * The admin assembly: the meter registry every component records into (with the JVM's meters), the
 * readiness every assembly adds its checks to, and the server of {@code /metrics}, {@code /ready}
 * and {@code /health}, built from {@link AdminConfig}.
 */
final class AdminContext implements AutoCloseable {

  private final PrometheusMeterRegistry registry;
  private final Readiness readiness = new Readiness();
  private AdminServer server;

  private AdminContext(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  /** A registry with the JVM's meters, and an empty readiness; no server yet. */
  static AdminContext create() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    return new AdminContext(registry);
  }

  /** The registry every component records into. */
  PrometheusMeterRegistry registry() {
    return registry;
  }

  /** What {@code /ready} reports; assemblies add their checks to it. */
  Readiness readiness() {
    return readiness;
  }

  /** Makes the server of {@code admin}, with its TLS and metrics token from {@code security}. */
  void serve(AdminConfig admin, Security security) {
    Predicate<String> metricsAccess =
        security.metricsToken().<Predicate<String>>map(t -> t::admits).orElse(any -> true);
    server =
        new AdminServer(
            new AdminRoutes(registry::scrape, readiness, metricsAccess),
            admin.listenAddress(),
            admin.port(),
            security.admin().map(t -> ServerTls.of(t.material(), t.events(), false)));
  }

  /** Starts the server; returns its bound address. */
  InetSocketAddress start() throws InterruptedException {
    return server.start();
  }

  @Override
  public void close() {
    if (server != null) {
      server.close();
    }
  }
}
