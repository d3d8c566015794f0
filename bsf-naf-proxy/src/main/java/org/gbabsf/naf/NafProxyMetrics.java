package org.gbabsf.naf;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Meters of the proxy: {@code bsf.naf.requests{outcome}} for every answer (forwarded, a challenge
 * by cause, refusals, upstream failures), {@code bsf.naf.latency{result}}, the key cache and the
 * nonce book.
 */
public final class NafProxyMetrics {

  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Counter> outcomes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Timer> latency = new ConcurrentHashMap<>();

  /** Meters in {@code registry}, with gauges of {@code keys} and {@code nonces}. */
  public NafProxyMetrics(MeterRegistry registry, KeyCache keys, NonceBook nonces) {
    this.registry = registry;
    FunctionCounter.builder("bsf.naf.keys.fetched", keys, KeyCache::misses)
        .description("Zn queries the proxy made (keys not in its cache)")
        .register(registry);
    FunctionCounter.builder("bsf.naf.keys.cached", keys, KeyCache::hits)
        .description("Requests served with a key from the cache")
        .register(registry);
    Gauge.builder("bsf.naf.nonces", nonces, NonceBook::size)
        .description("Nonces held")
        .register(registry);
    FunctionCounter.builder("bsf.naf.nonces.evicted", nonces, NonceBook::evicted)
        .description("Live nonces dropped, oldest first, because the book was full")
        .register(registry);
  }

  /** Counts an answer with {@code outcome} and its time since the request was complete. */
  void answered(String outcome, String result, long startNanos) {
    outcomes
        .computeIfAbsent(
            outcome,
            o ->
                Counter.builder("bsf.naf.requests")
                    .description("Ua requests answered by the proxy, by outcome")
                    .tag("outcome", o)
                    .register(registry))
        .increment();
    latency
        .computeIfAbsent(
            result,
            r ->
                Timer.builder("bsf.naf.latency")
                    .description("From a complete Ua request to its answer, upstream included")
                    .tag("result", r)
                    .register(registry))
        .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
  }
}
