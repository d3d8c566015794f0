package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.send;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Start-up in any order: the BSF starts before Cassandra and before its HSS, stays up, says on
 * {@code /ready} what is missing, answers UEs 503 with Retry-After, and serves as soon as each
 * dependency appears, without a restart. A Cassandra that answers with wrong credentials, or
 * without the keyspace the BSF may not create, ends {@code bsf serve} with its own exit code.
 */
class StartupOrderIT {

  /** A node address no other test uses, so nothing answers there until this test starts it. */
  private static final String CASSANDRA_ADDRESS = "127.0.0.6";

  private final TestBsf bsfs = new TestBsf();
  private LocalCassandraCluster cassandra;

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    if (cassandra != null) {
      cassandra.close();
    }
  }

  private static HttpResponse<String> ready(BsfContext bsf) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + bsf.adminAddress().getPort() + "/ready"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private static void bootstraps(UbClient client, int subscriber) throws Exception {
    UeAuthenticator ue = TestBsf.ue(subscriber);
    UbClient.Response challenge = send(client, ue.initialAuthorization(REALM));
    assertThat(challenge.status()).isEqualTo(401);
    UeAuthenticator.Step.Respond respond =
        (UeAuthenticator.Step.Respond) ue.onChallenge(challenge.header("WWW-Authenticate"), "GET");
    assertThat(send(client, respond.authorization()).status()).isEqualTo(200);
  }

  private static Map<String, String> onLocalCassandra(String keyspace, String password) {
    Map<String, String> s = new HashMap<>();
    s.put("store.type", "cassandra");
    s.put("cassandra.contact-points", CASSANDRA_ADDRESS + ":9042");
    s.put("cassandra.local-datacenter", "datacenter1");
    s.put("cassandra.keyspace", keyspace);
    s.put("cassandra.username", "cassandra");
    s.put("cassandra.password", password);
    s.put("store.seal.key-ring-file", TestBsf.keyRing().toString());
    return s;
  }

  @Test
  void should_serve_once_cassandra_appears_and_exit_with_its_code_when_cassandra_refuses()
      throws Exception {
    BsfContext bsf = bsfs.start(onLocalCassandra("bsf_order_it", "cassandra"));
    UbClient client = bsfs.client(bsf);

    HttpResponse<String> notReady = ready(bsf);
    UbClient.Response refused = send(client, TestBsf.ue(301).initialAuthorization(REALM));

    assertThat(notReady.statusCode()).isEqualTo(503);
    assertThat(notReady.body())
        .contains("NOT READY")
        .contains("cassandra: down (connecting to [/" + CASSANDRA_ADDRESS + ":9042]");
    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("5");
    assertThat(
            bsf.meterRegistry()
                .get("bsf.ub.responses")
                .tags("status", "503", "outcome", "rejected_store_unavailable")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(bsf.meterRegistry().get("bsf.store.cassandra.connected").gauge().value()).isZero();

    cassandra =
        LocalCassandraCluster.singleNode(
                Path.of("target", "cassandra", "startup-order"), CASSANDRA_ADDRESS, 768)
            .withPasswordAuth()
            .start();
    boolean connected = Poll.until(() -> bsf.readiness().ready(), Duration.ofSeconds(90));

    assertThat(connected).as("connected without a restart").isTrue();
    assertThat(ready(bsf).statusCode()).isEqualTo(200);
    assertThat(bsf.meterRegistry().get("bsf.store.cassandra.connected").gauge().value())
        .isEqualTo(1.0);
    assertThat(
            bsf.meterRegistry()
                .get("bsf.store.cassandra.connect_failures")
                .functionCounter()
                .count())
        .isGreaterThanOrEqualTo(1.0);
    bootstraps(client, 302);

    assertThat(serve(onLocalCassandra("bsf_order_it", "not-the-password")))
        .isEqualTo(ExitCode.CASSANDRA_CREDENTIALS.code())
        .isEqualTo(5);
    Map<String, String> noSchema = onLocalCassandra("bsf_absent_it", "cassandra");
    noSchema.put("cassandra.schema.create", "false");
    assertThat(serve(noSchema)).isEqualTo(ExitCode.CASSANDRA_SCHEMA.code()).isEqualTo(6);
    assertThat(command.stderr())
        .contains("refused the user name or password")
        .contains("keyspace bsf_absent_it does not exist and cassandra.schema.create is false")
        .doesNotContain("not-the-password")
        .doesNotContain("\tat ");
  }

  private final ServeCommand command = new ServeCommand();

  /** {@code bsf serve} in-process with {@code settings}; its exit code, within a minute. */
  private int serve(Map<String, String> settings) throws Exception {
    Map<String, String> all = new HashMap<>(settings);
    all.put("hss.type", "simulated");
    all.put("zn.enabled", "false");
    all.put("ub.listen-address", "127.0.0.1");
    all.put("ub.port", "0");
    all.put("admin.port", "0");
    List<String> options = new ArrayList<>();
    all.forEach((k, v) -> options.add(k + "=" + v));
    return command.run(options);
  }

  @Test
  void should_serve_once_the_hss_appears_when_started_before_it() throws Exception {
    int hssPort = Ports.free();
    Map<String, String> settings = new HashMap<>();
    settings.put("hss.type", "zh");
    settings.put("zh.peers", "hss1.home1.net=127.0.0.1:" + hssPort);
    settings.put("diameter.listen-port", Integer.toString(Ports.free()));
    settings.put("diameter.reconnect-interval", "1s");
    BsfContext bsf = bsfs.start(settings);
    UbClient client = bsfs.client(bsf);

    HttpResponse<String> notReady = ready(bsf);
    UbClient.Response refused = send(client, TestBsf.ue(311).initialAuthorization(REALM));

    assertThat(notReady.statusCode()).isEqualTo(503);
    assertThat(notReady.body()).contains("hss: down (no HSS peer connected");
    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("5");

    try (ZhHssSimulator hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings("hss1.home1.net", "home1.net", "127.0.0.1", hssPort, true),
            new GeneratedSubscriberDirectory(1000, "home1.net"),
            new org.gbabsf.core.sim.SimulatedGuss(Duration.ofHours(1)))) {
      boolean connected = Poll.until(() -> bsf.readiness().ready(), Duration.ofSeconds(60));

      assertThat(connected).as("HSS connected without a restart").isTrue();
      bootstraps(client, 312);
    }
  }
}
