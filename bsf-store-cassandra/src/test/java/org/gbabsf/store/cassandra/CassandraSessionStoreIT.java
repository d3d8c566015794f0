package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.store.SessionStoreContract;
import org.gbabsf.core.testing.Fixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The session store contract against a real Cassandra, plus the IMPI index. */
@ExtendWith(CassandraExtension.class)
class CassandraSessionStoreIT extends SessionStoreContract {

  private static CassandraStores stores;
  private static CassandraStores indexed;

  @BeforeAll
  static void connect(CassandraEndpoint endpoint) {
    stores = CassandraTestStores.connect(endpoint);
    CassandraSettings base =
        CassandraSettings.forLocal(
            endpoint.contactPoints(), endpoint.localDatacenter(), CassandraTestStores.KEYSPACE);
    indexed =
        CassandraStores.connect(
            new CassandraSettings(
                base.contactPoints(),
                base.localDatacenter(),
                base.keyspace(),
                base.replication(),
                base.consistency(),
                base.requestTimeout(),
                base.maxRequestsInFlight(),
                base.maxQueuedRequests(),
                false,
                true,
                base.challengeTtl(),
                base.sessionTtl(),
                base.tmpiTtl(),
                "",
                "",
                0),
            java.time.Clock.systemUTC(),
            new io.micrometer.core.instrument.simple.SimpleMeterRegistry(),
            CassandraTestStores.SEALED);
  }

  @AfterAll
  static void close() {
    stores.close();
    indexed.close();
  }

  @Override
  protected SessionStore newStore() {
    return stores.sessionStore();
  }

  @Override
  protected void elapse(Duration d) {
    RealTime.letPass(d);
  }

  @Override
  protected Instant now() {
    return Instant.now();
  }

  @Test
  void should_map_the_impi_to_its_latest_btid_when_the_index_is_on() throws Exception {
    SecurityAssociation first = Fixtures.session("ops@home1.net", now(), Duration.ofHours(1));
    SecurityAssociation second = Fixtures.session("ops@home1.net", now(), Duration.ofHours(1));
    CassandraSessionStore store = indexed.sessionStore();
    store.put(first).toCompletableFuture().get(10, TimeUnit.SECONDS);
    store.put(second).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertThat(store.currentBtid(second.impi()).toCompletableFuture().get(10, TimeUnit.SECONDS))
        .contains(second.btid());
  }

  @Test
  void should_not_answer_by_impi_when_the_index_is_off() throws Exception {
    SecurityAssociation s = Fixtures.session("quiet@home1.net", now(), Duration.ofHours(1));
    stores.sessionStore().put(s).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertThat(stores.sessionStore().currentBtid(s.impi()).toCompletableFuture().get()).isEmpty();
  }
}
