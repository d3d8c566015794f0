package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.QueryExecutionException;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the one {@link CqlSession} of a BSF instance and the stores built on it: one session, one
 * connection per node, every statement prepared once, a concurrency-limiting throttler, and
 * idempotent statements so the driver may retry and speculate safely.
 */
public final class CassandraStores implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CassandraStores.class);

  private final CqlSession session;
  private final CassandraSettings settings;
  private final CassandraChallengeStore challenges;
  private final CassandraSessionStore sessions;
  private final CassandraAkmaContextStore akmaContexts;
  private final CassandraTmpiStore tmpis;

  private CassandraStores(
      CqlSession session,
      CassandraSettings settings,
      Clock clock,
      MeterRegistry registry,
      CassandraSecurity security) {
    this.session = session;
    this.settings = settings;
    StoreMetrics metrics = new StoreMetrics(registry);
    SealedColumns sealed = new SealedColumns(security.sealer(), registry);
    this.challenges = new CassandraChallengeStore(session, settings.keyspace(), metrics, sealed);
    this.sessions =
        new CassandraSessionStore(
            session, settings.keyspace(), settings.sessionByImpi(), clock, metrics, sealed);
    this.akmaContexts =
        new CassandraAkmaContextStore(session, settings.keyspace(), clock, metrics, sealed);
    this.tmpis = new CassandraTmpiStore(session, settings.keyspace(), clock, metrics, sealed);
  }

  /**
   * Connects, applies the schema if configured, and prepares every statement. Blocking: call at
   * startup, never on an event loop.
   *
   * @throws com.datastax.oss.driver.api.core.AllNodesFailedException if no contact point answers
   * @throws CassandraStartupException if the keyspace or a table is missing while the schema may
   *     not be created
   */
  public static CassandraStores connect(
      CassandraSettings settings, Clock clock, MeterRegistry registry, CassandraSecurity security) {
    CqlSessionBuilder builder =
        CqlSession.builder()
            .addContactPoints(settings.contactPoints())
            .withLocalDatacenter(settings.localDatacenter())
            .withConfigLoader(driverConfig(settings));
    if (!settings.username().isEmpty()) {
      builder.withAuthCredentials(settings.username(), settings.password());
    }
    security
        .tls()
        .ifPresent(ctx -> builder.withSslEngineFactory(new ProfileSslEngineFactory(ctx, security)));
    CqlSession session = builder.build();
    try {
      if (settings.createSchema()) {
        applySchema(session, settings);
      } else {
        requireSchema(session, settings);
      }
      CassandraStores stores = new CassandraStores(session, settings, clock, registry, security);
      log.info(
          "Cassandra store ready: keyspace {}, local DC {}, consistency {}, {}, keys {}",
          settings.keyspace(),
          settings.localDatacenter(),
          settings.consistency(),
          security.tls().isPresent()
              ? "TLS" + (security.verifyHostnames() ? " with hostname verification" : "")
              : "no TLS",
          security.sealer().isOn() ? "sealed" : "in clear");
      return stores;
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  /** The tables the stores use. */
  static final java.util.List<String> TABLES =
      java.util.List.of(
          "pending_challenge",
          "bootstrap_session",
          "session_by_impi",
          "akma_context_by_akid",
          "akma_context_by_supi",
          "impi_by_tmpi");

  /**
   * With {@code cassandra.schema.create=false}, the operator applies the schema: check that it is
   * there before preparing statements, and say precisely what is missing if not.
   */
  private static void requireSchema(CqlSession session, CassandraSettings settings) {
    String hint =
        " and cassandra.schema.create is false: apply the output of 'bsf schema', or set"
            + " cassandra.schema.create=true";
    var keyspace = session.getMetadata().getKeyspace(settings.keyspace());
    if (keyspace.isEmpty()) {
      throw new CassandraStartupException(
          CassandraStartupException.Problem.SCHEMA,
          "keyspace " + settings.keyspace() + " does not exist" + hint,
          null);
    }
    for (String table : TABLES) {
      if (keyspace.get().getTable(table).isEmpty()) {
        throw new CassandraStartupException(
            CassandraStartupException.Problem.SCHEMA,
            "table " + settings.keyspace() + "." + table + " does not exist" + hint,
            null);
      }
    }
  }

  /** The schema these settings describe. */
  public static Schema schema(CassandraSettings settings) {
    return Schema.render(
        settings.keyspace(),
        settings.replication(),
        settings.challengeTtl(),
        settings.sessionTtl(),
        settings.tmpiTtl());
  }

  /** How long one DDL statement may take (schema changes are slow, and slower when contended). */
  static final Duration DDL_TIMEOUT = Duration.ofSeconds(20);

  /** Attempts per DDL statement; every statement is {@code IF NOT EXISTS}, so a retry is safe. */
  static final int DDL_ATTEMPTS = 5;

  /** Rounds of the driver's schema-agreement check (each waits up to its own 10 s). */
  static final int AGREEMENT_ROUNDS = 3;

  /**
   * Applies the schema so that any number of instances may do it at once on an empty cluster: each
   * statement has {@link #DDL_TIMEOUT} (not the request timeout of the hot path) and is retried
   * with backoff on a timeout or an unavailable or overloaded node, and the schema must then agree
   * across the cluster before the stores prepare their statements.
   */
  private static void applySchema(CqlSession session, CassandraSettings settings) {
    for (String statement : schema(settings).statements()) {
      executeDdl(session, statement);
    }
    for (int round = 1; round <= AGREEMENT_ROUNDS; round++) {
      if (session.checkSchemaAgreement()) {
        return;
      }
      log.info("Cassandra schema: not yet agreed by every node (round {})", round);
    }
    log.warn(
        "Cassandra schema not agreed by every node after {} rounds; continuing", AGREEMENT_ROUNDS);
  }

  private static void executeDdl(CqlSession session, String cql) {
    SimpleStatement statement =
        SimpleStatement.newInstance(cql).setTimeout(DDL_TIMEOUT).setIdempotent(true);
    for (int attempt = 1; ; attempt++) {
      try {
        session.execute(statement);
        return;
      } catch (DriverTimeoutException | QueryExecutionException e) {
        if (attempt == DDL_ATTEMPTS) {
          throw e;
        }
        long backoffMillis = 500L << attempt; // 1, 2, 4, 8 s
        log.info(
            "Cassandra schema: {} on attempt {} of {}; retrying in {} ms",
            e.getClass().getSimpleName(),
            attempt,
            DDL_ATTEMPTS,
            backoffMillis);
        LockSupport.parkNanos(backoffMillis * 1_000_000L);
      }
    }
  }

  static DriverConfigLoader driverConfig(CassandraSettings s) {
    return DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, s.requestTimeout())
        .withString(DefaultDriverOption.REQUEST_CONSISTENCY, s.consistency())
        .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, "LOCAL_SERIAL")
        .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
        .withString(
            DefaultDriverOption.REQUEST_THROTTLER_CLASS, "ConcurrencyLimitingRequestThrottler")
        .withInt(
            DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS, s.maxRequestsInFlight())
        .withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_QUEUE_SIZE, s.maxQueuedRequests())
        .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, 1)
        .withInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE, 1)
        .withInt(
            DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_MAX_NODES_PER_REMOTE_DC,
            s.remoteDcFailoverNodes())
        .withBoolean(
            DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_ALLOW_FOR_LOCAL_CONSISTENCY_LEVELS,
            s.remoteDcFailoverNodes() > 0)
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(5))
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(10))
        .withDuration(
            DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(20))
        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(500))
        .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(10))
        .build();
  }

  /** The challenge store on Cassandra. */
  public CassandraChallengeStore challengeStore() {
    return challenges;
  }

  /** The session store on Cassandra. */
  public CassandraSessionStore sessionStore() {
    return sessions;
  }

  /** The AKMA context store (the AAnF's) on Cassandra. */
  public CassandraAkmaContextStore akmaContexts() {
    return akmaContexts;
  }

  /** The TMPI → IMPI mappings (TS 33.220 Annex B.4) on Cassandra. */
  public CassandraTmpiStore tmpiStore() {
    return tmpis;
  }

  /** The settings in force. */
  public CassandraSettings settings() {
    return settings;
  }

  /** True while at least one node of the local DC is up: the readiness of the store. */
  public boolean isAvailable() {
    for (Node node : session.getMetadata().getNodes().values()) {
      if (node.getState() == NodeState.UP
          && settings.localDatacenter().equals(node.getDatacenter())) {
        return true;
      }
    }
    return false;
  }

  /** Closes the session and its connections. */
  @Override
  public void close() {
    session.close();
  }
}
