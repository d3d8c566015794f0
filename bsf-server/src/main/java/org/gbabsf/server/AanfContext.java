package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import org.gbabsf.core.akma.AfKeyService;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.NrfKeys;
import org.gbabsf.server.config.AanfConfig;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.SbiConfig;
import org.gbabsf.server.config.UbConfig;

/**
 * The AAnF's assembly (docs/akma.md), from the {@code aanf.*} keys: the anchor and AF key services
 * over the store's AKMA contexts, and the Naanf_AKMA routes that {@link SbaContext} adds to the SBI
 * server when {@code aanf.enabled}.
 */
final class AanfContext {

  /** The sections the AAnF is built from, and nothing else of the configuration. */
  record Sections(AanfConfig aanf, SbiConfig sbi, UbConfig ub) {
    /** The sections of {@code c}. */
    static Sections of(BsfConfig c) {
      return new Sections(c.aanf(), c.sbi(), c.ub());
    }
  }

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(AanfContext.class);

  private AanfContext() {}

  /**
   * The Naanf_AKMA routes over {@code contexts}, or none if {@code aanf.enabled} is false. Each
   * store call is bounded by {@code ub.store-timeout}, as on Zn and Nbsp_GBA.
   */
  static Optional<SbiRoutes> routes(
      Sections c, AkmaContextStore contexts, Clock clock, MeterRegistry registry) {
    AanfConfig a = c.aanf();
    if (!a.enabled()) {
      return Optional.empty();
    }
    NaanfService service =
        new NaanfService(
            new AnchorService(contexts, clock, c.ub().storeTimeout(), a.contextLifetime()),
            new AfKeyService(contexts, clock, c.ub().storeTimeout(), a.afKeyLifetime()),
            new NaanfService.Settings(
                a.ausfs(),
                a.afs(),
                a.nefs(),
                new NafFqdnPolicy(a.afFqdns()),
                a.supiAfs(),
                a.afIdentifiers(),
                a.operationScopes(),
                c.sbi().retryAfter()),
            tokens(a, clock),
            clock,
            registry);
    log.info(
        "AAnF: Naanf_AKMA served for {} AUSF(s), {} AF(s), {} NEF(s); contexts live {}, K_AF {}",
        a.ausfs().size(),
        a.afs().size(),
        a.nefs().size(),
        a.contextLifetime(),
        a.afKeyLifetime());
    if (!c.sbi().tlsEnabled()) {
      log.warn(
          "AAnF: the SBI server runs without TLS (sbi.tls.enabled=false): every K_AKMA an AUSF"
              + " registers and every K_AF an AF gets crosses the network in clear; enable TLS"
              + " unless that network is protected otherwise (docs/security.md)");
    }
    return Optional.of(service.routes());
  }

  private static Optional<AccessTokenVerifier> tokens(AanfConfig a, Clock clock) {
    if (a.oauth2NrfKeys().isEmpty()) {
      return Optional.empty();
    }
    try {
      NrfKeys keys = NrfKeys.load(a.oauth2NrfKeys().get());
      log.info("AAnF: access tokens required, signed by the NRF keys {}", keys.kids());
      return Optional.of(
          AccessTokenVerifier.forNaanfAkma(keys, a.nfInstanceId(), clock, a.oauth2ClockSkew()));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "aanf.oauth2.nrf-keys: cannot read " + a.oauth2NrfKeys().get(), e);
    }
  }
}
