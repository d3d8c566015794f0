package org.gbabsf.store.cassandra;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How to reach and use Cassandra, validated by the server's configuration.
 *
 * @param contactPoints CQL contact points
 * @param localDatacenter the datacenter this BSF runs in (the driver only uses its nodes)
 * @param keyspace the keyspace
 * @param replication the keyspace's replication, e.g. {@code SimpleStrategy:1} or {@code
 *     NetworkTopologyStrategy:dc1=3,dc2=3}
 * @param consistency consistency of every request, e.g. {@code LOCAL_QUORUM}
 * @param requestTimeout driver request timeout
 * @param maxRequestsInFlight driver throttler: concurrent requests
 * @param maxQueuedRequests driver throttler: requests waiting beyond that
 * @param createSchema whether to apply the schema at start
 * @param sessionByImpi whether to maintain the IMPI → B-TID index
 * @param challengeTtl TTL of pending challenges (ub.challenge-validity)
 * @param sessionTtl table default TTL of sessions (session.max-lifetime)
 * @param tmpiTtl how long TMPI mappings live (ub.tmpi.lifetime), which sizes their table's
 *     compaction windows
 * @param username optional username (empty for none)
 * @param password optional password
 * @param remoteDcFailoverNodes nodes per remote DC the driver may use when every node of the local
 *     DC is down (0: none, the local DC only); requests then run at their consistency level in the
 *     remote DC
 */
public record CassandraSettings(
    List<InetSocketAddress> contactPoints,
    String localDatacenter,
    String keyspace,
    String replication,
    String consistency,
    Duration requestTimeout,
    int maxRequestsInFlight,
    int maxQueuedRequests,
    boolean createSchema,
    boolean sessionByImpi,
    Duration challengeTtl,
    Duration sessionTtl,
    Duration tmpiTtl,
    String username,
    String password,
    int remoteDcFailoverNodes) {

  /** Copies the list and checks nulls. */
  public CassandraSettings {
    contactPoints = List.copyOf(contactPoints);
    Objects.requireNonNull(localDatacenter, "localDatacenter");
    Objects.requireNonNull(keyspace, "keyspace");
    username = username == null ? "" : username;
    password = password == null ? "" : password;
  }

  /** Settings for tests and the demo: one DC, SimpleStrategy RF 1, LOCAL_QUORUM, schema created. */
  public static CassandraSettings forLocal(
      List<InetSocketAddress> contactPoints, String localDatacenter, String keyspace) {
    return new CassandraSettings(
        contactPoints,
        localDatacenter,
        keyspace,
        "SimpleStrategy:1",
        "LOCAL_QUORUM",
        Duration.ofSeconds(2),
        128,
        10_000,
        true,
        false,
        Duration.ofMinutes(5),
        Duration.ofHours(1),
        Duration.ofDays(7),
        "",
        "",
        0);
  }

  @Override
  public String toString() {
    return "CassandraSettings[" + contactPoints + ", dc " + localDatacenter + ", " + keyspace + "]";
  }
}
