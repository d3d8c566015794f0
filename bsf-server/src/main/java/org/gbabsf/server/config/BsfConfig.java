package org.gbabsf.server.config;

import static org.gbabsf.server.config.BsfConfigKeys.BSF_NAME;
import static org.gbabsf.server.config.BsfConfigKeys.HSS_SIMULATED_DELAY;
import static org.gbabsf.server.config.BsfConfigKeys.HSS_SIMULATED_GENERATED_COUNT;
import static org.gbabsf.server.config.BsfConfigKeys.HSS_SIMULATED_GENERATED_DOMAIN;
import static org.gbabsf.server.config.BsfConfigKeys.HSS_SIMULATED_GUSS_LIFETIME;
import static org.gbabsf.server.config.BsfConfigKeys.HSS_SIMULATED_SUBSCRIBERS_CSV;
import static org.gbabsf.server.config.BsfConfigKeys.HSS_TYPE;
import static org.gbabsf.server.config.BsfConfigKeys.SESSION_MAX_LIFETIME;
import static org.gbabsf.server.config.BsfConfigKeys.STORE_MEMORY_MAX_CHALLENGES;
import static org.gbabsf.server.config.BsfConfigKeys.STORE_MEMORY_MAX_SESSIONS;
import static org.gbabsf.server.config.BsfConfigKeys.STORE_TYPE;
import static org.gbabsf.server.config.BsfConfigKeys.UB_CHALLENGE_VALIDITY;
import static org.gbabsf.server.config.BsfConfigKeys.UB_DRAIN_DELAY;
import static org.gbabsf.server.config.BsfConfigKeys.UB_FAILURE_WINDOW;
import static org.gbabsf.server.config.BsfConfigKeys.UB_HSS_TIMEOUT;
import static org.gbabsf.server.config.BsfConfigKeys.UB_IDLE_TIMEOUT;
import static org.gbabsf.server.config.BsfConfigKeys.UB_IO_THREADS;
import static org.gbabsf.server.config.BsfConfigKeys.UB_LISTEN_ADDRESS;
import static org.gbabsf.server.config.BsfConfigKeys.UB_MAX_FAILURES;
import static org.gbabsf.server.config.BsfConfigKeys.UB_MAX_HEADER_SIZE;
import static org.gbabsf.server.config.BsfConfigKeys.UB_MAX_IN_FLIGHT;
import static org.gbabsf.server.config.BsfConfigKeys.UB_OVERLOAD_MAX_LAG;
import static org.gbabsf.server.config.BsfConfigKeys.UB_PORT;
import static org.gbabsf.server.config.BsfConfigKeys.UB_REALM;
import static org.gbabsf.server.config.BsfConfigKeys.UB_RETRY_AFTER;
import static org.gbabsf.server.config.BsfConfigKeys.UB_STORE_TIMEOUT;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The BSF's validated configuration: an immutable, typed view with one accessor per key of {@link
 * BsfConfigKeys}. Made by {@link ConfigLoader}.
 */
public final class BsfConfig {

  private final ResolvedConfig resolved;
  private final String bsfName;
  private final String ubRealm;
  private final String ubListenAddress;
  private final int ubPort;
  private final int ubIoThreads;
  private final int ubMaxHeaderSize;
  private final int ubMaxInFlight;
  private final Duration ubIdleTimeout;
  private final Duration ubRetryAfter;
  private final Duration ubDrainDelay;
  private final Duration ubOverloadMaxLag;
  private final Duration ubChallengeValidity;
  private final int ubMaxFailures;
  private final Duration ubFailureWindow;
  private final Duration ubHssTimeout;
  private final Duration ubStoreTimeout;
  private final Duration sessionMaxLifetime;
  private final String storeType;
  private final int storeMemoryMaxChallenges;
  private final int storeMemoryMaxSessions;
  private final String hssType;
  private final Optional<Path> hssSimulatedSubscribersCsv;
  private final int hssSimulatedGeneratedCount;
  private final String hssSimulatedGeneratedDomain;
  private final Duration hssSimulatedGussLifetime;
  private final Duration hssSimulatedDelay;

  BsfConfig(ResolvedConfig resolved) {
    this.resolved = resolved;
    this.bsfName = resolved.get(BSF_NAME);
    this.ubRealm = resolved.get(UB_REALM);
    this.ubListenAddress = resolved.get(UB_LISTEN_ADDRESS);
    this.ubPort = resolved.get(UB_PORT);
    this.ubIoThreads = resolved.get(UB_IO_THREADS);
    this.ubMaxHeaderSize = resolved.get(UB_MAX_HEADER_SIZE);
    this.ubMaxInFlight = resolved.get(UB_MAX_IN_FLIGHT);
    this.ubIdleTimeout = resolved.get(UB_IDLE_TIMEOUT);
    this.ubRetryAfter = resolved.get(UB_RETRY_AFTER);
    this.ubDrainDelay = resolved.get(UB_DRAIN_DELAY);
    this.ubOverloadMaxLag = resolved.get(UB_OVERLOAD_MAX_LAG);
    this.ubChallengeValidity = resolved.get(UB_CHALLENGE_VALIDITY);
    this.ubMaxFailures = resolved.get(UB_MAX_FAILURES);
    this.ubFailureWindow = resolved.get(UB_FAILURE_WINDOW);
    this.ubHssTimeout = resolved.get(UB_HSS_TIMEOUT);
    this.ubStoreTimeout = resolved.get(UB_STORE_TIMEOUT);
    this.sessionMaxLifetime = resolved.get(SESSION_MAX_LIFETIME);
    this.storeType = resolved.get(STORE_TYPE);
    this.storeMemoryMaxChallenges = resolved.get(STORE_MEMORY_MAX_CHALLENGES);
    this.storeMemoryMaxSessions = resolved.get(STORE_MEMORY_MAX_SESSIONS);
    this.hssType = resolved.get(HSS_TYPE);
    this.hssSimulatedSubscribersCsv = resolved.get(HSS_SIMULATED_SUBSCRIBERS_CSV);
    this.hssSimulatedGeneratedCount = resolved.get(HSS_SIMULATED_GENERATED_COUNT);
    this.hssSimulatedGeneratedDomain = resolved.get(HSS_SIMULATED_GENERATED_DOMAIN);
    this.hssSimulatedGussLifetime = resolved.get(HSS_SIMULATED_GUSS_LIFETIME);
    this.hssSimulatedDelay = resolved.get(HSS_SIMULATED_DELAY);
  }

  /** {@code bsf.name}: the domain part of every B-TID. */
  public String bsfName() {
    return bsfName;
  }

  /** {@code ub.realm}, already defaulted: {@link #bsfName()} when not set or set empty. */
  public String ubRealm() {
    return ubRealm;
  }

  /** {@code ub.listen-address}: the host name or IP literal the Ub server binds. */
  public String ubListenAddress() {
    return ubListenAddress;
  }

  /** {@code ub.port}: the Ub HTTP port; 0 means an ephemeral port. */
  public int ubPort() {
    return ubPort;
  }

  /** {@code ub.io-threads}: Netty event-loop threads; 0 means Netty's default (2 × CPUs). */
  public int ubIoThreads() {
    return ubIoThreads;
  }

  /** {@code ub.max-header-size}: bytes of request headers accepted before answering 431. */
  public int ubMaxHeaderSize() {
    return ubMaxHeaderSize;
  }

  /** {@code ub.max-in-flight}: concurrent requests before answering 503. */
  public int ubMaxInFlight() {
    return ubMaxInFlight;
  }

  /** {@code ub.source-limit.rate}: Ub requests a second per source address; 0 for no limit. */
  public int ubSourceLimitRate() {
    return resolved.get(BsfConfigKeys.UB_SOURCE_LIMIT_RATE);
  }

  /** {@code ub.source-limit.burst}: requests a source may send at once under the rate. */
  public int ubSourceLimitBurst() {
    return resolved.get(BsfConfigKeys.UB_SOURCE_LIMIT_BURST);
  }

  /** {@code ub.idle-timeout}: idle time after which a keep-alive connection is closed. */
  public Duration ubIdleTimeout() {
    return ubIdleTimeout;
  }

  /** {@code ub.retry-after}: the Retry-After of 503 answers, a whole number of seconds. */
  public Duration ubRetryAfter() {
    return ubRetryAfter;
  }

  /** {@code ub.overload.max-lag}: event-loop lag above which Ub admits fewer requests at once. */
  public Duration ubOverloadMaxLag() {
    return ubOverloadMaxLag;
  }

  /** {@code ub.drain-delay}: how long Ub keeps serving after SIGTERM while /ready answers 503. */
  public Duration ubDrainDelay() {
    return ubDrainDelay;
  }

  /** {@code ub.challenge-validity}: how long a 401 challenge may be answered (at most 30m). */
  public Duration ubChallengeValidity() {
    return ubChallengeValidity;
  }

  /** {@code ub.max-failures}: wrong responses per IMPI in the failure window before 403. */
  public int ubMaxFailures() {
    return ubMaxFailures;
  }

  /** {@code ub.failure-window}: the window of {@link #ubMaxFailures()}. */
  public Duration ubFailureWindow() {
    return ubFailureWindow;
  }

  /** {@code ub.hss-timeout}: budget for the HSS to return a vector. */
  public Duration ubHssTimeout() {
    return ubHssTimeout;
  }

  /** {@code ub.store-timeout}: budget for a store operation. */
  public Duration ubStoreTimeout() {
    return ubStoreTimeout;
  }

  /** {@code session.max-lifetime}: upper bound on a session's lifetime (at least 1m). */
  public Duration sessionMaxLifetime() {
    return sessionMaxLifetime;
  }

  /** {@code store.type}: the store implementation, lower case; currently always {@code memory}. */
  public String storeType() {
    return storeType;
  }

  /** {@code store.memory.max-challenges}: bound on pending challenges held in memory. */
  public int storeMemoryMaxChallenges() {
    return storeMemoryMaxChallenges;
  }

  /** {@code store.memory.max-sessions}: bound on sessions held in memory. */
  public int storeMemoryMaxSessions() {
    return storeMemoryMaxSessions;
  }

  /** {@code store.challenges}: hybrid, cassandra or local (with store.type=cassandra). */
  public String storeChallenges() {
    return resolved.get(BsfConfigKeys.STORE_CHALLENGES);
  }

  /** {@code io.transport}: auto, epoll or nio. */
  public String ioTransport() {
    return resolved.get(BsfConfigKeys.IO_TRANSPORT);
  }

  /** {@code cassandra.remote-dc-failover}: remote nodes per DC when the local DC is down. */
  public int cassandraRemoteDcFailoverNodes() {
    return resolved.get(BsfConfigKeys.CASSANDRA_REMOTE_DC_FAILOVER);
  }

  /** {@code cassandra.session-miss-wait}: how long a missed lookup reads Cassandra again. */
  public Duration cassandraSessionMissWait() {
    return resolved.get(BsfConfigKeys.CASSANDRA_SESSION_MISS_WAIT);
  }

  /** {@code store.hybrid.write-delay}: how long a hybrid challenge stays only in memory. */
  public Duration storeHybridWriteDelay() {
    return resolved.get(BsfConfigKeys.STORE_HYBRID_WRITE_DELAY);
  }

  /** {@code store.hybrid.miss-wait}: how long a missed challenge is read again. */
  public Duration storeHybridMissWait() {
    return resolved.get(BsfConfigKeys.STORE_HYBRID_MISS_WAIT);
  }

  /** {@code cassandra.contact-points}, not resolved. */
  public java.util.List<HostPort> cassandraContactPoints() {
    return resolved.get(BsfConfigKeys.CASSANDRA_CONTACT_POINTS);
  }

  /** {@code cassandra.local-datacenter}. */
  public String cassandraLocalDatacenter() {
    return resolved.get(BsfConfigKeys.CASSANDRA_LOCAL_DATACENTER);
  }

  /** {@code cassandra.keyspace}. */
  public String cassandraKeyspace() {
    return resolved.get(BsfConfigKeys.CASSANDRA_KEYSPACE);
  }

  /** {@code cassandra.replication}. */
  public String cassandraReplication() {
    return resolved.get(BsfConfigKeys.CASSANDRA_REPLICATION);
  }

  /** {@code cassandra.consistency}, upper case. */
  public String cassandraConsistency() {
    return resolved.get(BsfConfigKeys.CASSANDRA_CONSISTENCY).toUpperCase(java.util.Locale.ROOT);
  }

  /** {@code cassandra.request-timeout}. */
  public Duration cassandraRequestTimeout() {
    return resolved.get(BsfConfigKeys.CASSANDRA_REQUEST_TIMEOUT);
  }

  /** {@code cassandra.max-requests-in-flight}. */
  public int cassandraMaxRequestsInFlight() {
    return resolved.get(BsfConfigKeys.CASSANDRA_MAX_REQUESTS_IN_FLIGHT);
  }

  /** {@code cassandra.max-queued-requests}. */
  public int cassandraMaxQueuedRequests() {
    return resolved.get(BsfConfigKeys.CASSANDRA_MAX_QUEUED_REQUESTS);
  }

  /** {@code cassandra.schema.create}. */
  public boolean cassandraSchemaCreate() {
    return resolved.get(BsfConfigKeys.CASSANDRA_SCHEMA_CREATE);
  }

  /** {@code cassandra.session-by-impi}. */
  public boolean cassandraSessionByImpi() {
    return resolved.get(BsfConfigKeys.CASSANDRA_SESSION_BY_IMPI);
  }

  /** {@code cassandra.username}. */
  public String cassandraUsername() {
    return resolved.get(BsfConfigKeys.CASSANDRA_USERNAME);
  }

  /** {@code cassandra.password}: secret, never printed by {@link #describe()}. */
  public String cassandraPassword() {
    return resolved.get(BsfConfigKeys.CASSANDRA_PASSWORD);
  }

  /** {@code diameter.origin-host}, defaulting to bsf.name. */
  public String diameterOriginHost() {
    String v = resolved.get(BsfConfigKeys.DIAMETER_ORIGIN_HOST);
    return v.isEmpty() ? bsfName() : v;
  }

  /** {@code diameter.origin-realm}. */
  public String diameterOriginRealm() {
    return resolved.get(BsfConfigKeys.DIAMETER_ORIGIN_REALM);
  }

  /** {@code diameter.listen-address}. */
  public String diameterListenAddress() {
    return resolved.get(BsfConfigKeys.DIAMETER_LISTEN_ADDRESS);
  }

  /** {@code diameter.listen-port}. */
  public int diameterListenPort() {
    return resolved.get(BsfConfigKeys.DIAMETER_LISTEN_PORT);
  }

  /** {@code diameter.watchdog-interval}. */
  public Duration diameterWatchdogInterval() {
    return resolved.get(BsfConfigKeys.DIAMETER_WATCHDOG_INTERVAL);
  }

  /** {@code diameter.reconnect-interval}. */
  public Duration diameterReconnectInterval() {
    return resolved.get(BsfConfigKeys.DIAMETER_RECONNECT_INTERVAL);
  }

  /** {@code diameter.tcp-nodelay}. */
  public boolean diameterTcpNoDelay() {
    return resolved.get(BsfConfigKeys.DIAMETER_TCP_NODELAY);
  }

  /** {@code diameter.max-message-length}. */
  public int diameterMaxMessageLength() {
    return resolved.get(BsfConfigKeys.DIAMETER_MAX_MESSAGE_LENGTH);
  }

  /** {@code diameter.cer-timeout}. */
  public Duration diameterCerTimeout() {
    return resolved.get(BsfConfigKeys.DIAMETER_CER_TIMEOUT);
  }

  /** {@code diameter.max-pending-connections}. */
  public int diameterMaxPendingConnections() {
    return resolved.get(BsfConfigKeys.DIAMETER_MAX_PENDING_CONNECTIONS);
  }

  /** {@code diameter.max-pending-requests}. */
  public int diameterMaxPendingRequests() {
    return resolved.get(BsfConfigKeys.DIAMETER_MAX_PENDING_REQUESTS);
  }

  /** {@code zh.destination-realm}. */
  public String zhDestinationRealm() {
    return resolved.get(BsfConfigKeys.ZH_DESTINATION_REALM);
  }

  /** {@code zh.peers}, highest priority first. */
  public java.util.List<org.gbabsf.diameter.DiameterNodeConfig.PeerConfig> zhPeers() {
    return resolved.get(BsfConfigKeys.ZH_PEERS);
  }

  /** {@code zh.request-timeout}. */
  public Duration zhRequestTimeout() {
    return resolved.get(BsfConfigKeys.ZH_REQUEST_TIMEOUT);
  }

  /** {@code zh.peer-backoff}. */
  public Duration zhPeerBackoff() {
    return resolved.get(BsfConfigKeys.ZH_PEER_BACKOFF);
  }

  /** {@code hss.simulated.uss}, parsed. */
  public java.util.List<org.gbabsf.core.sim.SimulatedGuss.Uss> hssSimulatedUss() {
    return resolved.get(BsfConfigKeys.HSS_SIMULATED_USS);
  }

  /** {@code admin.listen-address}. */
  public String adminListenAddress() {
    return resolved.get(BsfConfigKeys.ADMIN_LISTEN_ADDRESS);
  }

  /** {@code admin.port}. */
  public int adminPort() {
    return resolved.get(BsfConfigKeys.ADMIN_PORT);
  }

  /** {@code zh.pin-destination-host}. */
  public boolean zhPinDestinationHost() {
    return resolved.get(BsfConfigKeys.ZH_PIN_DESTINATION_HOST);
  }

  /** {@code zh.guss-cache.entries}. */
  public int zhGussCacheEntries() {
    return resolved.get(BsfConfigKeys.ZH_GUSS_CACHE_ENTRIES);
  }

  /** {@code zh.guss-cache.max-age}. */
  public Duration zhGussCacheMaxAge() {
    return resolved.get(BsfConfigKeys.ZH_GUSS_CACHE_MAX_AGE);
  }

  /** {@code zn.enabled}. */
  public boolean znEnabled() {
    return resolved.get(BsfConfigKeys.ZN_ENABLED);
  }

  /** {@code zn.nafs}: NAF Origin-Host to NAF group. */
  public java.util.Map<String, String> znNafs() {
    return resolved.get(BsfConfigKeys.ZN_NAFS);
  }

  /** {@code zn.naf-realms}: NAF Origin-Realm → NAF group. */
  public java.util.Map<String, String> znNafRealms() {
    return resolved.get(BsfConfigKeys.ZN_NAF_REALMS);
  }

  /** {@code diameter.peer-sources}: Origin-Host or Origin-Realm → the networks it may come from. */
  public java.util.Map<String, java.util.List<org.gbabsf.diameter.SourceNetwork>>
      diameterPeerSources() {
    return resolved.get(BsfConfigKeys.DIAMETER_PEER_SOURCES);
  }

  /** {@code zn.naf-fqdns}: NAF host or NAF group → further NAF_Id FQDNs it may use. */
  public java.util.Map<String, java.util.Set<String>> znNafFqdns() {
    return resolved.get(BsfConfigKeys.ZN_NAF_FQDNS);
  }

  /** {@code nbsp.nafs}: NAF identity (certificate name or token subject) to NAF group. */
  public java.util.Map<String, String> nbspNafs() {
    return resolved.get(SbaConfigKeys.NBSP_NAFS);
  }

  /** {@code nbsp.naf-fqdns}: NAF identity or group → further NAF_Id FQDNs it may use. */
  public java.util.Map<String, java.util.Set<String>> nbspNafFqdns() {
    return resolved.get(SbaConfigKeys.NBSP_NAF_FQDNS);
  }

  /** {@code hss.type}: zh or simulated. */
  public String hssType() {
    return hssType;
  }

  /** {@code hss.simulated.subscribers-csv}: a readable subscriber CSV, or empty for generated. */
  public Optional<Path> hssSimulatedSubscribersCsv() {
    return hssSimulatedSubscribersCsv;
  }

  /** {@code hss.simulated.generated-count}: number of generated subscribers. */
  public int hssSimulatedGeneratedCount() {
    return hssSimulatedGeneratedCount;
  }

  /** {@code hss.simulated.generated-domain}: domain of generated IMPIs. */
  public String hssSimulatedGeneratedDomain() {
    return hssSimulatedGeneratedDomain;
  }

  /** {@code hss.simulated.guss-lifetime}: lifetime put in each GUSS. */
  public Duration hssSimulatedGussLifetime() {
    return hssSimulatedGussLifetime;
  }

  /** {@code hss.simulated.delay}: artificial delay before answering; may be zero. */
  public Duration hssSimulatedDelay() {
    return hssSimulatedDelay;
  }

  /** The value of any key of {@link BsfConfigKeys}. */
  public <T> T get(ConfigKey<T> key) {
    return resolved.get(key);
  }

  /** Where the value of a key of {@link BsfConfigKeys} came from. */
  public ConfigSource source(ConfigKey<?> key) {
    return resolved.source(key);
  }

  /**
   * The effective configuration for the startup log: one {@code key = value (source)} line per key,
   * in {@link BsfConfigKeys#all()} order, secret values masked.
   */
  public String describe() {
    return resolved.describe();
  }

  /** Same as {@link #describe()}. */
  @Override
  public String toString() {
    return describe();
  }
}
