package org.gbabsf.sba.nrf;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts the calls to the NRF by operation and outcome ({@code bsf.nrf.requests}), and logs a
 * change of state once: WARN when an operation starts failing, INFO when it works again; a failure
 * that repeats is counted, not logged again.
 */
final class NrfMetrics {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(NrfClient.class);

  private final MeterRegistry registry;
  private final Map<String, Counter> counters = new ConcurrentHashMap<>();
  private final Map<String, Boolean> failing = new ConcurrentHashMap<>();

  NrfMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  void record(String operation, NrfOutcome<?> outcome) {
    String result = outcome.tag();
    counters
        .computeIfAbsent(
            operation + ' ' + result,
            k ->
                Counter.builder("bsf.nrf.requests")
                    .description("Calls to the NRF, by operation and result")
                    .tag("operation", operation)
                    .tag("result", result)
                    .register(registry))
        .increment();
    boolean failed = outcome instanceof NrfOutcome.Failed<?>;
    Boolean before = failing.put(operation, failed);
    if (failed && !Boolean.TRUE.equals(before)) {
      log.warn(
          "NRF {} failed: {} (not logged again until it works; bsf.nrf.requests counts)",
          operation,
          ((NrfOutcome.Failed<?>) outcome).reason());
    } else if (!failed && Boolean.TRUE.equals(before)) {
      log.info("NRF {} works again", operation);
    }
  }
}
