package org.gbabsf.sba.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The meters of one SBI server (docs/operations.md): answers by API and status, their latency, open
 * connections, requests in flight, and streams reset because a request did not arrive in time.
 */
final class SbiServerMetrics {

  private final MeterRegistry registry;
  private final String server;
  private final Map<String, Counter> answers = new ConcurrentHashMap<>();
  private final Map<String, Timer> latency = new ConcurrentHashMap<>();
  private final Counter requestTimeouts;
  private final Counter answerTimeouts;
  private final Counter failures;
  private final Counter refusedConnections;
  final AtomicInteger connections = new AtomicInteger();
  final AtomicInteger inFlight = new AtomicInteger();

  SbiServerMetrics(MeterRegistry registry, String server) {
    this.registry = registry;
    this.server = server;
    Gauge.builder("bsf.sbi.server.connections", connections, AtomicInteger::get)
        .description("Open HTTP/2 connections of the SBI server")
        .tag("server", server)
        .register(registry);
    Gauge.builder("bsf.sbi.server.in_flight", inFlight, AtomicInteger::get)
        .description("SBI requests being served")
        .tag("server", server)
        .register(registry);
    this.requestTimeouts =
        Counter.builder("bsf.sbi.server.timeouts")
            .description("Streams reset (request incomplete) or answered 503 (answer late)")
            .tag("server", server)
            .tag("phase", "request")
            .register(registry);
    this.answerTimeouts =
        Counter.builder("bsf.sbi.server.timeouts")
            .description("Streams reset (request incomplete) or answered 503 (answer late)")
            .tag("server", server)
            .tag("phase", "answer")
            .register(registry);
    this.refusedConnections =
        Counter.builder("bsf.sbi.server.connections.refused")
            .description("Connections closed as accepted: sbi.max-connections were open")
            .tag("server", server)
            .register(registry);
    this.failures =
        Counter.builder("bsf.sbi.server.failures")
            .description("Services that failed instead of answering (answered 500)")
            .tag("server", server)
            .register(registry);
  }

  void answered(String api, int status, long startNanos) {
    String key = api + ' ' + status;
    answers
        .computeIfAbsent(
            key,
            k ->
                Counter.builder("bsf.sbi.server.requests")
                    .description("SBI requests answered, by API and HTTP status")
                    .tag("server", server)
                    .tag("api", api)
                    .tag("status", Integer.toString(status))
                    .register(registry))
        .increment();
    latency
        .computeIfAbsent(
            api,
            a ->
                Timer.builder("bsf.sbi.server.duration")
                    .description("From a stream's opening to its answer")
                    .tag("server", server)
                    .tag("api", a)
                    .publishPercentileHistogram()
                    .register(registry))
        .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
  }

  void requestTimedOut() {
    requestTimeouts.increment();
  }

  void answerTimedOut() {
    answerTimeouts.increment();
  }

  void connectionRefused() {
    refusedConnections.increment();
  }

  void serviceFailed() {
    failures.increment();
  }
}
