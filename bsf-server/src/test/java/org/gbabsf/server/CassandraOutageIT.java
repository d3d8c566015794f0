package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.send;

import java.nio.file.Path;
import java.time.Duration;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Cassandra dies under the BSF: the UE gets 503 with Retry-After (never a hang, never a 500), the
 * failure is counted, and the BSF recovers by itself when Cassandra is back. Uses its own local
 * node on 127.0.0.5, which it can kill with SIGKILL.
 */
class CassandraOutageIT {

  private final TestBsf bsfs = new TestBsf();
  private LocalCassandraCluster cassandra;

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    if (cassandra != null) {
      cassandra.close();
    }
  }

  private static int firstRequestStatus(UbClient client, int subscriber) throws Exception {
    UeAuthenticator ue = TestBsf.ue(subscriber);
    return send(client, ue.initialAuthorization(REALM)).status();
  }

  @Test
  void should_answer_503_with_retry_after_while_cassandra_is_down_and_recover_after()
      throws Exception {
    cassandra =
        LocalCassandraCluster.singleNode(Path.of("target", "cassandra", "outage"), "127.0.0.5", 768)
            .start();
    BsfContext bsf =
        bsfs.start(TestBsf.onCassandra(cassandra.endpoint(), "bsf_outage_it", "cassandra"));
    UbClient client = bsfs.client(bsf);
    assertThat(firstRequestStatus(client, 201)).isEqualTo(401);

    cassandra.nodes().get(0).kill();
    long start = System.nanoTime();
    UbClient.Response down = send(client, TestBsf.ue(202).initialAuthorization(REALM));
    Duration answeredAfter = Duration.ofNanos(System.nanoTime() - start);

    assertThat(down.status()).isEqualTo(503);
    assertThat(down.header("Retry-After")).isEqualTo("5");
    assertThat(answeredAfter).isLessThan(Duration.ofSeconds(5));
    assertThat(
            bsf.meterRegistry()
                .get("bsf.ub.responses")
                .tags("status", "503", "outcome", "rejected_store_unavailable")
                .counter()
                .count())
        .isGreaterThanOrEqualTo(1.0);
    assertThat(bsf.meterRegistry().get("bsf.store.errors").tag("op", "put").counters())
        .isNotEmpty();

    cassandra.nodes().get(0).start(LocalCassandraCluster.START_TIMEOUT);
    boolean reconnected =
        Poll.until(() -> bsf.cassandra().orElseThrow().isAvailable(), Duration.ofSeconds(60));

    assertThat(reconnected).as("driver reconnected to the restarted node").isTrue();
    // The driver reports the node up when its control connection is back; its request pool may
    // follow a moment later (reconnection backoff), so recovery is asserted within a bound.
    java.util.concurrent.atomic.AtomicInteger subscriber =
        new java.util.concurrent.atomic.AtomicInteger(203);
    assertThat(
            Poll.until(
                () -> {
                  try {
                    return firstRequestStatus(client, subscriber.getAndIncrement()) == 401;
                  } catch (Exception e) {
                    return false;
                  }
                },
                Duration.ofSeconds(30)))
        .as("BSF recovered without restart")
        .isTrue();
  }
}
