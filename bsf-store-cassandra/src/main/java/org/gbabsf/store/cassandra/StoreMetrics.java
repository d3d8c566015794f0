package org.gbabsf.store.cassandra;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Meters of the Cassandra stores: {@code bsf.store.latency{store, op}} times every operation and
 * {@code bsf.store.errors{store, op, error}} counts failures by driver exception kind.
 */
final class StoreMetrics {

  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Counter> errors = new ConcurrentHashMap<>();

  StoreMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /** Times {@code stage} and counts its failure, if any; returns it unchanged. */
  <T> CompletionStage<T> observe(String store, String op, CompletionStage<T> stage) {
    long start = System.nanoTime();
    return stage.whenComplete(
        (v, error) -> {
          timer(store, op).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
          if (error != null) {
            error(store, op, CassandraFailures.kind(error)).increment();
          }
        });
  }

  private Timer timer(String store, String op) {
    return timers.computeIfAbsent(
        store + '/' + op,
        k ->
            Timer.builder("bsf.store.latency")
                .description("Cassandra store operations")
                .tag("store", store)
                .tag("op", op)
                .register(registry));
  }

  private Counter error(String store, String op, String kind) {
    return errors.computeIfAbsent(
        store + '/' + op + '/' + kind,
        k ->
            Counter.builder("bsf.store.errors")
                .description("Cassandra store failures by kind")
                .tag("store", store)
                .tag("op", op)
                .tag("error", kind)
                .register(registry));
  }
}
