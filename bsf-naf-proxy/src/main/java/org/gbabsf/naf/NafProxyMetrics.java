package org.gbabsf.naf;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Meters of the proxy: {@code bsf.naf.requests{outcome,keying}} for every answer (forwarded, a
 * challenge by cause, refusals, upstream failures; keying {@code gba}, {@code akma}, or {@code
 * none} for answers given before any credential was read), {@code bsf.naf.latency{result}}, the key
 * caches ({@code source=zn} for GBA, {@code source=aanf} for AKMA) and the nonce book.
 */
public final class NafProxyMetrics {

  /** The keying tag of answers given before any keying applies (no route, bad framing). */
  static final String NO_KEYING = "none";

  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Counter> outcomes = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Timer> latency = new ConcurrentHashMap<>();

  /** Meters in {@code registry}, with gauges of {@code keys} and {@code nonces}: GBA only. */
  public NafProxyMetrics(MeterRegistry registry, KeyCache keys, NonceBook nonces) {
    this(registry, keys, Optional.empty(), nonces);
  }

  /**
   * Meters in {@code registry}, with gauges of the GBA {@code keys}, the AKMA {@code afKeys} if
   * any, and {@code nonces}.
   */
  public NafProxyMetrics(
      MeterRegistry registry, KeyCache keys, Optional<KeyCache> afKeys, NonceBook nonces) {
    this.registry = registry;
    cache(registry, keys, "zn");
    afKeys.ifPresent(k -> cache(registry, k, "aanf"));
    Gauge.builder("bsf.naf.nonces", nonces, NonceBook::size)
        .description("Nonces held")
        .register(registry);
    FunctionCounter.builder("bsf.naf.nonces.evicted", nonces, NonceBook::evicted)
        .description("Live nonces dropped, oldest first, because the book was full")
        .register(registry);
  }

  private static void cache(MeterRegistry registry, KeyCache keys, String source) {
    FunctionCounter.builder("bsf.naf.keys.fetched", keys, KeyCache::misses)
        .description(
            "Key queries the proxy made (keys not in its cache): Zn for GBA, Naanf for AKMA")
        .tag("source", source)
        .register(registry);
    FunctionCounter.builder("bsf.naf.keys.cached", keys, KeyCache::hits)
        .description("Requests served with a key from the cache")
        .tag("source", source)
        .register(registry);
  }

  /**
   * Counts an answer with {@code outcome} under {@code keying} ({@code gba}, {@code akma} or {@link
   * #NO_KEYING}) and its time since the request was complete.
   */
  void answered(String outcome, String keying, String result, long startNanos) {
    outcomes
        .computeIfAbsent(
            outcome + "/" + keying,
            o ->
                Counter.builder("bsf.naf.requests")
                    .description("Ua requests answered by the proxy, by outcome and keying")
                    .tag("outcome", outcome)
                    .tag("keying", keying)
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
