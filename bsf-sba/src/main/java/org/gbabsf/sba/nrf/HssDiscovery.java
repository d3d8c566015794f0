package org.gbabsf.sba.nrf;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.time.Backoff;
import org.gbabsf.sba.hss.HssInstances;

/**
 * The HSS (or UDM) instances found at the NRF (TS 29.510 §5.3.2.2, TS 33.220 Annex N.3), as {@link
 * HssInstances}: the discovered apiRoots in the NRF's order of preference, then the configured ones
 * (a fallback, possibly none). Discovery runs at {@link #start()} and again before the result's
 * {@code validityPeriod} ends (at 90 % of it, and at least every {@code maxAge}: without NRF
 * notifications, that is how a new or removed instance is seen). A failed discovery keeps the last
 * list and is retried with a backoff (1 s, doubling up to {@code maxAge}); a successful one
 * replaces the list, empty included.
 */
public final class HssDiscovery implements HssInstances, AutoCloseable {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(HssDiscovery.class);

  /** The first retry after a failure; it doubles up to maxAge. */
  static final Duration FIRST_RETRY = Duration.ofSeconds(1);

  /** The shortest time between two discoveries that succeed. */
  static final Duration MIN_REFRESH = Duration.ofSeconds(1);

  private final NrfClient nrf;
  private final DiscoveryCodec.Target target;
  private final String requesterNfType;
  private final Optional<String> requesterId;
  private final List<URI> configured;
  private final Duration maxAge;
  private final ScheduledExecutorService timer;
  private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
  private volatile List<URI> discovered = List.of();
  private volatile List<URI> current;
  private volatile boolean answered;
  private final Backoff retry;
  private ScheduledFuture<?> next;
  private boolean started;
  private boolean closed;

  /**
   * A discovery of {@code target}.
   *
   * @param nrf the NRF
   * @param target the NF type and service looked for
   * @param requesterNfType this NF's type ({@code GBA_BSF})
   * @param requesterId this NF's instance id, if known
   * @param configured instances used after the discovered ones (may be empty)
   * @param maxAge the longest time a result is used before it is asked again
   * @param timer where the refreshes run (shared with the other NRF tasks; its owner shuts it down)
   * @param registry where {@code bsf.nrf.discovered} is a gauge
   */
  public HssDiscovery(
      NrfClient nrf,
      DiscoveryCodec.Target target,
      String requesterNfType,
      Optional<String> requesterId,
      List<URI> configured,
      Duration maxAge,
      ScheduledExecutorService timer,
      MeterRegistry registry) {
    this.nrf = nrf;
    this.target = target;
    this.requesterNfType = requesterNfType;
    this.requesterId = requesterId;
    this.configured = List.copyOf(configured);
    this.maxAge = maxAge.compareTo(MIN_REFRESH) < 0 ? MIN_REFRESH : maxAge;
    this.retry = new Backoff(FIRST_RETRY, this.maxAge); // maxAge >= MIN_REFRESH = FIRST_RETRY
    this.current = this.configured;
    this.timer = timer;
    Gauge.builder("bsf.nrf.discovered", this, x -> x.discovered.size())
        .description("Instances of the last successful discovery at the NRF")
        .tag("nf_type", target.nfType())
        .register(registry);
  }

  /** Discovers now, and again from then on. */
  public synchronized void start() {
    if (started || closed) {
      return;
    }
    started = true;
    timer.execute(this::discover);
  }

  @Override
  public List<URI> current() {
    return current;
  }

  @Override
  public void onChange(Runnable listener) {
    listeners.add(listener);
  }

  /** The instances of the last successful discovery (without the configured ones). */
  public List<URI> discovered() {
    return discovered;
  }

  /** True once a discovery succeeded. */
  public boolean answered() {
    return answered;
  }

  private void discover() {
    CompletableFuture<NrfOutcome<DiscoveryCodec.Discovered>> answer;
    try {
      answer = nrf.discover(target, requesterNfType, requesterId);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    // whenComplete, not thenAccept: a failed stage must reschedule too, or discovery would stop.
    answer.whenComplete(
        (o, error) -> {
          if (error == null && o instanceof NrfOutcome.Ok<DiscoveryCodec.Discovered> ok) {
            found(ok.value());
          } else {
            failed();
          }
        });
  }

  private void found(DiscoveryCodec.Discovered d) {
    answered = true;
    List<URI> before = discovered;
    discovered = d.apiRoots();
    Set<URI> all = new LinkedHashSet<>(d.apiRoots());
    all.addAll(configured);
    current = List.copyOf(new ArrayList<>(all));
    Duration refresh = d.validity().multipliedBy(9).dividedBy(10);
    refresh = refresh.compareTo(maxAge) > 0 ? maxAge : refresh;
    refresh = refresh.compareTo(MIN_REFRESH) < 0 ? MIN_REFRESH : refresh;
    synchronized (this) {
      retry.reset();
      schedule(refresh); // before the listeners, so that one that throws cannot stop discovery
    }
    if (!before.equals(d.apiRoots())) {
      log.info(
          "NRF: {} instances offering {}: {}",
          target.nfType(),
          target.serviceName(),
          d.apiRoots().isEmpty() ? "none" : d.apiRoots());
      listeners.forEach(Runnable::run);
    }
  }

  private synchronized void failed() {
    schedule(retry.next());
  }

  private void schedule(Duration after) {
    if (!closed) {
      next = timer.schedule(this::discover, after.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Stops discovering; the last list stays as it is. */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      if (next != null) {
        next.cancel(false);
      }
    }
  }
}
