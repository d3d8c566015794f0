package org.gbabsf.store.cassandra;

import java.time.Duration;
import java.time.Instant;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.store.ChallengeStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The challenge store contract against a real Cassandra. */
@ExtendWith(CassandraExtension.class)
class CassandraChallengeStoreIT extends ChallengeStoreContract {

  private static CassandraStores stores;

  @BeforeAll
  static void connect(CassandraEndpoint endpoint) {
    stores = CassandraTestStores.connect(endpoint);
  }

  @AfterAll
  static void close() {
    stores.close();
  }

  @Override
  protected ChallengeStore newStore() {
    return stores.challengeStore();
  }

  @Override
  protected void elapse(Duration d) {
    RealTime.letPass(d);
  }

  @Override
  protected Instant now() {
    return Instant.now();
  }

  @Override
  protected boolean exactlyOneTaker() {
    return false; // read-then-delete without LWT: see CassandraChallengeStore
  }
}
