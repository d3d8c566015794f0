package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The Cassandra cluster of store.type cassandra: contact points, keyspace, consistency, credentials
 * and TLS.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param contactPoints {@code cassandra.contact-points}: CQL contact points
 * @param localDatacenter {@code cassandra.local-datacenter}: The datacenter this BSF runs in
 * @param keyspace {@code cassandra.keyspace}: The keyspace
 * @param replication {@code cassandra.replication}: Replication of the keyspace, used when the BSF
 *     creates it
 * @param consistency {@code cassandra.consistency}: Consistency level of every request, upper case
 * @param requestTimeout {@code cassandra.request-timeout}: Driver request timeout
 * @param maxRequestsInFlight {@code cassandra.max-requests-in-flight}: Driver throttler: concurrent
 *     requests
 * @param maxQueuedRequests {@code cassandra.max-queued-requests}: Driver throttler: queued requests
 * @param schemaCreate {@code cassandra.schema.create}: Whether the BSF creates its keyspace and
 *     tables at start
 * @param sessionByImpi {@code cassandra.session-by-impi}: Whether to maintain the IMPI → B-TID
 *     index
 * @param remoteDcFailover {@code cassandra.remote-dc-failover}: Remote-DC nodes the driver may use
 *     when the local DC is down
 * @param sessionMissWait {@code cassandra.session-miss-wait}: How long a Zn/Nbsp lookup that misses
 *     reads Cassandra again
 * @param username {@code cassandra.username}: Optional username
 * @param password {@code cassandra.password}: Optional password
 * @param passwordFile {@code cassandra.password-file}: Cassandra password from a file
 * @param tlsEnabled {@code cassandra.tls.enabled}: Cassandra client TLS
 * @param tlsTrust {@code cassandra.tls.trust}: CAs for Cassandra's certificates
 * @param tlsCertificate {@code cassandra.tls.certificate}: Client certificate for Cassandra
 * @param tlsPrivateKey {@code cassandra.tls.private-key}: Private key of the Cassandra client
 *     certificate
 * @param tlsHostnameVerification {@code cassandra.tls.hostname-verification}: Whether node
 *     certificates must name the address connected to
 */
public record CassandraConfig(
    List<HostPort> contactPoints,
    String localDatacenter,
    String keyspace,
    String replication,
    String consistency,
    Duration requestTimeout,
    int maxRequestsInFlight,
    int maxQueuedRequests,
    boolean schemaCreate,
    boolean sessionByImpi,
    int remoteDcFailover,
    Duration sessionMissWait,
    String username,
    String password,
    Optional<Path> passwordFile,
    boolean tlsEnabled,
    Optional<Path> tlsTrust,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    boolean tlsHostnameVerification) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** CQL contact points. */
  public static final ConfigKey<List<HostPort>> CONTACT_POINTS =
      KEYS.add(
          ConfigKey.of(
              "cassandra.contact-points",
              EntryTypes.contactPoints(),
              "127.0.0.1:9042",
              "Comma-separated host:port CQL contact points of the local datacenter."));

  /** The datacenter this BSF runs in. */
  public static final ConfigKey<String> LOCAL_DATACENTER =
      KEYS.add(
          ConfigKey.of(
              "cassandra.local-datacenter",
              ValueTypes.string(),
              "datacenter1",
              "The Cassandra datacenter of this BSF; the driver only uses its nodes, and"
                  + " LOCAL_QUORUM is counted there."));

  /** The keyspace. */
  public static final ConfigKey<String> KEYSPACE =
      KEYS.add(
          ConfigKey.of(
                  "cassandra.keyspace", ValueTypes.string(), "bsf", "Keyspace of the BSF tables.")
              .withValidator(
                  Validator.of(
                      "lower-case identifier",
                      org.gbabsf.store.cassandra.Schema::acceptsKeyspace,
                      "must be a lower-case identifier of at most 48 characters")));

  /** Replication of the keyspace, used when the BSF creates it. */
  public static final ConfigKey<String> REPLICATION =
      KEYS.add(
          ConfigKey.of(
                  "cassandra.replication",
                  ValueTypes.string(),
                  "SimpleStrategy:1",
                  "Keyspace replication when the BSF creates it: SimpleStrategy:N for one DC,"
                      + " NetworkTopologyStrategy:dc1=3,dc2=3 in production.")
              .withValidator(
                  Validator.of(
                      "SimpleStrategy:N or NetworkTopologyStrategy:dc=N[,dc=N]",
                      org.gbabsf.store.cassandra.Schema::acceptsReplication,
                      "must be SimpleStrategy:N or NetworkTopologyStrategy:dc=N[,dc=N] (N 1..99)")));

  /** Consistency level of every request. */
  public static final ConfigKey<String> CONSISTENCY =
      KEYS.add(
          ConfigKey.of(
              "cassandra.consistency",
              ValueTypes.oneOf("LOCAL_QUORUM", "LOCAL_ONE", "ONE", "QUORUM", "EACH_QUORUM", "ALL"),
              "LOCAL_QUORUM",
              "Consistency of every read and write; LOCAL_QUORUM survives the loss of a node"
                  + " per DC and of a whole remote DC."));

  /** Driver request timeout. */
  public static final ConfigKey<Duration> REQUEST_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "cassandra.request-timeout",
              ValueTypes.positiveDuration(),
              "1500ms",
              "Driver timeout of one request, retries included; keep it below"
                  + " ub.store-timeout."));

  /** Driver throttler: concurrent requests. */
  public static final ConfigKey<Integer> MAX_REQUESTS_IN_FLIGHT =
      KEYS.add(
          ConfigKey.of(
              "cassandra.max-requests-in-flight",
              ValueTypes.integer(1, 100_000),
              "128",
              "Requests the driver sends at once; more wait in its queue."));

  /** Driver throttler: queued requests. */
  public static final ConfigKey<Integer> MAX_QUEUED_REQUESTS =
      KEYS.add(
          ConfigKey.of(
              "cassandra.max-queued-requests",
              ValueTypes.integer(0, 1_000_000),
              "10000",
              "Requests waiting for a slot; beyond it requests fail at once (the UE gets 503)."));

  /** Whether the BSF creates its keyspace and tables at start. */
  public static final ConfigKey<Boolean> SCHEMA_CREATE =
      KEYS.add(
          ConfigKey.of(
              "cassandra.schema.create",
              ValueTypes.bool(),
              "true",
              "Create the keyspace and tables at start if missing; false for operators who"
                  + " apply `bsf schema` themselves."));

  /** Whether to maintain the IMPI → B-TID index. */
  public static final ConfigKey<Boolean> SESSION_BY_IMPI =
      KEYS.add(
          ConfigKey.of(
              "cassandra.session-by-impi",
              ValueTypes.bool(),
              "false",
              "Also write the IMPI → current B-TID index (one more write per bootstrap), for"
                  + " operations."));

  /** Remote-DC nodes the driver may use when the local DC is down. */
  public static final ConfigKey<Integer> REMOTE_DC_FAILOVER =
      KEYS.add(
          ConfigKey.of(
              "cassandra.remote-dc-failover",
              ValueTypes.integer(0, 100),
              "0",
              "Nodes per remote DC the driver may use when every node of cassandra.local-datacenter"
                  + " is down; LOCAL_* consistency then applies in the remote DC. 0 keeps the BSF"
                  + " on its own DC (503 while it is down). With several DCs, 1 or more lets the"
                  + " BSF of a site whose Cassandra is lost keep serving through another site, at"
                  + " cross-site latency (docs/storage.md, Multi-DC)."));

  /** How long a Zn/Nbsp lookup that misses reads Cassandra again. */
  public static final ConfigKey<Duration> SESSION_MISS_WAIT =
      KEYS.add(
          ConfigKey.of(
                  "cassandra.session-miss-wait",
                  ValueTypes.nonNegativeDuration(),
                  "300ms",
                  "With store.type=cassandra, when a NAF asks (Zn or Nbsp_GBA) for a B-TID this"
                      + " DC does not hold, Cassandra is read again after 20, 60 and 150 ms and a"
                      + " last time at this wait before the NAF is told it is unknown: a B-TID"
                      + " made a moment ago by a BSF in another DC may not have replicated yet"
                      + " (docs/storage.md, Multi-DC). 0ms: answer unknown at the first miss. Must be"
                      + " below ub.store-timeout.")
              .withValidator(Validators.atMost(Duration.ofSeconds(5))));

  /** Optional username. */
  public static final ConfigKey<String> USERNAME =
      KEYS.add(
          ConfigKey.of(
              "cassandra.username",
              ValueTypes.optionalString(),
              "",
              "Username for Cassandra authentication; empty for none."));

  /** Optional password. */
  public static final ConfigKey<String> PASSWORD =
      KEYS.add(
          ConfigKey.of(
                  "cassandra.password",
                  ValueTypes.optionalString(),
                  "",
                  "Password for Cassandra authentication (set it through BSF_CASSANDRA_PASSWORD).")
              .asSecret());

  /** Cassandra password from a file. */
  public static final ConfigKey<Optional<Path>> PASSWORD_FILE =
      KEYS.add(
          KeyGroup.path(
              "cassandra.password-file",
              "File holding the Cassandra password (a mounted Secret), instead of"
                  + " cassandra.password; surrounding white space is ignored. Read at start: the"
                  + " driver authenticates its connections with it, so a new password needs a"
                  + " (rolling) restart."));

  /** Cassandra client TLS. */
  public static final ConfigKey<Boolean> TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "cassandra.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Connect to Cassandra over TLS (client_encryption_options on the nodes), trusting"
                  + " cassandra.tls.trust; a node that does not speak TLS is not reachable,"
                  + " never used in clear."));

  /** CAs for Cassandra's certificates. */
  public static final ConfigKey<Optional<Path>> TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "cassandra.tls.trust",
              "PEM CA certificates the nodes' certificates must lead to; empty: the JVM's"
                  + " default CAs. Reloaded when it changes."));

  /** Client certificate for Cassandra. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "cassandra.tls.certificate",
              "Client certificate for mutual TLS (require_client_auth on the nodes); empty:"
                  + " none."
                  + KeyGroup.PEM_CERT));

  /** Private key of the Cassandra client certificate. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "cassandra.tls.private-key",
              "Private key of cassandra.tls.certificate." + KeyGroup.PEM_KEY));

  /** Whether node certificates must name the address connected to. */
  public static final ConfigKey<Boolean> TLS_HOSTNAME_VERIFICATION =
      KEYS.add(
          ConfigKey.of(
              "cassandra.tls.hostname-verification",
              ValueTypes.bool(),
              "true",
              "Check that each node's certificate names the host or IP address connected to"
                  + " (RFC 2818; nodes found through system.peers are IPs, so their certificates"
                  + " need IP SANs). false only trusts the chain."));

  /** The section from validated values. */
  static CassandraConfig from(ResolvedConfig r) {
    return new CassandraConfig(
        r.get(CONTACT_POINTS),
        r.get(LOCAL_DATACENTER),
        r.get(KEYSPACE),
        r.get(REPLICATION),
        r.get(CONSISTENCY).toUpperCase(java.util.Locale.ROOT),
        r.get(REQUEST_TIMEOUT),
        r.get(MAX_REQUESTS_IN_FLIGHT),
        r.get(MAX_QUEUED_REQUESTS),
        r.get(SCHEMA_CREATE),
        r.get(SESSION_BY_IMPI),
        r.get(REMOTE_DC_FAILOVER),
        r.get(SESSION_MISS_WAIT),
        r.get(USERNAME),
        r.get(PASSWORD),
        r.get(PASSWORD_FILE),
        r.get(TLS_ENABLED),
        r.get(TLS_TRUST),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY),
        r.get(TLS_HOSTNAME_VERIFICATION));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
