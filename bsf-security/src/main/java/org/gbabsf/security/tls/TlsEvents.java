package org.gbabsf.security.tls;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.SocketAddress;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failed handshakes of one interface: counted in {@code bsf.tls.handshake.failures{interface,
 * reason}} and logged at WARN with the peer's address and the reason, at most once per reason in 10
 * s (the rest at DEBUG), so a scanner cannot flood the log. Also publishes when the interface's own
 * certificate expires, {@code bsf.tls.certificate.expiry}, in seconds since the epoch.
 */
public final class TlsEvents {

  private static final Logger log = LoggerFactory.getLogger(TlsEvents.class);
  private static final long WARN_EVERY_NANOS = 10_000_000_000L;

  private final String iface;
  private final Map<TlsFailure, Counter> failures = new EnumMap<>(TlsFailure.class);
  private final Map<TlsFailure, AtomicLong> lastWarn = new EnumMap<>(TlsFailure.class);

  /** The events of {@code iface} (ub, admin, diameter, cassandra, …). */
  public TlsEvents(String iface, MeterRegistry registry) {
    this.iface = iface;
    for (TlsFailure f : TlsFailure.values()) {
      failures.put(
          f,
          Counter.builder("bsf.tls.handshake.failures")
              .description("TLS handshakes that failed, and peers refused after one, by reason")
              .tag("interface", iface)
              .tag("reason", f.tag())
              .register(registry));
      lastWarn.put(f, new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS));
    }
  }

  /** Publishes the expiry of {@code material}'s own certificate, as it is reloaded. */
  public TlsEvents watchExpiry(TlsMaterial material, MeterRegistry registry) {
    if (material.hasIdentity()) {
      Gauge.builder(
              "bsf.tls.certificate.expiry",
              material,
              m -> m.notAfter().map(t -> (double) t.getEpochSecond()).orElse(Double.NaN))
          .description("When this interface's own certificate expires (Unix time, seconds)")
          .tag("interface", iface)
          .baseUnit("seconds")
          .register(registry);
    }
    return this;
  }

  /** The interface name. */
  public String iface() {
    return iface;
  }

  /** A handshake with {@code peer} (null if unknown) failed with {@code cause}. */
  public void failed(SocketAddress peer, Throwable cause) {
    failed(peer, TlsFailure.classify(cause), oneLine(cause));
  }

  /** A peer was refused for {@code reason}; {@code detail} is one line without key material. */
  public void failed(SocketAddress peer, TlsFailure reason, String detail) {
    failures.get(reason).increment();
    long now = System.nanoTime();
    AtomicLong last = lastWarn.get(reason);
    long previous = last.get();
    boolean warn =
        reason != TlsFailure.CLOSED
            && now - previous >= WARN_EVERY_NANOS
            && last.compareAndSet(previous, now);
    String text = "TLS on {}: refused {} ({}): {}";
    Object[] args = {iface, peer == null ? "a peer" : peer, reason.tag(), detail};
    if (warn) {
      log.warn(text, args);
    } else {
      log.debug(text, args);
    }
  }

  /** How many failures of {@code reason} were counted (tests). */
  public long count(TlsFailure reason) {
    return (long) failures.get(reason).count();
  }

  private static String oneLine(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    m = m.replaceAll("[\\r\\n]+", " ");
    return m.length() > 200 ? m.substring(0, 200) + "…" : m;
  }
}
