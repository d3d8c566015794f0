package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.core.testing.MutableClock;

/**
 * What a store's contract IT needs on a real node: the sealed stores on a {@link MutableClock} (at
 * the millisecond, as Cassandra stores times), a second, independent connection (another BSF
 * instance), and a raw CQL session to read rows and write them behind the store's back. The tables
 * named are emptied first: rows of an earlier run on a reused Cassandra
 * (BSF_TEST_CASSANDRA=external) may still live.
 */
final class StoreItFixture implements AutoCloseable {

  final MutableClock clock = new MutableClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));
  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final CassandraStores stores;
  final CassandraStores otherInstance;
  final CqlSession cql;

  private StoreItFixture(CassandraEndpoint endpoint, String keyspace, String... truncate) {
    stores = connect(endpoint, keyspace, registry);
    otherInstance = connect(endpoint, keyspace, new SimpleMeterRegistry());
    cql =
        CqlSession.builder()
            .addContactPoints(endpoint.contactPoints())
            .withLocalDatacenter(endpoint.localDatacenter())
            .build();
    for (String table : truncate) {
      cql.execute(
          SimpleStatement.newInstance("TRUNCATE " + keyspace + "." + table)
              .setTimeout(Duration.ofSeconds(30)));
    }
  }

  /** Connected to {@link CassandraTestStores#KEYSPACE}, {@code truncate}'s tables emptied. */
  static StoreItFixture open(CassandraEndpoint endpoint, String... truncate) {
    return new StoreItFixture(endpoint, CassandraTestStores.KEYSPACE, truncate);
  }

  /** Sealed stores on this fixture's clock, in {@code keyspace} at {@code endpoint}. */
  CassandraStores connect(CassandraEndpoint endpoint, String keyspace, MeterRegistry meters) {
    return CassandraStores.connect(
        CassandraSettings.forLocal(endpoint.contactPoints(), endpoint.localDatacenter(), keyspace),
        clock,
        meters,
        CassandraTestStores.SEALED);
  }

  @Override
  public void close() {
    stores.close();
    otherInstance.close();
    cql.close();
  }
}
