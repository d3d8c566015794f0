package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.http.client.BootstrapLoop;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A 3-node cluster (127.0.0.2–4, RF 3, LOCAL_QUORUM): bootstraps run continuously while one node is
 * killed with SIGKILL, and none fails. Runs in its own failsafe execution (see the pom).
 */
class CassandraMultiNodeIT {

  private static final int UES = 4;

  private final TestBsf bsfs = new TestBsf();
  private LocalCassandraCluster cluster;

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void should_lose_no_bootstrap_when_one_of_three_nodes_is_killed_under_load() throws Exception {
    cluster =
        LocalCassandraCluster.of(
                Path.of("target", "cassandra", "multi-node"),
                List.of(
                    new LocalCassandraCluster.NodeDef("127.0.0.2", "datacenter1"),
                    new LocalCassandraCluster.NodeDef("127.0.0.3", "datacenter1"),
                    new LocalCassandraCluster.NodeDef("127.0.0.4", "datacenter1")),
                768)
            .start();
    Map<String, String> settings =
        TestBsf.onCassandra(cluster.endpoint(), "bsf_multi_node_it", "cassandra");
    settings.put("cassandra.replication", "SimpleStrategy:3");
    settings.put("cassandra.consistency", "LOCAL_QUORUM");
    settings.put("ub.store-timeout", "5s");
    settings.put("cassandra.request-timeout", "4s");
    BsfContext bsf = bsfs.start(settings);

    GeneratedSubscriberDirectory dir = new GeneratedSubscriberDirectory(UES, "home1.net");
    List<GbaUe> ues = new ArrayList<>();
    for (int u = 0; u < UES; u++) {
      ues.add(
          new GbaUe(
              bsfs.client(bsf),
              new UeAuthenticator(new SimulatedUsim(dir.find(dir.impi(u)).orElseThrow()), "/"),
              TestBsf.REALM,
              "/"));
    }
    BootstrapLoop load = new BootstrapLoop(ues).start();

    assertThat(Poll.until(() -> load.bootstrapped() >= 200, Duration.ofSeconds(60))).isTrue();
    int beforeKill = load.bootstrapped();
    cluster.nodes().get(1).kill();
    load.mark();
    assertThat(Poll.until(() -> load.bootstrappedSinceMark() >= 500, Duration.ofSeconds(90)))
        .as("bootstraps continue after the kill")
        .isTrue();
    load.stop();

    System.out.printf(
        "[multi-node] bootstraps: %d before the kill, %d after it, failures: %s%n",
        beforeKill,
        load.bootstrappedSinceMark(),
        load.failures().isEmpty() ? "none" : load.failures());
    assertThat(cluster.nodes().get(1).isRunning()).isFalse();
    assertThat(load.failures()).as("bootstrap failures").isEmpty();
  }
}
