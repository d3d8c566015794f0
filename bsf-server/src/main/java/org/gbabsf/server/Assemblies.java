package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.security.Security;

/**
 * The assemblies of one BSF, made in dependency order by {@link #build}: security (TLS material,
 * key ring) and admin (registry, readiness) first; then the stores, Diameter (Zh/Zn), the SBA
 * (Nbsp, N65, N68, NRF), and Ub over whichever HSS {@code hss.type} names. Each is built from its
 * own section of the configuration. {@link BsfContext} owns their lifecycle.
 */
final class Assemblies {
  BsfConfig config;
  Clock clock;
  Security security;
  AdminContext admin;
  StoreContext stores;
  DiameterContext diameter;
  SbaContext sba;
  SubscriberDirectory subscribers;
  UbContext ub;

  void close() {
    if (ub != null) {
      ub.close();
    }
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
  }

  static Assemblies build(BsfConfig config, Consumer<StartupFailure> onFatal) {
    Assemblies p = new Assemblies();
    p.config = config;
    p.clock = Clock.systemUTC();
    p.admin = AdminContext.create();
    MeterRegistry registry = p.admin.registry();
    p.security = Security.load(config, registry);
    try {
      p.subscribers = SimulatedHssContext.subscribers(config.hss());
      p.stores =
          StoreContext.create(
              StoreContext.Sections.of(config), p.security, p.clock, registry, onFatal);
      SessionStore sessions = p.stores.sessions();
      p.diameter =
          DiameterContext.create(
                  DiameterContext.Sections.of(config), p.security, sessions, p.clock, registry)
              .orElse(null);
      Optional<SbiRoutes> aanf =
          AanfContext.routes(
              AanfContext.Sections.of(config), p.stores.akmaContexts(), p.clock, registry);
      p.sba =
          SbaContext.create(
              SbaContext.Sections.of(config), sessions, aanf, p.clock, registry, p.security);
      HssClient hss;
      if (p.diameter != null && p.diameter.zh().isPresent()) {
        hss = p.diameter.zh().get();
      } else if (SbaContext.hssOnSba(config.hss())) {
        hss = p.sba.hssClient().orElseThrow();
      } else {
        hss = SimulatedHssContext.hss(config.hss(), p.subscribers);
      }
      p.ub =
          UbContext.create(
              config.ub(),
              config.node(),
              config.store(),
              hss,
              p.stores,
              p.security,
              p.clock,
              registry);
      Readiness readiness = p.admin.readiness();
      if (p.diameter != null) {
        p.diameter.checks(readiness);
      }
      p.sba.checks(readiness);
      p.stores.checks(readiness);
      p.ub.checks(readiness);
      p.admin.serve(config.admin(), p.security);
      return p;
    } catch (RuntimeException e) {
      p.close();
      throw e;
    }
  }
}
