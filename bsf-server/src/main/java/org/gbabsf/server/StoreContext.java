package org.gbabsf.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.store.Delays;
import org.gbabsf.core.store.HybridChallengeStore;
import org.gbabsf.core.store.InMemoryAkmaContextStore;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.store.InMemoryTmpiStore;
import org.gbabsf.core.store.RereadingSessionStore;
import org.gbabsf.server.admin.Readiness;
import org.gbabsf.server.config.AanfConfig;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.CassandraConfig;
import org.gbabsf.server.config.HostPort;
import org.gbabsf.server.config.StoreConfig;
import org.gbabsf.server.config.UbConfig;
import org.gbabsf.server.security.Security;
import org.gbabsf.store.cassandra.CassandraConnector;
import org.gbabsf.store.cassandra.CassandraSettings;
import org.gbabsf.store.cassandra.CassandraStores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stores' assembly, from {@code store.*} and {@code cassandra.*}: the challenge store (memory,
 * Cassandra, local or hybrid) and the session store (memory, or Cassandra with its re-reads), the
 * Cassandra connection when there is one, the one thread of the stores' deferred work, their
 * metrics and their readiness check. Closing it writes out what the hybrid store still holds back,
 * then closes Cassandra.
 */
final class StoreContext implements AutoCloseable {

  /** The sections the stores are built from, and nothing else of the configuration. */
  record Sections(StoreConfig store, CassandraConfig cassandra, UbConfig ub, AanfConfig aanf) {
    /** The sections of {@code c}. */
    static Sections of(BsfConfig c) {
      return new Sections(c.store(), c.cassandra(), c.ub(), c.aanf());
    }
  }

  private static final Logger log = LoggerFactory.getLogger(BsfContext.class);

  /** Measured heap per entry of the memory store (docs/benchmarks.md), rounded up. */
  static final long SESSION_BYTES = 1_100;

  /** Measured: 1.04 KB per challenge held (docs/benchmarks.md, first-request flood), rounded up. */
  static final long CHALLENGE_BYTES = 1_100;

  /**
   * Estimated, not measured: a TMPI mapping is two short strings, an instant and a map entry (about
   * 280 bytes), rounded up.
   */
  static final long TMPI_BYTES = 300;

  private final Sections config;
  private final CassandraConnector cassandra;
  private final ChallengeStore challenges;
  private final SessionStore sessions;
  private final AkmaContextStore akmaContexts;
  private final TmpiStore tmpis;
  private final java.util.concurrent.ScheduledExecutorService delays;

  private StoreContext(
      Sections config,
      CassandraConnector cassandra,
      ChallengeStore challenges,
      SessionStore sessions,
      AkmaContextStore akmaContexts,
      TmpiStore tmpis,
      java.util.concurrent.ScheduledExecutorService delays) {
    this.config = config;
    this.cassandra = cassandra;
    this.challenges = challenges;
    this.sessions = sessions;
    this.akmaContexts = akmaContexts;
    this.tmpis = tmpis;
    this.delays = delays;
  }

  /**
   * The stores {@code config} describes; with Cassandra, starts connecting (the nodes need not be
   * up yet). {@code onFatal} is told of a problem found later that waiting will not mend.
   */
  static StoreContext create(
      Sections config,
      Security security,
      Clock clock,
      MeterRegistry registry,
      Consumer<StartupFailure> onFatal) {
    java.util.concurrent.ScheduledExecutorService delays = storeDelays();
    try {
      if (!config.store().type().equals("cassandra")) {
        warnIfHeapTooSmall(config, Runtime.getRuntime().maxMemory());
        return new StoreContext(
            config,
            null,
            memoryChallenges(config, clock, registry),
            new InMemorySessionStore(config.store().memoryMaxSessions(), clock),
            new InMemoryAkmaContextStore(config.aanf().memoryMaxContexts(), clock),
            new InMemoryTmpiStore(config.store().memoryMaxTmpis(), clock),
            delays);
      }
      CassandraConnector cassandra =
          CassandraConnector.start(
              cassandraSettings(config),
              security.cassandra(config.cassandra()),
              clock,
              registry,
              fatal -> onFatal.accept(StartupFailure.of(fatal)));
      try {
        return new StoreContext(
            config,
            cassandra,
            challengeStore(config, cassandra, delays, clock, registry),
            rereading(cassandra.sessionStore(), config, delays, registry),
            cassandra.akmaContextStore(),
            cassandra.tmpiStore(),
            delays);
      } catch (RuntimeException e) {
        cassandra.close();
        throw e;
      }
    } catch (RuntimeException e) {
      delays.shutdownNow();
      throw e;
    }
  }

  /** Adds the Cassandra check to {@code readiness}, when the stores use Cassandra. */
  void checks(Readiness readiness) {
    if (cassandra != null) {
      readiness.check(
          "cassandra",
          cassandra::isAvailable,
          () -> cassandra.problem().or(() -> Optional.of("no node of the local DC up")));
    }
  }

  /** The challenge store in use. */
  ChallengeStore challenges() {
    return challenges;
  }

  /** The session store. */
  SessionStore sessions() {
    return sessions;
  }

  /** The AKMA contexts of the AAnF: in memory, or in Cassandra beside the sessions. */
  AkmaContextStore akmaContexts() {
    return akmaContexts;
  }

  /** The TMPI → IMPI mappings of Ub: in memory, or in Cassandra beside the sessions. */
  TmpiStore tmpis() {
    return tmpis;
  }

  /** The Cassandra stores, when {@code store.type} is cassandra and once connected. */
  Optional<CassandraStores> cassandra() {
    return cassandra == null ? Optional.empty() : cassandra.stores();
  }

  /**
   * Writes out what the hybrid store holds back (within {@code ub.store-timeout}), stops the
   * deferred work, then closes Cassandra.
   */
  @Override
  public void close() {
    if (challenges instanceof HybridChallengeStore hybrid) {
      flushHybrid(hybrid, config.ub().storeTimeout());
    }
    delays.shutdownNow(); // no deferred write or re-read runs against a closed Cassandra
    if (cassandra != null) {
      cassandra.close();
    }
  }

  /** The driver settings {@code config} describes. */
  public static CassandraSettings cassandraSettings(Sections c) {
    List<InetSocketAddress> points = new ArrayList<>();
    for (HostPort point : c.cassandra().contactPoints()) {
      points.add(new InetSocketAddress(point.host(), point.port()));
    }
    return new CassandraSettings(
        points,
        c.cassandra().localDatacenter(),
        c.cassandra().keyspace(),
        c.cassandra().replication(),
        c.cassandra().consistency(),
        c.cassandra().requestTimeout(),
        c.cassandra().maxRequestsInFlight(),
        c.cassandra().maxQueuedRequests(),
        c.cassandra().schemaCreate(),
        c.cassandra().sessionByImpi(),
        c.ub().challengeValidity(),
        c.store().sessionMaxLifetime(),
        c.ub().tmpiLifetime(),
        c.cassandra().username(),
        Security.cassandraPassword(c.cassandra()),
        c.cassandra().remoteDcFailover());
  }

  private static ChallengeStore challengeStore(
      Sections c,
      CassandraConnector cassandra,
      java.util.concurrent.ScheduledExecutorService delays,
      Clock clock,
      MeterRegistry registry) {
    switch (c.store().challenges()) {
      case "cassandra":
        return cassandra.challengeStore();
      case "local":
        return memoryChallenges(c, clock, registry);
      default:
        HybridChallengeStore hybrid =
            new HybridChallengeStore(
                memoryChallenges(c, clock, registry),
                cassandra.challengeStore(),
                new HybridChallengeStore.Settings(
                    c.store().hybridWriteDelay(),
                    c.store().hybridMissWait(),
                    c.store().memoryMaxChallenges()),
                Delays.on(delays));
        FunctionCounter.builder(
                "bsf.store.hybrid.takes", hybrid, HybridChallengeStore::lateSharedHits)
            .tag("from", "cassandra_reread")
            .description(
                "Challenges found in Cassandra on a later read: the answer reached this node"
                    + " before the issuing node's deferred write")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.writes", hybrid, HybridChallengeStore::writesMade)
            .tag("outcome", "written")
            .description("Challenges written to Cassandra (still pending after the write delay)")
            .register(registry);
        FunctionCounter.builder(
                "bsf.store.hybrid.writes", hybrid, HybridChallengeStore::writesSaved)
            .tag("outcome", "saved")
            .description("Challenges answered within the write delay: never written nor deleted")
            .register(registry);
        Gauge.builder("bsf.store.hybrid.unsettled", hybrid, HybridChallengeStore::unsettled)
            .description("Challenges held back from Cassandra, or being written, now")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.takes", hybrid, HybridChallengeStore::localHits)
            .tag("from", "local")
            .description("Challenges taken from this node's cache")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.takes", hybrid, HybridChallengeStore::sharedHits)
            .tag("from", "cassandra")
            .description("Challenges taken from Cassandra (the answer reached another node)")
            .register(registry);
        FunctionCounter.builder("bsf.store.hybrid.takes", hybrid, HybridChallengeStore::misses)
            .tag("from", "none")
            .description("Challenges found nowhere (a fresh 401 follows)")
            .register(registry);
        FunctionCounter.builder(
                "bsf.store.hybrid.background_failures",
                hybrid,
                HybridChallengeStore::sharedWriteFailures)
            .description("Background writes or deletes to Cassandra that failed")
            .register(registry);
        return hybrid;
    }
  }

  /**
   * The one thread of the stores' deferred writes and re-reads (hybrid challenges, session
   * lookups): its tasks only start asynchronous driver calls. Shut down by {@link #close()} after
   * the hybrid flush; idle, it ends after 10 s.
   */
  private static java.util.concurrent.ScheduledExecutorService storeDelays() {
    return org.gbabsf.netty.Threads.scheduler("store-delays", Duration.ofSeconds(10));
  }

  /**
   * Writes the challenges the hybrid store still holds back, so that UEs answering after this
   * instance is gone find them at another one; waits at most {@code budget}.
   */
  private static void flushHybrid(HybridChallengeStore hybrid, Duration budget) {
    try {
      hybrid.flush().toCompletableFuture().get(budget.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      log.warn(
          "Hybrid store: {} challenges not written to Cassandra within {} ms; their UEs get a"
              + " fresh 401 elsewhere",
          hybrid.unsettled(),
          budget.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("flush completes normally", e);
    }
  }

  /**
   * Sessions whose Zn/Nbsp lookups read Cassandra again for {@code cassandra.session-miss-wait}
   * after a miss, for B-TIDs another DC made a moment ago (docs/storage.md, Multi-DC).
   */
  private static SessionStore rereading(
      SessionStore sessions,
      Sections c,
      java.util.concurrent.ScheduledExecutorService delays,
      MeterRegistry registry) {
    if (c.cassandra().sessionMissWait().isZero()) {
      return sessions;
    }
    io.micrometer.core.instrument.Timer delay =
        io.micrometer.core.instrument.Timer.builder("bsf.store.session_reread_delay")
            .description(
                "Lookups found on a later read: time from the first miss to the read that found"
                    + " the session (the replication delay a NAF's lookup saw)")
            .publishPercentileHistogram()
            .register(registry);
    RereadingSessionStore store =
        new RereadingSessionStore(
            sessions,
            c.cassandra().sessionMissWait(),
            Delays.on(delays),
            nanos -> delay.record(nanos, TimeUnit.NANOSECONDS));
    FunctionCounter.builder("bsf.store.session_rereads", store, RereadingSessionStore::found)
        .tag("outcome", "found")
        .description("Zn/Nbsp lookups that missed, then found the session on a later read")
        .register(registry);
    FunctionCounter.builder("bsf.store.session_rereads", store, RereadingSessionStore::missed)
        .tag("outcome", "missed")
        .description("Zn/Nbsp lookups that found no session on any read (the NAF is told unknown)")
        .register(registry);
    return store;
  }

  /**
   * The node-memory challenge store, which drops its oldest challenge when full (a flood of first
   * requests cannot deny real UEs), with its eviction counter.
   */
  static InMemoryChallengeStore memoryChallenges(Sections c, Clock clock, MeterRegistry registry) {
    InMemoryChallengeStore store =
        new InMemoryChallengeStore(c.store().memoryMaxChallenges(), clock);
    FunctionCounter.builder("bsf.store.challenges.evicted", store, InMemoryChallengeStore::evicted)
        .description("Live challenges dropped, oldest first, because the store was full")
        .register(registry);
    return store;
  }

  /**
   * Warns when the memory store's bounds do not fit in the heap: the store would run the JVM out of
   * memory before it reaches its bound and starts answering 503.
   *
   * @return true if it warned
   */
  static boolean warnIfHeapTooSmall(Sections c, long maxHeap) {
    long needed =
        c.store().memoryMaxSessions() * SESSION_BYTES
            + c.store().memoryMaxChallenges() * CHALLENGE_BYTES
            + (c.ub().tmpiEnabled() ? c.store().memoryMaxTmpis() * TMPI_BYTES : 0);
    if (needed > maxHeap * 0.7) {
      log.warn(
          "store.memory: {} sessions, {} challenges and the TMPIs need about {} MB of heap; the"
              + " heap is {} MB. Lower store.memory.max-sessions (and max-tmpis) or raise -Xmx"
              + " (docs/operations.md)",
          c.store().memoryMaxSessions(),
          c.store().memoryMaxChallenges(),
          needed / 1_000_000,
          maxHeap / 1_000_000);
      return true;
    }
    return false;
  }
}
