package org.gbabsf.core.store;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A concurrent map whose entries expire at a given instant and whose size is bounded. Expired
 * entries are invisible at once and are purged when the map fills up (or on {@link
 * #purgeExpired()}), so memory stays within the bound without a background thread. A full map scans
 * for expired entries at most once per {@link #PURGE_INTERVAL}: between scans, a put into a map
 * full of live entries is refused at once rather than rescanning on every call.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class BoundedExpiringMap<K, V> {

  private record Entry<V>(V value, Instant expiresAt) {}

  private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();

  /** Shortest time between two purge scans triggered by a full map. */
  static final Duration PURGE_INTERVAL = Duration.ofSeconds(1);

  private final AtomicBoolean purging = new AtomicBoolean();
  private final AtomicLong lastPurgeMillis = new AtomicLong(Long.MIN_VALUE / 2);
  private final int maxEntries;
  private final Clock clock;

  BoundedExpiringMap(int maxEntries, Clock clock) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be positive");
    }
    this.maxEntries = maxEntries;
    this.clock = clock;
  }

  /** Stores the value; false if the map is full of live entries. */
  boolean put(K key, V value, Instant expiresAt) {
    if (entries.size() >= maxEntries && !entries.containsKey(key)) {
      long now = clock.millis();
      long last = lastPurgeMillis.get();
      if (now - last >= PURGE_INTERVAL.toMillis() && lastPurgeMillis.compareAndSet(last, now)) {
        purgeExpired();
      }
      if (entries.size() >= maxEntries) {
        return false;
      }
    }
    entries.put(key, new Entry<>(value, expiresAt));
    return true;
  }

  /** The live value for {@code key}. */
  Optional<V> get(K key) {
    Entry<V> e = entries.get(key);
    if (e == null) {
      return Optional.empty();
    }
    if (!clock.instant().isBefore(e.expiresAt())) {
      entries.remove(key, e);
      return Optional.empty();
    }
    return Optional.of(e.value());
  }

  /** Atomically removes and returns the live value for {@code key}: one caller wins. */
  Optional<V> take(K key) {
    Entry<V> e = entries.remove(key);
    if (e == null || !clock.instant().isBefore(e.expiresAt())) {
      return Optional.empty();
    }
    return Optional.of(e.value());
  }

  /** Drops every expired entry; concurrent callers skip while one purge runs. */
  void purgeExpired() {
    if (!purging.compareAndSet(false, true)) {
      return;
    }
    try {
      Instant now = clock.instant();
      entries.values().removeIf(e -> !now.isBefore(e.expiresAt()));
    } finally {
      purging.set(false);
    }
  }

  /** Entries held, live or not yet purged. */
  int size() {
    return entries.size();
  }
}
