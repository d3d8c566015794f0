package org.gbabsf.sba.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transport meters of one SBI client (docs/operations.md): calls without an answer by reason,
 * connections open and opened, redirects followed. What the answers mean is counted by the client's
 * user (N65, N68, NRF).
 */
final class SbiClientMetrics {

  private final Map<SbiResult.Failure, Counter> failures = new EnumMap<>(SbiResult.Failure.class);
  private final Counter opened;
  private final Counter redirects;
  private final Counter pings;
  private final Counter pingAcks;
  final AtomicInteger open = new AtomicInteger();

  SbiClientMetrics(MeterRegistry registry, String client) {
    for (SbiResult.Failure f : SbiResult.Failure.values()) {
      failures.put(
          f,
          Counter.builder("bsf.sbi.client.failures")
              .description("SBI calls without an answer, by reason")
              .tag("client", client)
              .tag("reason", f.tag())
              .register(registry));
    }
    Gauge.builder("bsf.sbi.client.connections", open, AtomicInteger::get)
        .description("Open HTTP/2 connections of the SBI client")
        .tag("client", client)
        .register(registry);
    this.opened =
        Counter.builder("bsf.sbi.client.connections.opened")
            .description("HTTP/2 connections the SBI client opened")
            .tag("client", client)
            .register(registry);
    this.pings =
        Counter.builder("bsf.sbi.client.pings")
            .description("PINGs sent on silent connections (keepalive)")
            .tag("client", client)
            .tag("result", "sent")
            .register(registry);
    this.pingAcks =
        Counter.builder("bsf.sbi.client.pings")
            .description("PINGs sent on silent connections (keepalive)")
            .tag("client", client)
            .tag("result", "answered")
            .register(registry);
    this.redirects =
        Counter.builder("bsf.sbi.client.redirects")
            .description("307/308 redirects the SBI client followed")
            .tag("client", client)
            .register(registry);
  }

  void pinged() {
    pings.increment();
  }

  void pingAnswered() {
    pingAcks.increment();
  }

  void failed(SbiResult.Failure f) {
    failures.get(f).increment();
  }

  void connectionOpened() {
    opened.increment();
    open.incrementAndGet();
  }

  void connectionClosed() {
    open.decrementAndGet();
  }

  void redirected() {
    redirects.increment();
  }
}
