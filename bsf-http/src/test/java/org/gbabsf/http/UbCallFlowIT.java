package org.gbabsf.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.client.BootstrappingInfo;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.http.server.UbServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real sockets on loopback: the UE simulator (Netty HTTP client, USIM with Milenage) against the Ub
 * server, the use case, the in-process HSS and the in-memory stores.
 */
class UbCallFlowIT {

  private static final String NAME = "bsf.home1.net";
  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(100, "home1.net");

  private static EventLoopGroup clientLoops;

  private UbServer server;
  private InMemorySessionStore sessions;
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
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private InetSocketAddress start(Duration hssDelay, Duration hssTimeout) throws Exception {
    Clock clock = Clock.systemUTC();
    sessions = new InMemorySessionStore(1000, clock);
    UbPolicy defaults = UbPolicy.defaults(NAME);
    UbPolicy policy =
        new UbPolicy(
            NAME,
            NAME,
            defaults.challengeValidity(),
            defaults.maxLifetime(),
            3,
            defaults.failureWindow(),
            hssTimeout,
            defaults.storeTimeout());
    BootstrappingService service =
        new BootstrappingService(
            new SimulatedHss(SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(20)), hssDelay),
            new InMemoryChallengeStore(1000, clock),
            sessions,
            policy,
            clock);
    registry = new SimpleMeterRegistry();
    server = new UbServer(service, UbServer.Settings.loopback(), registry);
    InetSocketAddress address = server.start();
    client = new UbClient(clientLoops, address);
    return address;
  }

  private InetSocketAddress start() throws Exception {
    return start(Duration.ZERO, Duration.ofSeconds(2));
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  private SimulatedUsim usim(int n) {
    return new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(n)).orElseThrow());
  }

  private GbaUe ue(SimulatedUsim usim) {
    return new GbaUe(client, new UeAuthenticator(usim, "/"), NAME, "/");
  }

  @Test
  void should_bootstrap_and_agree_on_ks_when_ue_answers_correctly() throws Exception {
    start();
    SimulatedUsim usim = usim(1);

    GbaUe.Result result = await(ue(usim).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    GbaUe.Result.Bootstrapped b = (GbaUe.Result.Bootstrapped) result;
    assertThat(b.btid()).isEqualTo(Base64.getEncoder().encodeToString(b.rand()) + "@" + NAME);
    SecurityAssociation stored = await(sessions.find(new BTid(b.btid()))).orElseThrow();
    assertThat(stored.ks()).isEqualTo(b.ks());
    assertThat(stored.impi()).isEqualTo(SUBSCRIBERS.impi(1));
    assertThat(b.lifetime()).isEqualTo(stored.expiresAt());
    assertThat(b.lifetime())
        .isBetween(
            Instant.now().plus(Duration.ofMinutes(19)), Instant.now().plus(Duration.ofMinutes(21)));
  }

  @Test
  void should_answer_200_with_content_length_and_parseable_xml_when_bootstrapped()
      throws Exception {
    start();
    UeAuthenticator ue = new UeAuthenticator(usim(2), "/");
    GbaUe gba = new GbaUe(client, ue, NAME, "/");
    UbClient.Response challenge = await(gba.send(ue.initialAuthorization(NAME)));
    assertThat(challenge.status()).isEqualTo(401);
    assertThat(challenge.header("WWW-Authenticate"))
        .startsWith("Digest realm=\"bsf.home1.net\", nonce=\"")
        .contains("algorithm=AKAv1-MD5, qop=\"auth-int\", opaque=\"");
    UeAuthenticator.Step.Respond answer =
        (UeAuthenticator.Step.Respond) ue.onChallenge(challenge.header("WWW-Authenticate"), "GET");

    UbClient.Response ok = await(gba.send(answer.authorization()));

    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.header("Content-Type")).isEqualTo("application/vnd.3gpp.bsf+xml");
    assertThat(ok.header("Content-Length")).isEqualTo(Integer.toString(ok.body().length));
    assertThat(ok.header("Transfer-Encoding")).isNull();
    assertThat(new String(ok.body(), StandardCharsets.UTF_8))
        .startsWith("<?xml")
        .contains("<BootstrappingInfo xmlns=\"uri:3gpp-gba\">");
    BootstrappingInfo info = BootstrappingInfo.parse(ok.body()).orElseThrow();
    assertThat(info.btid())
        .isEqualTo(Base64.getEncoder().encodeToString(answer.keys().rand()) + "@" + NAME);
    assertThat(ok.header("Authentication-Info")).startsWith("qop=auth-int, rspauth=\"");
    assertThat(
            ue.checkAuthenticationInfo(ok.header("Authentication-Info"), ok.body(), answer.keys()))
        .isNull();
  }

  @Test
  void should_challenge_again_and_store_nothing_when_res_is_wrong() throws Exception {
    start();

    GbaUe.Result result = await(ue(usim(3)).bootstrap(true));

    assertThat(result).isInstanceOf(GbaUe.Result.Failed.class);
    GbaUe.Result.Failed f = (GbaUe.Result.Failed) result;
    assertThat(f.step()).isEqualTo("answer");
    assertThat(f.status()).isEqualTo(401);
    assertThat(sessions.size()).isZero();
  }

  @Test
  void should_refuse_with_403_when_wrong_responses_reach_the_limit() throws Exception {
    start();
    GbaUe ue = ue(usim(4));

    GbaUe.Result.Failed first = (GbaUe.Result.Failed) await(ue.bootstrap(true));
    GbaUe.Result.Failed second = (GbaUe.Result.Failed) await(ue.bootstrap(true));
    GbaUe.Result.Failed third = (GbaUe.Result.Failed) await(ue.bootstrap(true));

    assertThat(first.status()).isEqualTo(401);
    assertThat(second.status()).isEqualTo(401);
    assertThat(third.status()).isEqualTo(403);
    assertThat(third.detail()).contains("too many failed");
  }

  @Test
  void should_send_a_fresh_401_when_the_second_request_is_replayed() throws Exception {
    start();
    UeAuthenticator ue = new UeAuthenticator(usim(5), "/");
    GbaUe gba = new GbaUe(client, ue, NAME, "/");
    UbClient.Response challenge = await(gba.send(ue.initialAuthorization(NAME)));
    String answer =
        ((UeAuthenticator.Step.Respond) ue.onChallenge(challenge.header("WWW-Authenticate"), "GET"))
            .authorization();
    assertThat(await(gba.send(answer)).status()).isEqualTo(200);

    UbClient.Response replay = await(gba.send(answer));

    assertThat(replay.status()).isEqualTo(401);
    assertThat(replay.header("WWW-Authenticate"))
        .doesNotContain(challenge.header("WWW-Authenticate"));
    assertThat(sessions.size()).isEqualTo(1);
  }

  @Test
  void should_resynchronise_and_bootstrap_when_usim_finds_sqn_stale() throws Exception {
    start();
    SimulatedUsim usim = usim(6);
    usim.desynchronise(1L << 32);

    GbaUe.Result result = await(ue(usim).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    GbaUe.Result.Bootstrapped b = (GbaUe.Result.Bootstrapped) result;
    assertThat(b.resyncs()).isEqualTo(1);
    assertThat(await(sessions.find(new BTid(b.btid()))).orElseThrow().ks()).isEqualTo(b.ks());
  }

  @Test
  void should_refuse_with_403_when_the_hss_does_not_know_the_user() throws Exception {
    start();
    Impi stranger = new Impi("stranger@home1.net");
    SimulatedUsim usim = new SimulatedUsim(GeneratedSubscriberDirectory.derive(stranger));

    GbaUe.Result result = await(ue(usim).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(((GbaUe.Result.Failed) result).status()).isEqualTo(403);
    assertThat(((GbaUe.Result.Failed) result).step()).isEqualTo("initial");
  }

  @Test
  void should_answer_503_with_retry_after_when_the_hss_is_slower_than_the_budget()
      throws Exception {
    start(Duration.ofSeconds(30), Duration.ofMillis(300));
    UeAuthenticator ue = new UeAuthenticator(usim(7), "/");

    UbClient.Response r =
        await(new GbaUe(client, ue, NAME, "/").send(ue.initialAuthorization(NAME)));

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.header("Retry-After")).isEqualTo("5");
    assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("HSS unavailable");
  }

  @Test
  void should_answer_400_with_a_reason_when_authorization_is_malformed() throws Exception {
    start();

    UbClient.Response r =
        await(
            client.get(
                "/",
                Map.of(
                    "User-Agent",
                    UeAuthenticator.USER_AGENT,
                    "Authorization",
                    "Digest username=\"user8@home1.net\", nonce=\"abc")));

    assertThat(r.status()).isEqualTo(400);
    assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("unterminated quoted string");
  }

  @Test
  void should_answer_403_when_user_agent_lacks_the_gba_token() throws Exception {
    start();
    UeAuthenticator ue = new UeAuthenticator(usim(9), "/");

    UbClient.Response r =
        await(
            client.get(
                "/",
                Map.of("User-Agent", "curl/8.0", "Authorization", ue.initialAuthorization(NAME))));

    assertThat(r.status()).isEqualTo(403);
  }

  @Test
  void should_serve_many_bootstraps_on_one_keep_alive_connection_when_ues_take_turns()
      throws Exception {
    start();

    for (int n = 10; n < 30; n++) {
      GbaUe.Result result = await(ue(usim(n)).bootstrap());
      assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    }

    assertThat(sessions.size()).isEqualTo(20);
    assertThat(registry.get("bsf.ub.connections.accepted").counter().count()).isEqualTo(1.0);
  }

  @Test
  void should_open_a_new_connection_when_the_bsf_closed_the_previous_one() throws Exception {
    start();
    UbClient.Response tooLarge =
        await(
            client.get(
                "/",
                Map.of("User-Agent", UeAuthenticator.USER_AGENT, "X-Padding", "x".repeat(10_000))));
    assertThat(tooLarge.status()).isEqualTo(431);
    assertThat(tooLarge.header("Connection")).isEqualTo("close");

    GbaUe.Result result = await(ue(usim(31)).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(registry.get("bsf.ub.connections.accepted").counter().count()).isEqualTo(2.0);
  }
}
