package org.gbabsf.diameter.zh;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterSendException;
import org.gbabsf.diameter.zh.ZhCodec.MaaResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HSS over Zh (TS 29.109 §4): MAR/MAA through a {@link DiameterNode}, with the failover the
 * stack does not do by itself.
 *
 * <ul>
 *   <li>Each attempt pins Destination-Host to the best peer: up, not yet tried for this request,
 *       not in backoff, highest priority first (unless {@link Settings#pinDestinationHost()} is
 *       false: then the MAR names only the realm, for a relay to route).
 *   <li>A timeout, no route, 4181, 3002 or 3004 tries the next peer while the budget lasts; a peer
 *       that timed out or was too busy is avoided for {@code peerBackoff}.
 *   <li>5401 (or the Cx 5001) is an unknown user; 4001 a refusal; any other code, or a malformed
 *       answer, makes the HSS unavailable for this request.
 * </ul>
 */
public final class ZhHssClient implements HssClient {

  private static final Logger log = LoggerFactory.getLogger(ZhHssClient.class);

  /** An attempt with less time left than this is not started. */
  private static final Duration MIN_ATTEMPT = Duration.ofMillis(5);

  /** Where failover attempts start (rare: only after an error answer or a failure). */
  private static final java.util.concurrent.Executor RETRIES =
      java.util.concurrent.Executors.newSingleThreadExecutor(
          org.gbabsf.netty.Threads.named("zh-retry"));

  /**
   * How to reach the HSS.
   *
   * @param destinationRealm Destination-Realm of every MAR
   * @param peers HSS peer hosts, highest priority first
   * @param requestTimeout how long one attempt waits for its MAA
   * @param budget how long all attempts of one request may take together
   * @param peerBackoff how long a peer that timed out or was busy is avoided
   * @param pinDestinationHost whether each MAR carries Destination-Host = the chosen peer; false
   *     when the peer is a relay or proxy agent that routes by Destination-Realm
   * @param gussCacheEntries how many IMPIs' GUSSs are kept for GUSS-Timestamp ({@link GussCache});
   *     0 sends no GUSS-Timestamp and parses every GUSS
   * @param gussCacheMaxAge how long a GUSS received in full is used on the HSS's word that it is
   *     unchanged
   */
  public record Settings(
      String destinationRealm,
      List<String> peers,
      Duration requestTimeout,
      Duration budget,
      Duration peerBackoff,
      boolean pinDestinationHost,
      int gussCacheEntries,
      Duration gussCacheMaxAge) {
    /** The defaults of {@code zh.guss-cache.entries} and {@code zh.guss-cache.max-age}. */
    public static final int DEFAULT_GUSS_CACHE_ENTRIES = 10_000;

    /** The default of {@code zh.guss-cache.max-age}. */
    public static final Duration DEFAULT_GUSS_CACHE_MAX_AGE = Duration.ofHours(1);

    /** Copies the list. */
    public Settings {
      peers = List.copyOf(peers);
    }

    /** Settings with the default GUSS cache. */
    public Settings(
        String destinationRealm,
        List<String> peers,
        Duration requestTimeout,
        Duration budget,
        Duration peerBackoff,
        boolean pinDestinationHost) {
      this(
          destinationRealm,
          peers,
          requestTimeout,
          budget,
          peerBackoff,
          pinDestinationHost,
          DEFAULT_GUSS_CACHE_ENTRIES,
          DEFAULT_GUSS_CACHE_MAX_AGE);
    }

    /** Settings that pin Destination-Host to the chosen peer. */
    public Settings(
        String destinationRealm,
        List<String> peers,
        Duration requestTimeout,
        Duration budget,
        Duration peerBackoff) {
      this(destinationRealm, peers, requestTimeout, budget, peerBackoff, true);
    }
  }

  private final DiameterNode node;
  private final Settings settings;
  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Long> backoffUntilNanos = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Counter> answers = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Timer> latency = new ConcurrentHashMap<>();
  private final GussCache gussCache;
  private final ConcurrentHashMap<String, Counter> gussOutcomes = new ConcurrentHashMap<>();

  /** A client sending through {@code node}; meters go to {@code registry}. */
  public ZhHssClient(DiameterNode node, Settings settings, MeterRegistry registry) {
    this.node = node;
    this.settings = settings;
    this.registry = registry;
    this.gussCache = new GussCache(settings.gussCacheEntries(), settings.gussCacheMaxAge());
  }

  @Override
  public CompletionStage<HssAnswer> fetchVector(Impi impi) {
    return attempt(impi, Optional.empty(), deadline(), new HashSet<>(), "no HSS peer is up");
  }

  @Override
  public CompletionStage<HssAnswer> resynchronise(Impi impi, Rand rand, byte[] auts) {
    return attempt(
        impi,
        Optional.of(ZhCodec.randAuts(rand, auts)),
        deadline(),
        new HashSet<>(),
        "no HSS peer is up");
  }

  /** True if the connection to HSS peer {@code host} is open. */
  public boolean isUp(String host) {
    return node.isUp(host);
  }

  /** True while at least one HSS peer's connection is open: the readiness of Zh. */
  public boolean isAvailable() {
    return settings.peers().stream().anyMatch(node::isUp);
  }

  private long deadline() {
    return System.nanoTime() + settings.budget().toNanos();
  }

  private CompletionStage<HssAnswer> attempt(
      Impi impi, Optional<byte[]> resync, long deadline, Set<String> tried, String lastProblem) {
    Optional<String> peer = choosePeer(tried);
    long left = deadline - System.nanoTime();
    if (peer.isEmpty() || left < MIN_ATTEMPT.toNanos()) {
      return done(new HssAnswer.Unavailable(lastProblem));
    }
    String host = peer.get();
    tried.add(host);
    Duration timeout = Duration.ofNanos(Math.min(settings.requestTimeout().toNanos(), left));
    boolean fullAttempt = timeout.equals(settings.requestTimeout());
    Optional<Guss> held = gussCache.withTimestamp(impi);
    DiameterMessage mar =
        ZhCodec.encodeMar(
            new ZhCodec.Mar(
                node.newSessionId(),
                node.originHost(),
                node.originRealm(),
                settings.destinationRealm(),
                settings.pinDestinationHost() ? Optional.of(host) : Optional.empty(),
                impi,
                resync,
                Optional.empty(),
                held.flatMap(Guss::timestamp)));
    long start = System.nanoTime();
    return node.send(mar, timeout)
        .handle(
            (maa, error) -> {
              timer(host).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
              if (error != null) {
                return failed(impi, resync, deadline, tried, host, error, fullAttempt);
              }
              // jdiameter may route a pinned request elsewhere when the pinned peer is gone:
              // credit the HSS that actually answered.
              String answeredBy =
                  maa.first(org.gbabsf.diameter.base.BaseAvps.ORIGIN_HOST, 0)
                      .map(org.gbabsf.diameter.Avp::utf8)
                      .orElse(host);
              MaaResult result = ZhCodec.decodeMaa(maa, xml -> readGuss(impi, xml));
              return answered(impi, resync, deadline, tried, answeredBy, held, result);
            })
        .thenCompose(next -> next);
  }

  private CompletionStage<HssAnswer> failed(
      Impi impi,
      Optional<byte[]> resync,
      long deadline,
      Set<String> tried,
      String host,
      Throwable error,
      boolean fullAttempt) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    String kind =
        cause instanceof DiameterSendException d
            ? d.kind().name().toLowerCase(java.util.Locale.ROOT)
            : "error";
    count(host, kind);
    if (fullAttempt
        && cause instanceof DiameterSendException d
        && d.kind() == DiameterSendException.Kind.TIMEOUT) {
      backOff(host); // only a timeout of a full attempt says the peer is slow
    }
    return retry(impi, resync, deadline, tried, "HSS " + host + ": " + kind);
  }

  /**
   * The next attempt, started on our own thread: answers complete on the stack's thread, and a send
   * from there could wait on a full peer queue and hold up that peer's state machine.
   */
  private CompletionStage<HssAnswer> retry(
      Impi impi, Optional<byte[]> resync, long deadline, Set<String> tried, String why) {
    return CompletableFuture.completedFuture(null)
        .thenComposeAsync(x -> attempt(impi, resync, deadline, tried, why), RETRIES);
  }

  private CompletionStage<HssAnswer> answered(
      Impi impi,
      Optional<byte[]> resync,
      long deadline,
      Set<String> tried,
      String host,
      Optional<Guss> held,
      MaaResult result) {
    if (result instanceof MaaResult.Vector v) {
      count(host, "2001");
      return done(new HssAnswer.Vector(v.vector(), gussOf(impi, v.guss(), held)));
    }
    if (result instanceof MaaResult.UserUnknown) {
      count(host, "user_unknown");
      return done(new HssAnswer.UserUnknown());
    }
    if (result instanceof MaaResult.Refused r) {
      count(host, Long.toString(r.code()));
      return done(new HssAnswer.Refused("HSS answered " + r.code()));
    }
    if (result instanceof MaaResult.Retryable r) {
      count(host, Long.toString(r.code()));
      backOff(host);
      return retry(impi, resync, deadline, tried, "HSS " + host + " answered " + r.code());
    }
    if (result instanceof MaaResult.Failed f) {
      count(host, Long.toString(f.code()));
      log.warn("Zh: HSS {} answered {}; the UE gets 503", host, f.code());
      return done(new HssAnswer.Unavailable("HSS " + host + " answered " + f.code()));
    }
    MaaResult.Malformed m = (MaaResult.Malformed) result;
    count(host, "malformed");
    log.warn("Zh: malformed MAA from {}: {}", host, m.reason());
    return done(new HssAnswer.Unavailable("malformed MAA from " + host));
  }

  /** A GUSS received in full: parsed, unless it is the text of the one cached for the IMPI. */
  private GussParser.Result readGuss(Impi impi, String xml) {
    GussCache.Read read = gussCache.read(impi, xml);
    if (read.result() instanceof GussParser.Result.Invalid) {
      gussOutcome("invalid");
    } else {
      gussOutcome(read.reused() ? "reused" : "parsed");
    }
    return read.result();
  }

  /**
   * The GUSS of a 2001: the one received, or, when the HSS sent none to a MAR that carried the
   * timestamp of {@code held}, {@code held} (TS 29.109 §6.3.1.10: unchanged since).
   */
  private Guss gussOf(Impi impi, Guss received, Optional<Guss> held) {
    // ZhCodec gives Guss.empty(), whose raw XML is empty, exactly when the MAA has no
    // GBA-UserSecSettings (an empty one does not parse, and the MAA is then malformed).
    if (!received.rawXml().isEmpty()) {
      return received;
    }
    if (held.isPresent()) {
      gussOutcome("unchanged");
      return held.get();
    }
    gussOutcome("none");
    gussCache.forget(impi);
    return received;
  }

  private void gussOutcome(String outcome) {
    gussOutcomes
        .computeIfAbsent(
            outcome,
            o ->
                Counter.builder("bsf.zh.guss")
                    .description(
                        "GUSSs of 2001 MAAs: parsed, reused (the text of the cached one), unchanged"
                            + " (left out after GUSS-Timestamp), none, or invalid")
                    .tag("outcome", o)
                    .register(registry))
        .increment();
  }

  /** Up, untried and not backing off, by priority; else any up and untried peer. */
  private Optional<String> choosePeer(Set<String> tried) {
    long now = System.nanoTime();
    Optional<String> fallback = Optional.empty();
    for (String host : settings.peers()) {
      if (tried.contains(host) || !node.isUp(host)) {
        continue;
      }
      Long until = backoffUntilNanos.get(host);
      if (until == null || until - now <= 0) {
        return Optional.of(host);
      }
      if (fallback.isEmpty()) {
        fallback = Optional.of(host);
      }
    }
    return fallback;
  }

  private void backOff(String host) {
    backoffUntilNanos.put(host, System.nanoTime() + settings.peerBackoff().toNanos());
  }

  private void count(String host, String result) {
    answers
        .computeIfAbsent(
            host + '/' + result,
            k ->
                Counter.builder("bsf.zh.answers")
                    .description("Zh MAR outcomes per HSS peer")
                    .tag("peer", host)
                    .tag("result", result)
                    .register(registry))
        .increment();
  }

  private Timer timer(String host) {
    return latency.computeIfAbsent(
        host,
        k ->
            Timer.builder("bsf.zh.latency")
                .description("MAR to MAA (or failure) per HSS peer")
                .tag("peer", host)
                .register(registry));
  }

  private static CompletionStage<HssAnswer> done(HssAnswer answer) {
    return CompletableFuture.completedFuture(answer);
  }
}
