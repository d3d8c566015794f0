package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.time.Backoff;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connects to Cassandra whenever it comes: the BSF starts whether or not Cassandra answers, and
 * this keeps trying, with backoff from {@link #FIRST_BACKOFF} doubling up to {@link #MAX_BACKOFF},
 * until it is connected (then the driver itself reconnects node by node) or closed.
 *
 * <p>Until then, its stores fail every operation at once with a {@code StoreException} ("cassandra
 * not connected") and its session store is not {@link SessionStore#accepting() accepting}, so Ub
 * answers 503 with Retry-After before the HSS is asked. Answers that waiting will not mend (wrong
 * credentials, a missing keyspace the BSF may not create) are a {@link CassandraStartupException}:
 * thrown by {@link #start} when Cassandra answers at once, handed to the fatal handler when it
 * answers later.
 */
public final class CassandraConnector implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CassandraConnector.class);

  /** Wait before the second attempt. */
  static final Duration FIRST_BACKOFF = Duration.ofMillis(500);

  /** Longest wait between attempts (the driver's own reconnection cap). */
  static final Duration MAX_BACKOFF = Duration.ofSeconds(10);

  /** At most one INFO line per this period while attempts keep failing. */
  static final Duration REPORT_EVERY = Duration.ofMinutes(1);

  /** How one connection attempt is made; {@link CassandraStores#connect} in production. */
  @FunctionalInterface
  interface Connect {
    CassandraStores connect();
  }

  private final CassandraSettings settings;
  private final Duration firstBackoff;
  private final Connect connect;
  private final Consumer<CassandraStartupException> onFatal;
  private final AtomicLong failedAttempts = new AtomicLong();
  private final ScheduledExecutorService retries;
  private final ChallengeStore challenges;
  private final SessionStore sessions;
  private final AkmaContextStore akmaContexts;
  private final TmpiStore tmpis;
  private volatile CassandraStores stores;
  private volatile String lastProblem = "not tried yet";
  private volatile boolean closed;
  private long nextReportNanos;

  private CassandraConnector(
      CassandraSettings settings,
      Connect connect,
      Consumer<CassandraStartupException> onFatal,
      Duration firstBackoff) {
    this.settings = settings;
    this.firstBackoff = firstBackoff;
    this.connect = connect;
    this.onFatal = onFatal;
    this.retries = org.gbabsf.netty.Threads.scheduler("bsf-cassandra-connect");
    this.nextReportNanos = System.nanoTime() + REPORT_EVERY.toNanos();
    this.challenges = new ConnectingStores.Challenges(() -> stores);
    this.sessions = new ConnectingStores.Sessions(() -> stores);
    this.akmaContexts = new ConnectingStores.AkmaContexts(() -> stores);
    this.tmpis = new ConnectingStores.Tmpis(() -> stores);
  }

  /**
   * Tries to connect once, at once; if Cassandra is not reachable, keeps trying in the background.
   * Blocking for the first attempt (up to the driver's connect timeouts): call at startup.
   *
   * @param onFatal called once, from the connecting thread, if a later attempt meets a problem that
   *     waiting will not mend; the connector has stopped trying by then
   * @throws CassandraStartupException if the first attempt meets such a problem
   */
  public static CassandraConnector start(
      CassandraSettings settings,
      CassandraSecurity security,
      Clock clock,
      MeterRegistry registry,
      Consumer<CassandraStartupException> onFatal) {
    return start(
            settings,
            () -> CassandraStores.connect(settings, clock, registry, security),
            onFatal,
            FIRST_BACKOFF)
        .register(registry);
  }

  /**
   * As {@link #start(CassandraSettings, CassandraSecurity, Clock, MeterRegistry, Consumer)},
   * connecting with {@code connect} and waiting {@code firstBackoff} before the second attempt.
   */
  static CassandraConnector start(
      CassandraSettings settings,
      Connect connect,
      Consumer<CassandraStartupException> onFatal,
      Duration firstBackoff) {
    CassandraConnector connector = new CassandraConnector(settings, connect, onFatal, firstBackoff);
    try {
      if (!connector.attempt()) {
        log.warn(
            "Cassandra not reachable at {} (local DC {}): {}. Serving 503 on Ub and retrying in"
                + " the background",
            settings.contactPoints(),
            settings.localDatacenter(),
            connector.lastProblem);
        connector.schedule(firstBackoff);
      }
    } catch (CassandraStartupException fatal) {
      connector.close();
      throw fatal;
    }
    return connector;
  }

  private CassandraConnector register(MeterRegistry registry) {
    Gauge.builder("bsf.store.cassandra.connected", this, c -> c.stores != null ? 1 : 0)
        .description("1 once the BSF has connected to Cassandra, 0 while it is still trying")
        .register(registry);
    FunctionCounter.builder(
            "bsf.store.cassandra.connect_failures", failedAttempts, AtomicLong::doubleValue)
        .description("Attempts to connect to Cassandra that failed")
        .register(registry);
    return this;
  }

  /** One attempt: true if connected; throws what waiting will not mend. */
  private boolean attempt() {
    try {
      CassandraStores connected = connect.connect();
      if (closed) {
        connected.close();
        return true;
      }
      stores = connected;
      if (failedAttempts.get() > 0) {
        log.info("Cassandra connected after {} failed attempts", failedAttempts.get());
      }
      return true;
    } catch (RuntimeException e) {
      Optional<CassandraStartupException> fatal = fatal(e);
      if (fatal.isPresent()) {
        throw fatal.get();
      }
      failedAttempts.incrementAndGet();
      lastProblem = describe(e);
      return false;
    }
  }

  private void schedule(Duration delay) {
    if (closed) {
      return;
    }
    retries.schedule(() -> retry(delay), delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void retry(Duration previous) {
    if (closed) {
      return;
    }
    try {
      if (attempt()) {
        retries.shutdown();
        return;
      }
    } catch (CassandraStartupException fatal) {
      retries.shutdown();
      onFatal.accept(fatal);
      return;
    }
    long now = System.nanoTime();
    if (now - nextReportNanos >= 0) {
      nextReportNanos = now + REPORT_EVERY.toNanos();
      log.info(
          "Cassandra still not reachable after {} attempts: {}", failedAttempts.get(), lastProblem);
    }
    schedule(Backoff.doubled(previous, MAX_BACKOFF));
  }

  /**
   * The problem in {@code e} that waiting will not mend, if any: refused credentials (on any node),
   * or a schema problem already classified by {@link CassandraStores#connect}.
   */
  static Optional<CassandraStartupException> fatal(RuntimeException e) {
    if (e instanceof CassandraStartupException s) {
      return Optional.of(s);
    }
    if (e instanceof AuthenticationException a && refusedCredentials(a)) {
      return Optional.of(credentials(a));
    }
    if (e instanceof AllNodesFailedException all) {
      for (List<Throwable> errors : all.getAllErrors().values()) {
        for (Throwable t : errors) {
          if (t instanceof AuthenticationException a && refusedCredentials(a)) {
            return Optional.of(credentials(a));
          }
        }
      }
    }
    if (e instanceof QueryValidationException q) {
      return Optional.of(
          new CassandraStartupException(
              CassandraStartupException.Problem.SCHEMA,
              "Cassandra refused the BSF's statements: " + firstLine(q.getMessage()),
              q));
    }
    return Optional.empty();
  }

  /**
   * True if Cassandra said the user name or password is wrong. It uses the same error code when it
   * cannot check them (e.g. "Unable to perform authentication" while system_auth replicas are
   * down): that one passes, so it is retried, and only this wording of PasswordAuthenticator is
   * final.
   */
  static boolean refusedCredentials(AuthenticationException a) {
    String message = a.getMessage();
    return message != null && message.toLowerCase(java.util.Locale.ROOT).contains("are incorrect");
  }

  private static CassandraStartupException credentials(AuthenticationException a) {
    return new CassandraStartupException(
        CassandraStartupException.Problem.CREDENTIALS,
        "Cassandra at "
            + a.getEndPoint()
            + " refused the user name or password; check cassandra.username and"
            + " cassandra.password",
        a);
  }

  /** Why an attempt failed, one line per node, for the log and {@code /ready}. */
  static String describe(RuntimeException e) {
    if (e instanceof AllNodesFailedException all && !all.getAllErrors().isEmpty()) {
      StringBuilder out = new StringBuilder();
      all.getAllErrors()
          .forEach(
              (node, errors) -> {
                Throwable last = errors.get(errors.size() - 1);
                if (out.length() > 0) {
                  out.append("; ");
                }
                out.append(node.getEndPoint()).append(": ").append(describeNodeError(last));
              });
      return out.toString();
    }
    return e.getClass().getSimpleName() + ": " + firstLine(e.getMessage());
  }

  /**
   * One node's error: a failed TLS handshake as such, with JSSE's reason (e.g. "PKIX path building
   * failed", "No subject alternative names matching IP address …", "Received fatal alert:
   * certificate_required"), which the driver's wording would push past the line's end; else the
   * driver's message without its channel prefix ({@code [s0|control|id: …, L:… - R:…]}).
   */
  static String describeNodeError(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof javax.net.ssl.SSLException tls) {
        return "TLS handshake failed: " + firstLine(tls.getMessage());
      }
      if (t.getCause() == t) {
        break;
      }
    }
    String message = error.getMessage();
    if (message != null && message.startsWith("[")) {
      int end = message.indexOf("] ");
      if (end > 0) {
        message = message.substring(end + 2);
      }
    }
    return firstLine(message);
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "(no message)";
    }
    int nl = message.indexOf('\n');
    String line = nl < 0 ? message : message.substring(0, nl);
    return line.length() > 200 ? line.substring(0, 200) + "…" : line;
  }

  /** The challenge store: Cassandra's once connected, failing at once until then. */
  public ChallengeStore challengeStore() {
    return challenges;
  }

  /** The session store: Cassandra's once connected, failing at once until then. */
  public SessionStore sessionStore() {
    return sessions;
  }

  /** The AKMA context store: Cassandra's once connected, failing at once until then. */
  public AkmaContextStore akmaContextStore() {
    return akmaContexts;
  }

  /** The TMPI store: Cassandra's once connected, failing at once until then. */
  public TmpiStore tmpiStore() {
    return tmpis;
  }

  /** The connected stores, once connected. */
  public Optional<CassandraStores> stores() {
    return Optional.ofNullable(stores);
  }

  /** True once connected and while a node of the local DC is up: the readiness of the store. */
  public boolean isAvailable() {
    CassandraStores s = stores;
    return s != null && s.isAvailable();
  }

  /** Why it is not connected yet, for /ready; empty once connected. */
  public Optional<String> problem() {
    if (stores != null) {
      return Optional.empty();
    }
    return Optional.of(
        "connecting to "
            + settings.contactPoints()
            + " ("
            + failedAttempts.get()
            + " failed attempts; last: "
            + lastProblem
            + ")");
  }

  /** Stops trying and closes the session, if any. Does not wait for an attempt under way. */
  @Override
  public void close() {
    closed = true;
    retries.shutdownNow();
    CassandraStores s = stores;
    if (s != null) {
      s.close();
    }
  }
}
