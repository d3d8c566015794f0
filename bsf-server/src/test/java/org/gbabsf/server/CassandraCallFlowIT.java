package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;
import static org.gbabsf.server.TestBsf.send;

import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.http.client.BootstrappingInfo;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * UE simulator against two BSF instances sharing one real Cassandra: any instance serves any step,
 * and sessions survive a BSF restart.
 */
@ExtendWith(CassandraExtension.class)
class CassandraCallFlowIT {

  private static final String KEYSPACE = "bsf_flow_it";
  private static CassandraEndpoint cassandra;

  private final TestBsf bsfs = new TestBsf();

  @BeforeAll
  static void cassandra(CassandraEndpoint endpoint) {
    cassandra = endpoint;
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  private BsfContext start(String challenges) throws InterruptedException {
    return bsfs.start(TestBsf.onCassandra(cassandra, KEYSPACE, challenges));
  }

  /** Runs the second half of a bootstrap: answers {@code challenge} through {@code client}. */
  private static UeAuthenticator.Step.Respond answer(
      UeAuthenticator ue, UbClient.Response challenge) {
    assertThat(challenge.status()).isEqualTo(401);
    return (UeAuthenticator.Step.Respond)
        ue.onChallenge(challenge.header("WWW-Authenticate"), "GET");
  }

  private static SecurityAssociation stored(BsfContext bsf, String btid) throws Exception {
    Optional<SecurityAssociation> found = await(bsf.sessionStore().find(new BTid(btid)));
    assertThat(found).as("session %s… in %s", btid.substring(0, 4), bsf.ubAddress()).isPresent();
    return found.get();
  }

  @Test
  void should_bootstrap_when_the_first_request_reaches_instance_1_and_the_answer_instance_2()
      throws Exception {
    BsfContext one = start("cassandra");
    BsfContext two = start("cassandra");
    UeAuthenticator ue = TestBsf.ue(101);

    UbClient.Response challenge = send(bsfs.client(one), ue.initialAuthorization(REALM));
    UeAuthenticator.Step.Respond respond = answer(ue, challenge);
    UbClient.Response ok = send(bsfs.client(two), respond.authorization());

    assertThat(ok.status()).isEqualTo(200);
    assertThat(
            ue.checkAuthenticationInfo(ok.header("Authentication-Info"), ok.body(), respond.keys()))
        .isNull();
    String btid = BootstrappingInfo.parse(ok.body()).orElseThrow().btid();
    assertThat(btid)
        .isEqualTo(Base64.getEncoder().encodeToString(respond.keys().rand()) + "@" + REALM);
    assertThat(stored(one, btid).ks()).isEqualTo(respond.keys().ks());
    assertThat(stored(two, btid).ks()).isEqualTo(respond.keys().ks());
  }

  @Test
  void should_serve_the_answer_from_cassandra_when_a_hybrid_instance_did_not_issue_it()
      throws Exception {
    BsfContext one = start("hybrid");
    BsfContext two = start("hybrid");
    UeAuthenticator ue = TestBsf.ue(102);
    UbClient.Response challenge = send(bsfs.client(one), ue.initialAuthorization(REALM));
    UeAuthenticator.Step.Respond respond = answer(ue, challenge);
    awaitChallengeRow(respond.keys().rand());

    UbClient.Response ok = send(bsfs.client(two), respond.authorization());

    assertThat(ok.status()).isEqualTo(200);
    assertThat(
            two.meterRegistry()
                .get("bsf.store.hybrid.takes")
                .tag("from", "cassandra")
                .functionCounter()
                .count())
        .isEqualTo(1.0);
  }

  /**
   * Issue #13's target for the default mode: every answer sent, with no pause, to the instance that
   * did not issue the 401 finds its challenge (the issuer defers its write by
   * store.hybrid.write-delay; the other instance reads again), so no UE gets a fresh 401.
   */
  @Test
  void should_find_every_challenge_when_1000_answers_reach_the_other_hybrid_instance_at_once()
      throws Exception {
    BsfContext one = start("hybrid");
    BsfContext two = start("hybrid");
    int lanes = 50;
    int rounds = 20;
    List<CompletableFuture<List<Integer>>> lanesDone = new java.util.ArrayList<>();
    for (int lane = 0; lane < lanes; lane++) {
      UeAuthenticator ue = TestBsf.ue(300 + lane);
      UbClient issuer = bsfs.client(one);
      UbClient other = bsfs.client(two);
      CompletableFuture<List<Integer>> statuses =
          CompletableFuture.completedFuture(new java.util.ArrayList<>());
      for (int round = 0; round < rounds; round++) {
        statuses =
            statuses.thenCompose(
                list ->
                    crossInstanceBootstrap(ue, issuer, other)
                        .thenApply(
                            status -> {
                              list.add(status);
                              return list;
                            }));
      }
      lanesDone.add(statuses);
    }

    List<Integer> finals = new java.util.ArrayList<>();
    for (CompletableFuture<List<Integer>> lane : lanesDone) {
      finals.addAll(lane.get(120, java.util.concurrent.TimeUnit.SECONDS));
    }

    assertThat(finals).hasSize(lanes * rounds).containsOnly(200);
    assertThat(hybridTakes(two, "none")).isZero();
    assertThat(hybridTakes(two, "cassandra") + hybridTakes(two, "cassandra_reread"))
        .isEqualTo(lanes * rounds);
    assertThat(hybridTakes(one, "local")).isZero();
  }

  /** First request to {@code issuer}, answer to {@code other}; the status of the answer. */
  private static CompletableFuture<Integer> crossInstanceBootstrap(
      UeAuthenticator ue, UbClient issuer, UbClient other) {
    Map<String, String> headers = Map.of("User-Agent", UeAuthenticator.USER_AGENT);
    return issuer
        .get("/", withAuthorization(headers, ue.initialAuthorization(REALM)))
        .thenCompose(
            challenge ->
                other.get("/", withAuthorization(headers, answer(ue, challenge).authorization())))
        .thenApply(UbClient.Response::status)
        .toCompletableFuture();
  }

  private static Map<String, String> withAuthorization(Map<String, String> h, String value) {
    Map<String, String> all = new java.util.HashMap<>(h);
    all.put("Authorization", value);
    return all;
  }

  private static double hybridTakes(BsfContext bsf, String from) {
    return bsf.meterRegistry()
        .get("bsf.store.hybrid.takes")
        .tag("from", from)
        .functionCounter()
        .count();
  }

  @Test
  void should_serve_the_answer_from_memory_when_a_hybrid_instance_issued_it() throws Exception {
    BsfContext one = start("hybrid");
    UeAuthenticator ue = TestBsf.ue(103);
    UbClient client = bsfs.client(one);

    UbClient.Response ok =
        send(client, answer(ue, send(client, ue.initialAuthorization(REALM))).authorization());

    assertThat(ok.status()).isEqualTo(200);
    assertThat(
            one.meterRegistry()
                .get("bsf.store.hybrid.takes")
                .tag("from", "local")
                .functionCounter()
                .count())
        .isEqualTo(1.0);
  }

  @Test
  void should_send_a_fresh_challenge_when_a_local_mode_answer_reaches_another_instance()
      throws Exception {
    BsfContext one = start("local");
    BsfContext two = start("local");
    UeAuthenticator ue = TestBsf.ue(104);
    UeAuthenticator.Step.Respond respond =
        answer(ue, send(bsfs.client(one), ue.initialAuthorization(REALM)));

    UbClient.Response elsewhere = send(bsfs.client(two), respond.authorization());

    assertThat(elsewhere.status()).isEqualTo(401);
    assertThat(elsewhere.header("WWW-Authenticate")).contains("nonce=\"");
  }

  @Test
  void should_still_find_the_session_when_the_bsf_is_restarted() throws Exception {
    BsfContext before = start("hybrid");
    UeAuthenticator ue = TestBsf.ue(105);
    UbClient client = bsfs.client(before);
    UeAuthenticator.Step.Respond respond = answer(ue, send(client, ue.initialAuthorization(REALM)));
    UbClient.Response ok = send(client, respond.authorization());
    String btid = BootstrappingInfo.parse(ok.body()).orElseThrow().btid();
    before.close();

    BsfContext after = start("hybrid");

    assertThat(stored(after, btid).ks()).isEqualTo(respond.keys().ks());
    assertThat(stored(after, btid).impi().value()).isEqualTo(ue.impi());
  }

  @Test
  void should_give_a_naf_on_instance_2_the_key_of_a_ue_bootstrapped_on_instance_1()
      throws Exception {
    BsfContext one = start("hybrid");
    Map<String, String> zn = TestBsf.onCassandra(cassandra, KEYSPACE, "hybrid");
    zn.put("zn.enabled", "true");
    zn.put("diameter.listen-port", Integer.toString(Ports.free()));
    BsfContext two = bsfs.start(zn);
    UeAuthenticator ue = TestBsf.ue(106);
    GbaUe.Result.Bootstrapped ueSide =
        (GbaUe.Result.Bootstrapped) await(new GbaUe(bsfs.client(one), ue, REALM, "/").bootstrap());
    NafId nafId = new NafId("naf.home1.net", Hex.decode("0100000002"));

    BiaResult answer =
        await(
            bsfs.connectedNaf("naf.home1.net", "home1.net", two)
                .query(new BTid(ueSide.btid()), nafId, List.of(), false, Duration.ofSeconds(5)));

    assertThat(answer).isInstanceOf(BiaResult.Keys.class);
    byte[] nafKey = ((BiaResult.Keys) answer).ksExtNaf();
    byte[] ueKey =
        GbaKdf.ksNaf(ueSide.ks(), GbaKdf.GBA_ME, ueSide.rand(), ue.impi(), nafId.octets());
    assertThat(nafKey).isEqualTo(ueKey);
  }

  @Test
  void should_bootstrap_the_ue_as_its_impi_at_instance_2_when_it_presents_the_tmpi_of_instance_1()
      throws Exception {
    BsfContext one = start("hybrid");
    BsfContext two = start("hybrid");
    UeAuthenticator ue = tmpiUe(107);
    bootstrapped(new GbaUe(bsfs.client(one), ue, REALM, "/"));
    Tmpi given = ue.tmpi().orElseThrow();

    GbaUe.Result.Bootstrapped second = bootstrapped(new GbaUe(bsfs.client(two), ue, REALM, "/"));

    assertThat(stored(two, second.btid()).impi().value()).isEqualTo(ue.impi());
    // The second run named the TMPI, which instance 2 found in Cassandra at its first request;
    // the answers (an AUTS among them: each instance's simulated HSS has SQNs of its own) take
    // their IMPI from the challenge.
    assertThat(tmpiFinds(two)).isEqualTo(1);
    assertThat(ubResponses(two, "rejected_tmpi_unknown")).isZero();
    assertThat(allocatedTmpis(one)).isEqualTo(1.0);
    assertThat(allocatedTmpis(two)).isEqualTo(1.0);
    Tmpi next = ue.tmpi().orElseThrow();
    assertThat(next).isNotEqualTo(given);
    assertThat(new String(tmpiRowImpi(next).orElseThrow(), StandardCharsets.ISO_8859_1))
        .as("impi_by_tmpi holds the IMPI sealed, not in clear")
        .isNotEmpty()
        .doesNotContain(ue.impi());
    assertThat(tmpiRowImpi(given)).as("the TMPI used was deleted: one live TMPI a UE").isEmpty();
  }

  /** A UE of generated subscriber {@code n} announcing {@code 3gpp-gba-tmpi}. */
  private static UeAuthenticator tmpiUe(int n) {
    GeneratedSubscriberDirectory dir = new GeneratedSubscriberDirectory(1000, "home1.net");
    return new UeAuthenticator(new SimulatedUsim(dir.find(dir.impi(n)).orElseThrow()), "/", true);
  }

  private static GbaUe.Result.Bootstrapped bootstrapped(GbaUe ue) throws Exception {
    GbaUe.Result r = await(ue.bootstrap());
    assertThat(r).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    return (GbaUe.Result.Bootstrapped) r;
  }

  private static long tmpiFinds(BsfContext bsf) {
    return bsf.meterRegistry()
        .get("bsf.store.latency")
        .tags("store", "tmpi", "op", "find")
        .timer()
        .count();
  }

  private static double ubResponses(BsfContext bsf, String outcome) {
    return bsf.meterRegistry().get("bsf.ub.responses").tag("outcome", outcome).counter().count();
  }

  private static double allocatedTmpis(BsfContext bsf) {
    return bsf.meterRegistry().get("bsf.ub.tmpi").tag("outcome", "allocated").counter().count();
  }

  /** The {@code impi} column of {@code tmpi}'s row in {@code impi_by_tmpi}, read with CQL. */
  private static Optional<byte[]> tmpiRowImpi(Tmpi tmpi) {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoints(cassandra.contactPoints())
            .withLocalDatacenter(cassandra.localDatacenter())
            .build()) {
      var row =
          session
              .execute(
                  "SELECT impi FROM " + KEYSPACE + ".impi_by_tmpi WHERE tmpi = ?", tmpi.value())
              .one();
      if (row == null) {
        return Optional.empty();
      }
      ByteBuffer impi = row.getByteBuffer("impi");
      byte[] out = new byte[impi.remaining()];
      impi.duplicate().get(out);
      return Optional.of(out);
    }
  }

  /** Waits (by querying, not sleeping) until the background write of a hybrid put has landed. */
  private static void awaitChallengeRow(byte[] rand) {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoints(cassandra.contactPoints())
            .withLocalDatacenter(cassandra.localDatacenter())
            .build()) {
      boolean written =
          org.gbabsf.core.testing.Poll.until(
              () ->
                  session
                          .execute(
                              "SELECT rand FROM " + KEYSPACE + ".pending_challenge WHERE rand = ?",
                              ByteBuffer.wrap(rand))
                          .one()
                      != null,
              Duration.ofSeconds(10));
      assertThat(written).as("challenge row written in time").isTrue();
    }
  }
}
