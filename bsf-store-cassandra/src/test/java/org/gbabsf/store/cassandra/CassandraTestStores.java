package org.gbabsf.store.cassandra;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.core.seal.KeyRing;
import org.gbabsf.core.seal.Sealer;

/** One {@link CassandraStores} per test class, on the shared test Cassandra. */
final class CassandraTestStores {

  /** Keyspace of the store tests. */
  static final String KEYSPACE = "bsf_store_it";

  private CassandraTestStores() {}

  /** A key ring of one random key: the stores under test seal, as in production. */
  static final KeyRing RING = KeyRing.parse(KeyRing.newEntry(1, new java.security.SecureRandom()));

  /** Keys sealed under {@link #RING}, no TLS. */
  static final CassandraSecurity SEALED = CassandraSecurity.sealedBy(Sealer.with(RING));

  static CassandraStores connect(CassandraEndpoint endpoint) {
    return CassandraStores.connect(
        CassandraSettings.forLocal(endpoint.contactPoints(), endpoint.localDatacenter(), KEYSPACE),
        Clock.systemUTC(),
        new SimpleMeterRegistry(),
        SEALED);
  }
}
