package org.gbabsf.server;

import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.ssl.SslContext;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.hss.HssInstances;
import org.gbabsf.sba.http.Origin;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.n65.N65Api;
import org.gbabsf.sba.n68.N68Api;
import org.gbabsf.sba.nrf.AccessTokenCodec;
import org.gbabsf.sba.nrf.DiscoveryCodec;
import org.gbabsf.sba.nrf.HssDiscovery;
import org.gbabsf.sba.nrf.NfProfile;
import org.gbabsf.sba.nrf.NrfClient;
import org.gbabsf.sba.nrf.NrfRegistration;
import org.gbabsf.sba.nrf.NrfTokens;
import org.gbabsf.sba.oauth.ExpectedAudience;
import org.gbabsf.sba.oauth.TokenSource;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.AanfConfig;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.HssConfig;
import org.gbabsf.server.config.NrfConfig;
import org.gbabsf.server.config.SbiClientConfig;
import org.gbabsf.server.config.SbiConfig;

/**
 * The NRF part of a BSF (docs/sba.md, "NRF"), built from the {@code nrf.*} keys when {@code
 * nrf.enabled}: a client of the NRF (its own SBI client, with the {@code sbi.client.tls.*}
 * settings, following redirects to the NRF's origin only), the discovery of the HSS/UDM instances,
 * the access tokens of the calls to them, and the registration of this BSF once its SBI server
 * listens. {@link SbaContext} owns it. None of it decides whether the BSF serves: an NRF that
 * cannot be reached is retried in the background, reported on {@code /ready} as a note and in
 * {@code bsf.nrf.*}, and the BSF goes on with what it knows.
 */
final class NrfContext implements AutoCloseable {

  /** The sections the NRF client is built from, and nothing else of the configuration. */
  record Sections(
      NrfConfig nrf, SbiConfig sbi, SbiClientConfig sbiClient, HssConfig hss, AanfConfig aanf) {
    /** The sections of {@code c}. */
    static Sections of(BsfConfig c) {
      return new Sections(c.nrf(), c.sbi(), c.sbiClient(), c.hss(), c.aanf());
    }
  }

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(NrfContext.class);

  /** A SearchResult lists whole NFProfiles: far more than the 64 KiB of an HSS answer. */
  private static final int MAX_ANSWER = 1024 * 1024;

  private final Sections config;
  private final SbiClient client;
  private final NrfClient nrf;
  private final String nfInstanceId;
  private final Clock clock;
  private final MeterRegistry registry;
  // The one thread of the NRF tasks (registration heartbeats, discovery refreshes).
  private final java.util.concurrent.ScheduledExecutorService timer =
      org.gbabsf.netty.Threads.scheduler("nrf");
  private volatile Optional<HssDiscovery> discovery = Optional.empty();
  private volatile NrfRegistration registration;
  private volatile NrfRegistration aanfRegistration;
  private boolean closed;

  private NrfContext(
      Sections config,
      SbiClient client,
      NrfClient nrf,
      String nfInstanceId,
      Clock clock,
      MeterRegistry registry) {
    this.config = config;
    this.client = client;
    this.nrf = nrf;
    this.nfInstanceId = nfInstanceId;
    this.clock = clock;
    this.registry = registry;
  }

  /**
   * The NRF of {@code c}, when {@code nrf.enabled}; nothing is sent to it yet.
   *
   * @param tls the SBI client's TLS context, for an https NRF
   */
  static Optional<NrfContext> create(
      Sections c, Clock clock, MeterRegistry registry, Optional<SslContext> tls) {
    if (!c.nrf().enabled()) {
      return Optional.empty();
    }
    URI apiRoot = c.nrf().apiRoot().orElseThrow(); // CrossChecks: set if enabled
    Optional<Origin> origin = Origin.of(apiRoot);
    SbiClientSettings s =
        new SbiClientSettings(
            "nrf",
            1,
            1,
            100,
            c.sbiClient().connectTimeout(),
            MAX_ANSWER,
            c.sbiClient().maxRedirects(),
            o -> origin.equals(Optional.of(o)),
            Duration.ofSeconds(15),
            tls);
    SbiClient client = new SbiClient(s, registry);
    String id = c.nrf().nfInstanceId();
    log.info(
        "NRF {}: this BSF is NF instance {} ({}{}{})",
        apiRoot,
        id,
        c.nrf().register() ? "registers" : "does not register",
        c.nrf().discoverHss() && SbaContext.hssOnSba(c.hss())
            ? ", discovers the " + c.hss().type() + " instances"
            : "",
        c.nrf().tokens() && SbaContext.hssOnSba(c.hss()) ? ", takes access tokens for them" : "");
    return Optional.of(
        new NrfContext(
            c,
            client,
            new NrfClient(client, apiRoot, c.nrf().timeout(), registry),
            id,
            clock,
            registry));
  }

  /**
   * The HSS (n65) or UDM instances: with {@code nrf.discover-hss}, those the NRF lists (asked now,
   * and again from then on) followed by {@code configured}; otherwise {@code configured}.
   */
  synchronized HssInstances instances(boolean n65, List<URI> configured) {
    if (!config.nrf().discoverHss()) {
      return HssInstances.fixed(configured);
    }
    HssDiscovery d =
        new HssDiscovery(
            nrf,
            n65
                ? new DiscoveryCodec.Target("HSS", "nhss-gba-ueau")
                : new DiscoveryCodec.Target("UDM", "nudm-ueau"),
            ExpectedAudience.GBA_BSF,
            Optional.of(nfInstanceId),
            configured,
            config.nrf().discoveryInterval(),
            timer,
            registry);
    discovery = Optional.of(d);
    if (closed) {
      d.close();
    } else {
      d.start();
    }
    return d;
  }

  /**
   * The access tokens of the N65 (n65) or N68 calls: from the NRF with {@code nrf.tokens} (audience
   * the NF type HSS or UDM, scope the API's services), otherwise none.
   */
  TokenSource tokens(boolean n65) {
    if (!config.nrf().tokens()) {
      return TokenSource.none();
    }
    return new NrfTokens(
        nrf,
        new AccessTokenCodec.TokenRequest(
            nfInstanceId,
            ExpectedAudience.GBA_BSF,
            n65 ? "HSS" : "UDM",
            n65 ? N65Api.SCOPE : N68Api.SCOPE),
        clock);
  }

  /**
   * Registers this BSF, reached on {@code port} (https if {@code https}), when {@code
   * nrf.register}: called once the SBI server listens. Returns at once; the registration and its
   * heartbeats run in the background.
   */
  synchronized void register(int port, boolean https) {
    if (closed || registration != null || !config.nrf().register()) {
      return;
    }
    NrfConfig.ProfileAddress where =
        NrfConfig.profileAddress(
            config.nrf().profileFqdn(), config.nrf().profileIpv4(), config.sbi().listenAddress());
    String scheme = https ? "https" : "http";
    registration =
        start(
            NfProfile.gbaBsf(
                nfInstanceId, where.fqdn(), where.ipv4(), config.nrf().heartbeat(), scheme, port),
            where,
            scheme,
            port);
    if (config.aanf().enabled()) {
      aanfRegistration =
          start(
              NfProfile.aanf(
                  config.aanf().nfInstanceId(),
                  where.fqdn(),
                  where.ipv4(),
                  config.nrf().heartbeat(),
                  scheme,
                  port,
                  config.aanf().routingIndicators()),
              where,
              scheme,
              port);
    }
  }

  private NrfRegistration start(
      NfProfile profile, NrfConfig.ProfileAddress where, String scheme, int port) {
    log.info(
        "NRF: registering as {} {} at {}://{}:{}",
        profile.nfType(),
        profile.nfInstanceId(),
        scheme,
        where.fqdn().orElseGet(() -> where.ipv4().orElseThrow()),
        port);
    NrfRegistration r = new NrfRegistration(nrf, profile, timer, registry);
    r.start();
    return r;
  }

  /**
   * Deregisters this BSF, if it registered, waiting at most {@code nrf.timeout}: the NRF stops
   * offering it to NAFs before it stops serving. Idempotent; call from a thread that may wait.
   */
  void deregister() {
    NrfRegistration r;
    NrfRegistration a;
    synchronized (this) {
      r = registration;
      a = aanfRegistration;
    }
    if (a != null) {
      a.close();
    }
    if (r != null) {
      r.close();
    }
  }

  /** Whether the NRF has acknowledged the registration and the last heartbeat. */
  boolean registered() {
    NrfRegistration r = registration;
    return r != null && r.registered();
  }

  /** The discovery of the HSS/UDM instances, when there is one. */
  Optional<HssDiscovery> discovery() {
    return discovery;
  }

  /**
   * Adds the NRF's lines to {@code /ready}: notes, not checks. Whether the NRF knows this BSF does
   * not decide whether it can serve, and an NRF outage must not take every BSF out of service at
   * once; the instances discovered count through the {@code hss} check.
   */
  void notes(Readiness readiness) {
    readiness.note("nrf", this::registrationNote);
    if (config.aanf().enabled() && config.nrf().register()) {
      readiness.note("nrf-aanf", this::aanfNote);
    }
    if (config.nrf().discoverHss() && SbaContext.hssOnSba(config.hss())) {
      readiness.note("nrf-discovery", this::discoveryNote);
    }
  }

  private String registrationNote() {
    if (!config.nrf().register()) {
      return "not registering (nrf.register=false)";
    }
    NrfRegistration r = registration;
    if (r == null) {
      return "not registered (the SBI server does not listen yet)";
    }
    if (r.registered()) {
      return "registered as "
          + ExpectedAudience.GBA_BSF
          + " "
          + nfInstanceId
          + " (heartbeat every "
          + r.heartBeat().toSeconds()
          + " s)";
    }
    return "not registered (retrying in the background; see bsf.nrf.requests)";
  }

  private String aanfNote() {
    NrfRegistration r = aanfRegistration;
    if (r == null) {
      return "not registered (the SBI server does not listen yet)";
    }
    return r.registered()
        ? "registered as "
            + ExpectedAudience.AANF
            + " "
            + config.aanf().nfInstanceId()
            + " (heartbeat every "
            + r.heartBeat().toSeconds()
            + " s)"
        : "not registered (retrying in the background; see bsf.nrf.requests)";
  }

  private String discoveryNote() {
    Optional<HssDiscovery> d = discovery;
    if (d.isEmpty()) {
      return "not started";
    }
    if (!d.get().answered()) {
      return "no answer from the NRF yet (retrying); configured instances only";
    }
    int n = d.get().discovered().size();
    return n
        + (n == 1 ? " instance" : " instances")
        + " of "
        + (config.hss().type().equals("n65") ? "HSS nhss-gba-ueau" : "UDM nudm-ueau")
        + " discovered";
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    deregister();
    discovery.ifPresent(HssDiscovery::close);
    timer.shutdownNow();
    client.close();
  }
}
