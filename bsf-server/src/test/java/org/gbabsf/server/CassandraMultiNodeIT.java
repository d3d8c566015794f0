package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
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

    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger ok = new AtomicInteger();
    AtomicInteger okAfterKill = new AtomicInteger();
    AtomicBoolean killed = new AtomicBoolean();
    ConcurrentMap<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    GeneratedSubscriberDirectory dir = new GeneratedSubscriberDirectory(UES, "home1.net");
    List<CompletableFuture<Void>> loops = new ArrayList<>();
    for (int u = 0; u < UES; u++) {
      UbClient client = bsfs.client(bsf);
      GbaUe ue =
          new GbaUe(
              client,
              new UeAuthenticator(new SimulatedUsim(dir.find(dir.impi(u)).orElseThrow()), "/"),
              TestBsf.REALM,
              "/");
      loops.add(
          CompletableFuture.runAsync(
              () -> {
                while (running.get()) {
                  GbaUe.Result r = ue.bootstrap().toCompletableFuture().join();
                  if (r instanceof GbaUe.Result.Bootstrapped) {
                    ok.incrementAndGet();
                    if (killed.get()) {
                      okAfterKill.incrementAndGet();
                    }
                  } else {
                    GbaUe.Result.Failed f = (GbaUe.Result.Failed) r;
                    failures
                        .computeIfAbsent(f.step() + " " + f.status(), k -> new AtomicInteger())
                        .incrementAndGet();
                  }
                }
              }));
    }

    awaitCount(ok, 200, Duration.ofSeconds(60));
    int beforeKill = ok.get();
    cluster.nodes().get(1).kill();
    killed.set(true);
    awaitCount(okAfterKill, 500, Duration.ofSeconds(90));
    running.set(false);
    CompletableFuture.allOf(loops.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

    Map<String, Integer> failed = new TreeMap<>();
    failures.forEach((k, v) -> failed.put(k, v.get()));
    System.out.printf(
        "[multi-node] bootstraps: %d before the kill, %d after it, failures: %s%n",
        beforeKill, okAfterKill.get(), failed.isEmpty() ? "none" : failed);
    assertThat(cluster.nodes().get(1).isRunning()).isFalse();
    assertThat(failed).as("bootstrap failures").isEmpty();
  }

  /** Waits for {@code counter} to reach {@code target}, driven by the load loops' progress. */
  private static void awaitCount(AtomicInteger counter, int target, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (counter.get() < target) {
      assertThat(System.nanoTime())
          .as("%d of %d bootstraps within %s", counter.get(), target, timeout)
          .isLessThan(deadline);
      Thread.onSpinWait();
    }
  }
}
