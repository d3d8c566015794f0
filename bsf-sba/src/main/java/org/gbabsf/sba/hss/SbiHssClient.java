package org.gbabsf.sba.hss;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.sba.http.Origin;
import org.gbabsf.sba.http.SbiClient;

/**
 * The HSS (or UDM) over the SBA behind {@link HssClient}: an {@link HssApi} (N65 or N68) over
 * several instances, with the failover of Zh.
 *
 * <ul>
 *   <li>Each attempt goes to the first instance, in the order of {@link HssInstances} (configured,
 *       or discovered at the NRF), that is not in backoff and not yet tried for this request; when
 *       every one is in backoff, a request tries the one whose backoff ends first.
 *   <li>A transport failure, a timeout, 429, 5xx or a malformed answer ({@link Step.Failover})
 *       tries the next instance while the budget ({@code ub.hss-timeout}) lasts, and avoids this
 *       one for {@code backoff}.
 *   <li>404 with cause USER_NOT_FOUND is an unknown user, 403 a refusal; other answers end the
 *       request as unavailable ({@link SbiAnswers}).
 * </ul>
 *
 * Connections open at {@link #start()} and are re-opened in the background, so {@link
 * #isAvailable()} (for {@code /ready}) says whether an instance is reachable now.
 */
public final class SbiHssClient implements HssClient, AutoCloseable {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(SbiHssClient.class);

  /** An attempt with less time left than this is not started. */
  private static final Duration MIN_ATTEMPT = Duration.ofMillis(5);

  /**
   * Where to reach the API.
   *
   * @param instances the instances, fixed or discovered
   * @param requestTimeout time one attempt waits for its answer
   * @param budget time all attempts of one request may take together
   * @param backoff time an instance that failed is avoided
   */
  public record Settings(
      HssInstances instances, Duration requestTimeout, Duration budget, Duration backoff) {

    /** Settings with a fixed list of apiRoots, in order of preference (one at least). */
    public Settings(
        List<URI> instances, Duration requestTimeout, Duration budget, Duration backoff) {
      this(HssInstances.fixed(instances), requestTimeout, budget, backoff);
    }
  }

  private final SbiClient client;
  private final HssApi api;
  private final Settings settings;
  private final MeterRegistry registry;
  private final ConcurrentHashMap<URI, Long> backoffUntil = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Counter> answers = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<URI, Timer> latency = new ConcurrentHashMap<>();
  private ScheduledExecutorService probe;
  private Set<Origin> inUse = Set.of();

  /** A client of {@code api} through {@code client}. */
  public SbiHssClient(SbiClient client, HssApi api, Settings settings, MeterRegistry registry) {
    this.client = client;
    this.api = api;
    this.settings = settings;
    this.registry = registry;
  }

  /** Connects to every instance, and keeps re-connecting those that are not up. */
  public synchronized void start() {
    if (probe != null) {
      return;
    }
    probe = org.gbabsf.netty.Threads.scheduler(api.name() + "-connect");
    long every = Math.max(1_000, settings.backoff().toMillis());
    probe.scheduleWithFixedDelay(this::connectAll, 0, every, TimeUnit.MILLISECONDS);
    settings.instances().onChange(this::instancesChanged);
  }

  /** The instances changed (discovery): connect to new ones now, let go of those gone. */
  private synchronized void instancesChanged() {
    if (probe != null) {
      probe.execute(this::connectAll);
    }
  }

  /** Runs on the probe thread only. */
  private void connectAll() {
    List<URI> roots = settings.instances().current();
    Set<Origin> now = new HashSet<>();
    for (URI root : roots) {
      Origin.of(root).ifPresent(now::add);
      if (!client.isConnected(root)) {
        client.connect(root);
      }
    }
    for (Origin gone : inUse) {
      if (!now.contains(gone)) {
        log.info("{}: instance {} is no longer listed; its connections close", api.name(), gone);
        client.disconnect(gone);
      }
    }
    inUse = Set.copyOf(now);
    backoffUntil.keySet().retainAll(roots);
    forgetMeters(roots);
  }

  /**
   * Removes the meters of instances no longer listed, so that an NRF listing ever new addresses
   * (pods that come and go) cannot grow the registry without bound.
   */
  private void forgetMeters(List<URI> roots) {
    Set<String> listed = new HashSet<>();
    for (URI root : roots) {
      listed.add(root.getAuthority());
    }
    latency
        .entrySet()
        .removeIf(
            e -> {
              boolean gone = !listed.contains(e.getKey().getAuthority());
              if (gone) {
                registry.remove(e.getValue());
              }
              return gone;
            });
    answers
        .entrySet()
        .removeIf(
            e -> {
              boolean gone = !listed.contains(e.getValue().getId().getTag("instance"));
              if (gone) {
                registry.remove(e.getValue());
              }
              return gone;
            });
  }

  /**
   * True if one instance is connected (as Zh's readiness: a peer up). An instance in backoff still
   * counts: a single slow answer must not take every BSF out of rotation at once.
   */
  public boolean isAvailable() {
    for (URI root : settings.instances().current()) {
      if (client.isConnected(root)) {
        return true;
      }
    }
    return false;
  }

  /** The instances now, for {@code /ready}'s reason. */
  public List<URI> instances() {
    return settings.instances().current();
  }

  @Override
  public CompletionStage<HssAnswer> fetchVector(Impi impi) {
    return attempt(impi, Optional.empty(), deadline(), new HashSet<>(), noAnswer());
  }

  @Override
  public CompletionStage<HssAnswer> resynchronise(Impi impi, Rand rand, byte[] auts) {
    if (auts.length != 14) {
      return CompletableFuture.completedFuture(new HssAnswer.Refused("AUTS is not 14 octets"));
    }
    return attempt(
        impi, Optional.of(new AkaJson.Resync(rand, auts)), deadline(), new HashSet<>(), noAnswer());
  }

  /** The reason of an Unavailable when no attempt could be made. */
  private String noAnswer() {
    return settings.instances().current().isEmpty()
        ? "no " + api.name() + " instance known (none discovered)"
        : "no instance answered";
  }

  private long deadline() {
    return System.nanoTime() + settings.budget().toNanos();
  }

  private CompletionStage<HssAnswer> attempt(
      Impi impi,
      Optional<AkaJson.Resync> resync,
      long deadline,
      Set<URI> tried,
      String lastReason) {
    long now = System.nanoTime();
    long left = deadline - now;
    Optional<URI> next = choose(tried, now);
    if (next.isEmpty()) {
      return CompletableFuture.completedFuture(new HssAnswer.Unavailable(lastReason));
    }
    if (left < MIN_ATTEMPT.toNanos()) {
      return CompletableFuture.completedFuture(
          new HssAnswer.Unavailable(lastReason + "; no time left for another instance"));
    }
    URI root = next.get();
    tried.add(root);
    Duration timeout = Duration.ofNanos(Math.min(settings.requestTimeout().toNanos(), left));
    long start = System.nanoTime();
    CompletionStage<Step> step;
    try {
      step = api.vector(client, root, impi, resync, timeout);
    } catch (RuntimeException bug) {
      log.error("{}: the request to {} failed to start", api.name(), root, bug);
      return CompletableFuture.completedFuture(new HssAnswer.Unavailable("internal error"));
    }
    return step.handle(
            (s, bug) -> {
              if (bug != null) {
                log.error("{}: the request to {} failed", api.name(), root, bug);
                return new Step.Answer(new HssAnswer.Unavailable("internal error"));
              }
              return s;
            })
        .thenCompose(
            s -> {
              timer(root).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
              if (s instanceof Step.Answer a) {
                count(root, tag(a.answer()));
                return CompletableFuture.completedFuture(a.answer());
              }
              Step.Failover f = (Step.Failover) s;
              count(root, f.tag());
              avoid(root, f.reason());
              return attempt(
                  impi, resync, deadline, tried, root.getAuthority() + ": " + f.reason());
            });
  }

  /** The first untried instance not in backoff; with none and nothing tried, a probe. */
  private Optional<URI> choose(Set<URI> tried, long now) {
    URI probeCandidate = null;
    long soonest = Long.MAX_VALUE;
    for (URI root : settings.instances().current()) {
      if (tried.contains(root)) {
        continue;
      }
      Long until = backoffUntil.get(root);
      if (until == null || until - now <= 0) {
        return Optional.of(root);
      }
      if (until - now < soonest) {
        soonest = until - now;
        probeCandidate = root;
      }
    }
    return tried.isEmpty() ? Optional.ofNullable(probeCandidate) : Optional.empty();
  }

  private void avoid(URI root, String reason) {
    long now = System.nanoTime();
    Long before = backoffUntil.put(root, now + settings.backoff().toNanos());
    if (before == null || before - now <= 0) {
      log.warn(
          "{}: instance {} failed ({}); avoided for {} ms",
          api.name(),
          root,
          reason,
          settings.backoff().toMillis());
    }
  }

  private static String tag(HssAnswer a) {
    if (a instanceof HssAnswer.Vector) {
      return "vector";
    } else if (a instanceof HssAnswer.UserUnknown) {
      return "user_unknown";
    } else if (a instanceof HssAnswer.Refused) {
      return "refused";
    }
    return "unavailable";
  }

  private void count(URI root, String result) {
    String instance = root.getAuthority();
    answers
        .computeIfAbsent(
            instance + ' ' + result,
            k ->
                Counter.builder("bsf." + api.name() + ".answers")
                    .description("Attempts at the HSS/UDM instances over the SBA, by result")
                    .tag("instance", instance)
                    .tag("result", result)
                    .register(registry))
        .increment();
  }

  private Timer timer(URI root) {
    return latency.computeIfAbsent(
        root,
        r ->
            Timer.builder("bsf." + api.name() + ".latency")
                .description("Time of one attempt at an HSS/UDM instance")
                .tag("instance", r.getAuthority())
                .publishPercentileHistogram()
                .register(registry));
  }

  /** Stops re-connecting (the {@link SbiClient} is closed by its owner). */
  @Override
  public synchronized void close() {
    if (probe != null) {
      probe.shutdownNow();
      probe = null;
    }
  }
}
