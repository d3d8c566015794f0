package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Several instances starting at the same moment on an empty keyspace all create (or find) the
 * schema and serve: before, one of two died with a request timeout in the DDL.
 */
@ExtendWith(CassandraExtension.class)
class ConcurrentSchemaIT {

  private static final int INSTANCES = 3;

  @Test
  void should_serve_from_every_instance_when_several_create_the_schema_at_once(
      CassandraEndpoint endpoint) throws Exception {
    String keyspace = "bsf_concurrent_" + Long.toHexString(System.nanoTime());
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService starts = Executors.newFixedThreadPool(INSTANCES);
    List<CompletableFuture<CassandraStores>> started = new ArrayList<>();
    try {
      for (int i = 0; i < INSTANCES; i++) {
        started.add(
            CompletableFuture.supplyAsync(
                () -> {
                  awaitUninterruptibly(go);
                  return CassandraStores.connect(
                      CassandraSettings.forLocal(
                          endpoint.contactPoints(), endpoint.localDatacenter(), keyspace),
                      Clock.systemUTC(),
                      new SimpleMeterRegistry(),
                      CassandraTestStores.SEALED);
                },
                starts));
      }
      go.countDown();
      for (CompletableFuture<CassandraStores> s : started) {
        CassandraStores stores = s.get(3, TimeUnit.MINUTES);
        var challenge = Fixtures.challenge("user1@home1.net", java.time.Instant.now());
        stores.challengeStore().put(challenge, Duration.ofMinutes(1)).toCompletableFuture().join();

        var taken = stores.challengeStore().take(challenge.rand()).toCompletableFuture().join();
        assertThat(taken).isPresent();
        assertThat(taken.get().impi()).isEqualTo(challenge.impi());
        assertThat(taken.get().vector().xres()).isEqualTo(challenge.vector().xres());
      }
    } finally {
      for (CompletableFuture<CassandraStores> s : started) {
        s.thenAccept(CassandraStores::close);
      }
      starts.shutdown();
    }
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
