package org.gbabsf.sba.nrf;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.sba.hss.HssInstances;
import org.gbabsf.sba.hss.SbiHssClient;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.n65.N65Api;
import org.gbabsf.sba.oauth.TokenSource;
import org.gbabsf.sba.openapi.ContractRoutes;
import org.gbabsf.sba.sim.HssSimulator;
import org.gbabsf.sba.sim.NrfSimulator;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The BSF and the NRF over real HTTP/2 (TS 29.510): registration, heartbeat and deregistration;
 * discovery of HSS instances driving {@link SbiHssClient}; access tokens fetched once and reused.
 * Every exchange with the NRF simulator and the HSS simulators is checked against the 3GPP YAML.
 */
class NrfIT {

  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(100, "home1.net");
  private static final String BSF_ID = UUID.randomUUID().toString();
  private static final Duration T = Duration.ofSeconds(20);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T08:00:00Z"));
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final List<AutoCloseable> open = new ArrayList<>();
  private final List<String> violations = new CopyOnWriteArrayList<>();
  private final List<String> exchanges = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.ScheduledExecutorService timer =
      org.gbabsf.netty.Threads.scheduler("nrf-test");
  private NrfSimulator nrf;

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
    timer.shutdownNow();
    assertThat(violations).as("exchanges against the 3GPP YAML").isEmpty();
  }

  private <T extends AutoCloseable> T closing(T resource) {
    open.add(resource);
    return resource;
  }

  private InetSocketAddress serve(SbiRoutes routes, List<String> seen) throws InterruptedException {
    SbiServer s =
        closing(
            new SbiServer(
                ContractRoutes.checked(routes, violations, seen),
                SbiServerSettings.defaults("sim", "127.0.0.1", 0),
                new SimpleMeterRegistry(),
                Optional.empty()));
    return s.start();
  }

  private static URI root(InetSocketAddress a) {
    return URI.create("http://127.0.0.1:" + a.getPort());
  }

  /** An NRF simulator (tokens of {@link #clock}) served with {@code wrap} around its routes. */
  private NrfClient nrf(
      NrfSimulator.Settings settings, java.util.function.UnaryOperator<SbiRoutes> wrap)
      throws InterruptedException {
    nrf = new NrfSimulator(new SimulatedNrf(clock), settings);
    InetSocketAddress a = serve(wrap.apply(nrf.routes()), exchanges);
    SbiClient sbi = closing(new SbiClient(SbiClientSettings.defaults("nrf"), registry));
    return new NrfClient(sbi, root(a), Duration.ofSeconds(2), registry);
  }

  private NrfClient nrf(NrfSimulator.Settings settings) throws InterruptedException {
    return nrf(settings, r -> r);
  }

  private static NrfSimulator.Settings heartbeatEverySecond() {
    return new NrfSimulator.Settings(
        Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofHours(1));
  }

  private static NfProfile bsfProfile() {
    return NfProfile.gbaBsf(
        BSF_ID, Optional.empty(), Optional.of("127.0.0.1"), Duration.ofSeconds(60), "http", 8082);
  }

  /** An HSS simulator on its own port, and its profile (NF type HSS, both N65 services). */
  private record Hss(String id, URI root, List<String> seen, byte[] profile) {}

  private Hss hss(SbiRoutes routes) throws InterruptedException {
    List<String> seen = new CopyOnWriteArrayList<>();
    InetSocketAddress a = serve(routes, seen);
    String id = UUID.randomUUID().toString();
    List<NfProfile.Service> services = new ArrayList<>();
    for (String name : List.of("nhss-gba-ueau", "nhss-gba-sdm")) {
      services.add(
          new NfProfile.Service(name, "1.1.0-alpha.1", "http", a.getPort(), Optional.empty()));
    }
    NfProfile p =
        new NfProfile(
            id,
            "HSS",
            Optional.empty(),
            Optional.of("127.0.0.1"),
            Duration.ofSeconds(60),
            services);
    return new Hss(id, root(a), seen, NfProfileCodec.encode(p));
  }

  private static HssSimulator simulator() {
    return new HssSimulator(
        SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(40)), "001", "01", Duration.ZERO);
  }

  private SbiHssClient hssClient(
      HssInstances instances, TokenSource tokens, SbiClientSettings settings) {
    SbiClient sbi = closing(new SbiClient(settings, new SimpleMeterRegistry()));
    SbiHssClient c =
        closing(
            new SbiHssClient(
                sbi,
                new N65Api(tokens),
                new SbiHssClient.Settings(
                    instances,
                    Duration.ofSeconds(2),
                    Duration.ofSeconds(4),
                    Duration.ofSeconds(30)),
                registry));
    c.start();
    return c;
  }

  private HssDiscovery discovery(NrfClient client) {
    HssDiscovery d =
        closing(
            new HssDiscovery(
                client,
                new DiscoveryCodec.Target("HSS", "nhss-gba-ueau"),
                "GBA_BSF",
                Optional.of(BSF_ID),
                List.of(),
                Duration.ofSeconds(1),
                timer,
                registry));
    d.start();
    return d;
  }

  private static HssAnswer vector(SbiHssClient c, int n) throws Exception {
    return c.fetchVector(SUBSCRIBERS.impi(n)).toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  private double requests(String operation, String result) {
    Counter c =
        registry.find("bsf.nrf.requests").tags("operation", operation, "result", result).counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_register_send_heartbeats_and_deregister_when_the_bsf_starts_and_closes()
      throws Exception {
    NrfClient client = nrf(heartbeatEverySecond());
    NrfRegistration registration =
        closing(new NrfRegistration(client, bsfProfile(), timer, registry));

    registration.start();

    assertThat(Poll.until(() -> nrf.heartbeats(BSF_ID) >= 2, T)).isTrue();
    assertThat(registration.registered()).isTrue();
    assertThat(registration.heartBeat()).isEqualTo(Duration.ofSeconds(1));
    assertThat(nrf.profile(BSF_ID).orElseThrow().path("nfType").asText()).isEqualTo("GBA_BSF");
    assertThat(registry.get("bsf.nrf.registered").gauge().value()).isEqualTo(1.0);
    assertThat(requests("register", "ok")).isEqualTo(1.0);

    registration.close();

    assertThat(nrf.profile(BSF_ID)).isEmpty();
    assertThat(requests("deregister", "ok")).isEqualTo(1.0);
    assertThat(exchanges)
        .anyMatch(e -> e.startsWith("PUT /nnrf-nfm/v1/nf-instances/" + BSF_ID))
        .anyMatch(e -> e.startsWith("PATCH /nnrf-nfm/v1/nf-instances/" + BSF_ID))
        .anyMatch(e -> e.startsWith("DELETE /nnrf-nfm/v1/nf-instances/" + BSF_ID));
  }

  @Test
  void should_register_again_when_a_heartbeat_gets_404() throws Exception {
    NrfClient client = nrf(heartbeatEverySecond());
    NrfRegistration registration =
        closing(new NrfRegistration(client, bsfProfile(), timer, registry));
    registration.start();
    assertThat(Poll.until(() -> nrf.profile(BSF_ID).isPresent(), T)).isTrue();

    nrf.deregister(BSF_ID);

    assertThat(Poll.until(() -> requests("register", "ok") == 2.0, T)).isTrue();
    assertThat(requests("heartbeat", "404")).isEqualTo(1.0);
    assertThat(nrf.profile(BSF_ID)).isPresent();
  }

  @Test
  void should_retry_without_stopping_when_the_nrf_cannot_be_reached() {
    SbiClient sbi = closing(new SbiClient(SbiClientSettings.defaults("nrf"), registry));
    NrfClient client =
        new NrfClient(
            sbi, URI.create("http://127.0.0.1:" + Ports.free()), Duration.ofSeconds(1), registry);
    NrfRegistration registration =
        closing(new NrfRegistration(client, bsfProfile(), timer, registry));

    registration.start();

    assertThat(Poll.until(() -> requests("register", "connect") >= 2, T)).isTrue();
    assertThat(registration.registered()).isFalse();
    registration.close();
    assertThat(requests("deregister", "connect")).isEqualTo(1.0);
  }

  @Test
  void should_use_the_discovered_hss_instances_and_drop_one_when_it_leaves_the_nrf()
      throws Exception {
    NrfClient client = nrf(heartbeatEverySecond());
    Hss one = hss(simulator().routes());
    Hss two = hss(simulator().routes());
    nrf.register(one.profile());
    nrf.register(two.profile());
    HssDiscovery discovery = discovery(client);
    assertThat(Poll.until(() -> discovery.current().size() == 2, T)).isTrue();
    SbiClient sbi =
        closing(new SbiClient(SbiClientSettings.defaults("n65"), new SimpleMeterRegistry()));
    SbiHssClient hss =
        closing(
            new SbiHssClient(
                sbi,
                new N65Api(),
                new SbiHssClient.Settings(
                    discovery,
                    Duration.ofSeconds(2),
                    Duration.ofSeconds(4),
                    Duration.ofSeconds(30)),
                registry));
    hss.start();

    assertThat(vector(hss, 1)).isInstanceOf(HssAnswer.Vector.class);
    assertThat(Poll.until(() -> sbi.isConnected(one.root()) && sbi.isConnected(two.root()), T))
        .isTrue();

    nrf.deregister(one.id());

    assertThat(Poll.until(() -> discovery.current().equals(List.of(two.root())), T)).isTrue();
    int before = one.seen().size();
    for (int n = 2; n < 6; n++) {
      assertThat(vector(hss, n)).isInstanceOf(HssAnswer.Vector.class);
    }
    assertThat(one.seen()).hasSize(before);
    assertThat(two.seen()).hasSizeGreaterThanOrEqualTo(8);
    assertThat(Poll.until(() -> !sbi.isConnected(one.root()), T)).isTrue();
    assertThat(hss.isAvailable()).isTrue();
    assertThat(registry.get("bsf.nrf.discovered").tag("nf_type", "HSS").gauge().value())
        .isEqualTo(1.0);
    // The instance that left takes its meters along (an NRF listing ever new pods must not grow
    // the registry); the one still listed keeps them.
    String gone = one.root().getAuthority();
    assertThat(
            Poll.until(
                () -> registry.find("bsf.n65.latency").tag("instance", gone).timer() == null, T))
        .isTrue();
    assertThat(registry.find("bsf.n65.answers").tag("instance", gone).counters()).isEmpty();
    assertThat(registry.find("bsf.n65.latency").tag("instance", two.root().getAuthority()).timer())
        .isNotNull();
    assertThat(exchanges)
        .anyMatch(
            e ->
                e.startsWith(
                    "GET /nnrf-disc/v1/nf-instances")); // the query is not part of the path
  }

  @Test
  void should_follow_a_redirect_only_to_a_discovered_instance() throws Exception {
    NrfClient client = nrf(heartbeatEverySecond());
    Hss target = hss(simulator().routes());
    Hss stranger = hss(simulator().routes());
    java.util.concurrent.atomic.AtomicReference<URI> location =
        new java.util.concurrent.atomic.AtomicReference<>(target.root());
    List<SbiRoutes.Route> redirecting = new ArrayList<>();
    for (SbiRoutes.Route r : simulator().routes().routes()) {
      redirecting.add(
          new SbiRoutes.Route(
              r.method(),
              r.template(),
              r.api(),
              request ->
                  CompletableFuture.completedFuture(
                      SbiResponse.json(307, SbiJson.bytes(SbiJson.object().put("cause", "moved")))
                          .withHeader("location", location.get() + request.path()))));
    }
    Hss mover = hss(SbiRoutes.of(redirecting));
    nrf.register(mover.profile());
    nrf.register(target.profile());
    HssDiscovery discovery = discovery(client);
    assertThat(Poll.until(() -> discovery.current().size() == 2, T)).isTrue();
    SbiHssClient hss =
        hssClient(
            () -> List.of(mover.root()),
            TokenSource.none(),
            SbiClientSettings.defaults("n65").withRedirectTargets(discovery::hasOrigin));

    assertThat(vector(hss, 1)).isInstanceOf(HssAnswer.Vector.class);
    assertThat(target.seen()).hasSize(2);

    location.set(stranger.root());

    assertThat(vector(hss, 2)).isInstanceOf(HssAnswer.Unavailable.class);
    assertThat(stranger.seen()).isEmpty();
  }

  @Test
  void should_fetch_one_token_and_reuse_it_until_shortly_before_it_expires() throws Exception {
    NrfClient client = nrf(NrfSimulator.Settings.defaults());
    RequiredTokens required = new RequiredTokens(nrf.tokens().publicKey(), "HSS", clock);
    Hss hssSim = hss(required.wrap(simulator().routes()));
    NrfTokens tokens =
        new NrfTokens(
            client,
            new AccessTokenCodec.TokenRequest(BSF_ID, "GBA_BSF", "HSS", N65Api.SCOPE),
            clock);
    SbiHssClient hss =
        hssClient(
            HssInstances.fixed(List.of(hssSim.root())), tokens, SbiClientSettings.defaults("n65"));

    for (int n = 1; n <= 5; n++) {
      assertThat(vector(hss, n)).isInstanceOf(HssAnswer.Vector.class);
    }
    assertThat(nrf.tokensIssued()).isEqualTo(1);
    assertThat(required.accepted()).isEqualTo(10);
    Optional<String> first = tokens.token().get(20, TimeUnit.SECONDS);

    clock.advance(Duration.ofMinutes(59).plusSeconds(30));
    assertThat(vector(hss, 6)).isInstanceOf(HssAnswer.Vector.class);
    assertThat(nrf.tokensIssued()).isLessThanOrEqualTo(2);
    // The old token served while the new one was fetched in the background.
    assertThat(Poll.until(() -> !tokens.token().getNow(Optional.empty()).equals(first), T))
        .isTrue();
    assertThat(nrf.tokensIssued()).isEqualTo(2);

    clock.advance(Duration.ofHours(1));
    assertThat(vector(hss, 7)).isInstanceOf(HssAnswer.Vector.class);
    assertThat(nrf.tokensIssued()).isEqualTo(3);
    assertThat(required.refused()).isZero();
    assertThat(exchanges).filteredOn(e -> e.startsWith("POST /oauth2/token")).hasSize(3);
  }

  @Test
  void should_ask_the_nrf_once_when_many_calls_want_a_token_at_once() throws Exception {
    CompletableFuture<Void> gate = new CompletableFuture<>();
    NrfClient client =
        nrf(
            NrfSimulator.Settings.defaults(),
            routes ->
                SbiRoutes.of(
                    routes.routes().stream()
                        .map(
                            r ->
                                r.template().equals("/oauth2/token")
                                    ? new SbiRoutes.Route(
                                        r.method(),
                                        r.template(),
                                        r.api(),
                                        q -> gate.thenCompose(x -> r.service().handle(q)),
                                        r.otherMediaTypes())
                                    : r)
                        .toList()));
    NrfTokens tokens =
        new NrfTokens(
            client,
            new AccessTokenCodec.TokenRequest(BSF_ID, "GBA_BSF", "HSS", N65Api.SCOPE),
            clock);
    List<CompletableFuture<Optional<String>>> waiting = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      waiting.add(tokens.token());
    }
    assertThat(waiting).noneMatch(CompletableFuture::isDone);

    gate.complete(null);

    List<Optional<String>> got = new ArrayList<>();
    for (CompletableFuture<Optional<String>> f : waiting) {
      got.add(f.get(20, TimeUnit.SECONDS));
    }
    assertThat(got).allMatch(Optional::isPresent);
    assertThat(got.stream().distinct()).hasSize(1);
    assertThat(nrf.tokensIssued()).isEqualTo(1);
    assertThat(tokens.token().getNow(Optional.empty())).isEqualTo(got.get(0));
  }

  @Test
  void should_call_without_a_token_and_back_off_when_the_nrf_refuses_one() throws Exception {
    NrfClient client =
        nrf(
            NrfSimulator.Settings.defaults(),
            routes ->
                SbiRoutes.of(
                    routes.routes().stream()
                        .map(
                            r ->
                                r.template().equals("/oauth2/token")
                                    ? new SbiRoutes.Route(
                                        r.method(),
                                        r.template(),
                                        r.api(),
                                        q ->
                                            CompletableFuture.completedFuture(
                                                SbiResponse.json(
                                                    400,
                                                    SbiJson.bytes(
                                                        SbiJson.object()
                                                            .put("error", "invalid_scope")))),
                                        r.otherMediaTypes())
                                    : r)
                        .toList()));
    RequiredTokens required = new RequiredTokens(nrf.tokens().publicKey(), "HSS", clock);
    Hss hssSim = hss(required.wrap(simulator().routes()));
    NrfTokens tokens =
        new NrfTokens(
            client,
            new AccessTokenCodec.TokenRequest(BSF_ID, "GBA_BSF", "HSS", N65Api.SCOPE),
            clock);
    SbiHssClient hss =
        hssClient(
            HssInstances.fixed(List.of(hssSim.root())), tokens, SbiClientSettings.defaults("n65"));

    assertThat(vector(hss, 1)).isInstanceOf(HssAnswer.Unavailable.class);
    assertThat(vector(hss, 2)).isInstanceOf(HssAnswer.Unavailable.class);

    // Each vector's gbaUEAU call was refused; its gbaSDM call may have been reset before.
    assertThat(required.refused()).isBetween(2, 4);
    assertThat(requests("token", "400")).isEqualTo(1.0);
    clock.advance(NrfTokens.FIRST_BACKOFF);
    assertThat(tokens.token().get(20, TimeUnit.SECONDS)).isEmpty();
    assertThat(requests("token", "400")).isEqualTo(2.0);
  }
}
