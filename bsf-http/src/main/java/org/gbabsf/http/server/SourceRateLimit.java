package org.gbabsf.http.server;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The optional per-source limit on Ub requests ({@code ub.source-limit.rate} and {@code
 * ub.source-limit.burst}): a token bucket per source address, an IPv4 address or an IPv6 /64 (the
 * prefix a 3GPP UE gets per PDN connection). Every request the decoder accepts takes a token, first
 * requests and answers alike: an answer with an unknown nonce costs the BSF a vector and a
 * challenge just as a first request does. A real UE needs two per bootstrap.
 *
 * <p>Memory is bounded: at most {@link #MAX_SOURCES} sources are tracked, and the one seen least
 * recently is forgotten first (its bucket is full again when it comes back). Refusals are logged at
 * WARN at most once a minute, with a count and the latest source address. Thread-safe; every call
 * is short and never blocks on I/O.
 *
 * <p>Implemented as GCRA: per source, the theoretical time at which its bucket is full again.
 */
final class SourceRateLimit {

  /** Sources tracked at most (about 100 bytes each). */
  static final int MAX_SOURCES = 100_000;

  private static final long LOG_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);
  private static final Logger log = LoggerFactory.getLogger(SourceRateLimit.class);

  private final long interval;
  private final long tolerance;
  private final LongSupplier nanoTime;
  private final AtomicLong refusedSinceReport = new AtomicLong();
  private final AtomicLong nextReport;

  // Source key -> the time its bucket is full again; access order, so the eldest is the stalest.
  private final LinkedHashMap<Long, long[]> sources =
      new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, long[]> eldest) {
          return size() > MAX_SOURCES;
        }
      };

  /**
   * A limit of {@code perSecond} requests a second per source, with bursts of {@code burst}; {@code
   * nanoTime} is the clock ({@code System::nanoTime} outside tests).
   */
  SourceRateLimit(int perSecond, int burst, LongSupplier nanoTime) {
    if (perSecond < 1 || burst < 1) {
      throw new IllegalArgumentException("perSecond and burst must be positive");
    }
    this.interval = TimeUnit.SECONDS.toNanos(1) / perSecond;
    this.tolerance = interval * (burst - 1);
    this.nanoTime = nanoTime;
    this.nextReport = new AtomicLong(nanoTime.getAsLong());
  }

  /** Takes a token for {@code source}; false when its bucket is empty. */
  boolean tryAcquire(InetAddress source) {
    Long key = key(source);
    long now = nanoTime.getAsLong();
    boolean allowed;
    synchronized (sources) {
      long[] full = sources.get(key);
      if (full == null) {
        full = new long[] {now};
        sources.put(key, full);
      }
      long from = full[0] - now > 0 ? full[0] : now;
      allowed = from - now <= tolerance;
      if (allowed) {
        full[0] = from + interval;
      }
    }
    if (!allowed) {
      refused(now, source);
    }
    return allowed;
  }

  /** Sources tracked now. */
  int tracked() {
    synchronized (sources) {
      return sources.size();
    }
  }

  private void refused(long now, InetAddress source) {
    refusedSinceReport.incrementAndGet();
    long due = nextReport.get();
    if (now - due >= 0 && nextReport.compareAndSet(due, now + LOG_INTERVAL_NANOS)) {
      log.warn(
          "Ub: refused {} requests over ub.source-limit.rate since the last report, the latest"
              + " from {} (counted in bsf.ub.responses{outcome=rejected_source_rate_limited})",
          refusedSinceReport.getAndSet(0),
          source.getHostAddress());
    }
  }

  /**
   * An IPv4 address as itself (below 2^32); an IPv6 address by its /64 prefix. Prefixes below 2^32
   * (the reserved ::/32) would share keys with IPv4 addresses, which only merges their buckets.
   */
  static long key(InetAddress source) {
    byte[] a = source.getAddress();
    if (source instanceof Inet4Address) {
      return ByteBuffer.wrap(a).getInt() & 0xffff_ffffL;
    }
    return ByteBuffer.wrap(a).getLong();
  }
}
