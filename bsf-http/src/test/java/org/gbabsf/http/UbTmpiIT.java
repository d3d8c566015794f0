package org.gbabsf.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.store.InMemoryTmpiStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.http.server.UbServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TMPIs over real sockets on loopback (TS 33.220 §4.5.2, Annex B.4): the UE simulator announcing
 * {@code 3gpp-gba-tmpi} against the Ub server, the in-process HSS and the in-memory stores.
 */
class UbTmpiIT {

  private static final String NAME = "bsf.home1.net";
  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(10, "home1.net");

  private static EventLoopGroup clientLoops;

  private final Clock clock = Clock.systemUTC();
  private final InMemorySessionStore sessions = new InMemorySessionStore(100, clock);
  private final List<Tmpi> lookups = new CopyOnWriteArrayList<>();
  private UbServer server;
  private UbClient client;
  private SimpleMeterRegistry registry;

  @BeforeAll
  static void loops() {
    clientLoops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  }

  @AfterAll
  static void stopLoops() {
    clientLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @AfterEach
  void stop() {
    closeServer();
  }

  private void closeServer() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /** A BSF whose TMPI store records every lookup; {@code tmpis} false: it allocates none. */
  private void start(boolean tmpis) throws Exception {
    InMemoryTmpiStore memory = new InMemoryTmpiStore(100, clock);
    TmpiStore recording =
        new TmpiStore() {
          @Override
          public CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt) {
            return memory.put(tmpi, impi, expiresAt);
          }

          @Override
          public CompletionStage<Optional<Impi>> find(Tmpi tmpi) {
            lookups.add(tmpi);
            return memory.find(tmpi);
          }

          @Override
          public CompletionStage<Void> remove(Tmpi tmpi) {
            return memory.remove(tmpi);
          }
        };
    UbPolicy policy = UbPolicy.defaults(NAME);
    BootstrappingService service =
        new BootstrappingService(
            new SimulatedHss(SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(20)), Duration.ZERO),
            new InMemoryChallengeStore(100, clock),
            sessions,
            recording,
            tmpis ? policy.withTmpis(Duration.ofDays(7)) : policy,
            clock);
    registry = new SimpleMeterRegistry();
    server = new UbServer(service, UbServer.Settings.loopback(), registry);
    client = new UbClient(clientLoops, server.start());
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  private UeAuthenticator ue(int n) {
    return new UeAuthenticator(
        new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(n)).orElseThrow()), "/", true);
  }

  private GbaUe.Result.Bootstrapped bootstrap(UeAuthenticator ue) throws Exception {
    GbaUe.Result r = await(new GbaUe(client, ue, NAME, "/").bootstrap());
    assertThat(r).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    return (GbaUe.Result.Bootstrapped) r;
  }

  private double count(String name, String outcome) {
    return registry.find(name).tag("outcome", outcome).counter().count();
  }

  @Test
  void should_present_the_tmpi_it_was_given_and_be_bootstrapped_as_its_impi_when_bsf_says_tmpi()
      throws Exception {
    start(true);
    UeAuthenticator ue = ue(1);
    bootstrap(ue);
    Tmpi given = ue.tmpi().orElseThrow();

    GbaUe.Result.Bootstrapped second = bootstrap(ue);

    // The second run named the TMPI, never the IMPI; only its first request was looked up.
    assertThat(lookups).containsExactly(given);
    assertThat(await(sessions.find(new BTid(second.btid()))).orElseThrow().impi())
        .isEqualTo(SUBSCRIBERS.impi(1));
    assertThat(ue.tmpi()).isPresent().isNotEqualTo(Optional.of(given));
    assertThat(count("bsf.ub.tmpi", "allocated")).isEqualTo(2.0);
    assertThat(count("bsf.ub.responses", "rejected_tmpi_unknown"))
        .as("the TMPI was resolved, not refused and replaced by the IMPI")
        .isZero();
    assertThat(ue.tmpiFallbacks()).isZero();
  }

  @Test
  void should_say_3gpp_gba_tmpi_in_server_when_the_bsf_allocates_tmpis() throws Exception {
    start(true);

    UbClient.Response r =
        await(
            client.get(
                "/",
                Map.of(
                    "User-Agent",
                    UeAuthenticator.USER_AGENT_TMPI,
                    "Authorization",
                    ue(2).initialAuthorization(NAME))));

    assertThat(r.status()).isEqualTo(401);
    assertThat(r.header("Server")).isEqualTo("gba-bsf 3gpp-gba-tmpi");
  }

  @Test
  void should_fall_back_to_the_impi_when_the_bsf_does_not_know_the_tmpi() throws Exception {
    start(true);
    UeAuthenticator ue = ue(3);
    bootstrap(ue);
    Tmpi lost = ue.tmpi().orElseThrow();
    closeServer();
    start(true); // a BSF that lost its memory store: it does not know the TMPI

    GbaUe.Result.Bootstrapped b = bootstrap(ue);

    assertThat(lookups).containsExactly(lost);
    assertThat(count("bsf.ub.responses", "rejected_tmpi_unknown")).isEqualTo(1.0);
    assertThat(await(sessions.find(new BTid(b.btid()))).orElseThrow().impi())
        .isEqualTo(SUBSCRIBERS.impi(3));
    assertThat(ue.tmpi()).isPresent().isNotEqualTo(Optional.of(lost));
  }

  @Test
  void should_derive_no_tmpi_when_the_bsf_does_not_say_3gpp_gba_tmpi() throws Exception {
    start(false);
    UeAuthenticator ue = ue(4);

    bootstrap(ue);

    assertThat(ue.tmpi()).isEmpty();
    assertThat(lookups).isEmpty();
  }
}
