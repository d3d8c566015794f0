package org.gbabsf.naf;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The nonces the proxy issued: each valid for {@code validity}, for the host it was issued for, and
 * each nonce count (nc) of it usable once, in strictly increasing order (RFC 7616 §3.3, §5.4): a
 * replayed request, or one whose nc does not grow, is refused. Bounded: when full, the oldest nonce
 * is dropped (its UE gets a stale 401 and retries at once), so a flood of unauthenticated requests
 * can cost memory only up to the bound and cannot lock real UEs out. Thread-safe.
 */
public final class NonceBook {

  /** What a nonce count of a nonce is worth. */
  public enum Use {
    /** Issued by us for this host, not expired, and its nc is higher than any used before. */
    FRESH,
    /** Issued by us, but this nc (or a higher one) was used already: a replay. */
    REPLAYED,
    /** Never issued, expired, dropped, or issued for another host. */
    UNKNOWN
  }

  private record Entry(String host, Instant expiresAt, AtomicLong highestNc) {}

  private static final int NONCE_OCTETS = 18;

  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> order = new ConcurrentLinkedQueue<>();
  private final AtomicInteger size = new AtomicInteger();
  private final AtomicLong evicted = new AtomicLong();
  private final SecureRandom random = new SecureRandom();
  private final Duration validity;
  private final int max;
  private final Clock clock;

  /** A book of at most {@code max} nonces, each valid {@code validity}. */
  public NonceBook(Duration validity, int max, Clock clock) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be positive");
    }
    this.validity = validity;
    this.max = max;
    this.clock = clock;
  }

  /** A fresh nonce for {@code host}: 144 random bits, base64url. */
  public String issue(String host) {
    byte[] b = new byte[NONCE_OCTETS];
    random.nextBytes(b);
    String nonce = Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    entries.put(nonce, new Entry(host, clock.instant().plus(validity), new AtomicLong(0)));
    order.add(nonce);
    if (size.incrementAndGet() > max) {
      dropOldest();
    }
    return nonce;
  }

  private void dropOldest() {
    String oldest = order.poll();
    if (oldest != null) {
      Entry e = entries.remove(oldest);
      size.decrementAndGet();
      if (e != null && clock.instant().isBefore(e.expiresAt())) {
        evicted.incrementAndGet();
      }
    }
  }

  /**
   * What count {@code nc} of {@code nonce} is worth for a request to {@code host}, without spending
   * it: a count is spent only by a request whose digest verifies ({@link #spend}), so that whoever
   * sees a nonce cannot burn its counts with junk responses.
   */
  public Use check(String nonce, String host, long nc) {
    Entry e = entries.get(nonce);
    if (e == null || !e.host().equalsIgnoreCase(host)) {
      return Use.UNKNOWN;
    }
    if (!clock.instant().isBefore(e.expiresAt())) {
      return Use.UNKNOWN;
    }
    return nc <= e.highestNc().get() ? Use.REPLAYED : Use.FRESH;
  }

  /**
   * Spends count {@code nc} of {@code nonce} (for {@code host}) once its digest verified: {@link
   * Use#FRESH} once per (nonce, nc), for strictly increasing nc only; {@link Use#REPLAYED} if a
   * concurrent request spent it, or a higher one, first.
   */
  public Use spend(String nonce, String host, long nc) {
    return use(nonce, host, nc);
  }

  /**
   * Uses count {@code nc} of {@code nonce} for a request to {@code host}: {@link Use#FRESH} once
   * per (nonce, nc), for strictly increasing nc only.
   */
  public Use use(String nonce, String host, long nc) {
    Entry e = entries.get(nonce);
    if (e == null || !e.host().equalsIgnoreCase(host)) {
      return Use.UNKNOWN;
    }
    if (!clock.instant().isBefore(e.expiresAt())) {
      return Use.UNKNOWN;
    }
    while (true) {
      long highest = e.highestNc().get();
      if (nc <= highest) {
        return Use.REPLAYED;
      }
      if (e.highestNc().compareAndSet(highest, nc)) {
        return Use.FRESH;
      }
    }
  }

  /** Live nonces dropped because the book was full (a metric). */
  public long evicted() {
    return evicted.get();
  }

  /** Nonces held. */
  public int size() {
    return size.get();
  }
}
