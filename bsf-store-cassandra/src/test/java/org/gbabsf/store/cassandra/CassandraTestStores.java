package org.gbabsf.store.cassandra;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.gbabsf.cassandra.local.CassandraEndpoint;

/** One {@link CassandraStores} per test class, on the shared test Cassandra. */
final class CassandraTestStores {

  /** Keyspace of the store tests. */
  static final String KEYSPACE = "bsf_store_it";

  private CassandraTestStores() {}

  static CassandraStores connect(CassandraEndpoint endpoint) {
    return CassandraStores.connect(
        CassandraSettings.forLocal(endpoint.contactPoints(), endpoint.localDatacenter(), KEYSPACE),
        Clock.systemUTC(),
        new SimpleMeterRegistry());
  }
}
