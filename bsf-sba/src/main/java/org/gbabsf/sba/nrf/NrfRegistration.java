package org.gbabsf.sba.nrf;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.core.time.Backoff;

/**
 * The BSF's registration at the NRF (TS 29.510 §5.2.2.2–5.2.2.4): registered at {@link #start()},
 * kept alive by a heartbeat every heartBeatTimer (the NRF's value wins over the one proposed),
 * registered again when a heartbeat gets 404, deregistered at {@link #close()}. A failure is
 * retried with a backoff (1 s, doubling up to the heartbeat interval), counted and logged once; it
 * never stops the BSF, which serves whether the NRF knows it or not.
 */
public final class NrfRegistration implements AutoCloseable {

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(NrfRegistration.class);

  /** The first retry after a failure; it doubles up to the heartbeat interval. */
  static final Duration FIRST_RETRY = Duration.ofSeconds(1);

  private final NrfClient nrf;
  private final NfProfile profile;
  private final ScheduledExecutorService timer;
  private volatile boolean registered;
  private volatile Duration heartBeat;
  private Duration retry = FIRST_RETRY;
  private ScheduledFuture<?> next;
  private boolean started;
  private boolean closed;

  /**
   * A registration of {@code profile} (its heartBeat is the one proposed) at {@code nrf}, its
   * heartbeats on {@code timer} (shared with the other NRF tasks; its owner shuts it down).
   */
  public NrfRegistration(
      NrfClient nrf, NfProfile profile, ScheduledExecutorService timer, MeterRegistry registry) {
    this.nrf = nrf;
    this.profile = profile;
    this.heartBeat = profile.heartBeat();
    this.timer = timer;
    Gauge.builder("bsf.nrf.registered", this, x -> x.registered ? 1 : 0)
        .description("1 while the NRF has acknowledged the BSF's registration and heartbeats")
        .register(registry);
  }

  /** Registers now, and keeps the registration alive from then on. */
  public synchronized void start() {
    if (started || closed) {
      return;
    }
    started = true;
    timer.execute(this::register);
  }

  /** True while the last registration or heartbeat was acknowledged. */
  public boolean registered() {
    return registered;
  }

  /** The heartbeat interval in use (the NRF's, once it answered). */
  public Duration heartBeat() {
    return heartBeat;
  }

  private void register() {
    call(nrf::register, profile)
        .whenComplete(
            (o, error) -> {
              if (isClosed()) {
                return; // an answer after close() must not say "registered" again
              }
              if (error == null && o instanceof NrfOutcome.Ok<Optional<Duration>> ok) {
                heartBeat = ok.value().orElse(profile.heartBeat());
                if (!registered) {
                  log.info(
                      "Registered at the NRF as {} {} (heartbeat every {} s)",
                      profile.nfType(),
                      profile.nfInstanceId(),
                      heartBeat.toSeconds());
                }
                registered = true;
                succeeded(this::heartbeat, beatAfter());
              } else {
                registered = false;
                failed(this::register);
              }
            });
  }

  private void heartbeat() {
    call(nrf::heartbeat, profile.nfInstanceId())
        .whenComplete(
            (o, error) -> {
              if (isClosed()) {
                return;
              }
              if (error == null && o instanceof NrfOutcome.Ok<Optional<Duration>> ok) {
                ok.value().ifPresent(d -> heartBeat = d);
                registered = true;
                succeeded(this::heartbeat, beatAfter());
              } else if (error == null && o instanceof NrfOutcome.NotFound) {
                log.info("The NRF no longer knows this BSF (heartbeat 404); registering again");
                registered = false;
                succeeded(this::register, Duration.ZERO);
              } else {
                failed(this::heartbeat);
              }
            });
  }

  /**
   * When the next heartbeat goes out: early enough that it reaches the NRF within the heartbeat
   * interval even when the call takes its whole timeout (and at least half the interval apart).
   */
  private Duration beatAfter() {
    Duration early = heartBeat.minus(nrf.timeout());
    Duration half = heartBeat.dividedBy(2);
    return early.compareTo(half) >= 0 ? early : half;
  }

  /**
   * {@code operation(argument)}, a call that throws instead of failing its stage becoming a failed
   * stage: either way the loop reschedules itself rather than stop.
   */
  private static <A, T> CompletionStage<T> call(
      java.util.function.Function<A, CompletableFuture<T>> operation, A argument) {
    try {
      return operation.apply(argument);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  private synchronized void succeeded(Runnable then, Duration after) {
    retry = FIRST_RETRY;
    schedule(then, after);
  }

  private synchronized void failed(Runnable again) {
    Duration wait = retry;
    retry = Backoff.doubled(retry, heartBeat); // the NRF may change the heartbeat
    schedule(again, wait);
  }

  private void schedule(Runnable task, Duration after) {
    if (!closed) {
      next = timer.schedule(task, after.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Stops the heartbeat and deregisters, waiting at most the NRF call's timeout (the NRF then stops
   * offering this BSF before it stops serving). Call from a thread that may wait, never from an
   * event loop.
   */
  @Override
  public void close() {
    boolean deregister;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      deregister = started;
      if (next != null) {
        next.cancel(false);
      }
    }
    if (!deregister) {
      return;
    }
    registered = false;
    try {
      NrfOutcome<Boolean> o =
          nrf.deregister(profile.nfInstanceId())
              .get(nrf.timeout().toMillis() + 500, TimeUnit.MILLISECONDS);
      if (!(o instanceof NrfOutcome.Failed<Boolean>)) {
        log.info("Deregistered from the NRF ({})", profile.nfInstanceId());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      log.warn("Deregistration from the NRF did not complete: {}", e.toString());
    }
  }
}
