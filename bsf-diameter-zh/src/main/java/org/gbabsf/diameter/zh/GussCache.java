package org.gbabsf.diameter.zh;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;

/**
 * The GUSS this BSF last received for each IMPI, so that an unchanged GUSS is neither sent nor
 * parsed again (the GUSS timestamp option: TS 29.109 §6.3.1.10, TS 33.220 §4.5.2).
 *
 * <ul>
 *   <li>A MAR carries GUSS-Timestamp = the {@code Extension/timestamp} of the cached GUSS, when the
 *       GUSS has one and was received in full less than {@code maxAge} ago.
 *   <li>A 2001 MAA without GBA-UserSecSettings to such a MAR means the HSS found the timestamps
 *       equal: the GUSS whose timestamp was sent is used.
 *   <li>A GUSS received in full replaces the cached one; when it is the same text as the cached one
 *       (an HSS without the option sends it every time), the earlier parse is used.
 *   <li>A 2001 MAA without a GUSS to a MAR without a timestamp means the user has none: forgotten.
 * </ul>
 *
 * <p>{@code maxAge} bounds how long a GUSS can be used without the HSS sending it again: an HSS
 * that deleted a user's GUSS also answers without one, and cannot be told apart from "unchanged".
 * Bounded, least recently used out, to {@code maxEntries} IMPIs and to {@link #CHARS_PER_ENTRY}
 * characters of GUSS per entry on average ({@code maxEntries} × 1,024 in all); a GUSS longer than
 * {@link #MAX_CACHED_CHARS} is never kept. So an HSS that sends large GUSSs gets fewer of them
 * kept, not more memory. 0 entries turns the cache off. Thread-safe.
 */
final class GussCache {

  /** Longest GUSS kept (characters of XML); a one-USS GUSS is about 400. */
  static final int MAX_CACHED_CHARS = 16 * 1024;

  /** Characters of GUSS XML held per entry on average, at most. */
  static final int CHARS_PER_ENTRY = 1024;

  private record Entry(Guss guss, long receivedNanos) {}

  private final int maxEntries;
  private final long maxAgeNanos;
  private final LongSupplier nanoClock;
  private final long maxChars;
  private final LinkedHashMap<Impi, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private long chars;

  /** A cache of at most {@code maxEntries} GUSSs, each used for {@code maxAge} after receipt. */
  GussCache(int maxEntries, Duration maxAge) {
    this(maxEntries, maxAge, System::nanoTime);
  }

  /** The same, on {@code nanoClock} (tests). */
  GussCache(int maxEntries, Duration maxAge, LongSupplier nanoClock) {
    if (maxEntries < 0 || maxAge.isNegative()) {
      throw new IllegalArgumentException("maxEntries and maxAge must not be negative");
    }
    this.maxEntries = maxEntries;
    this.maxAgeNanos = maxAge.toNanos();
    this.nanoClock = nanoClock;
    this.maxChars = (long) maxEntries * CHARS_PER_ENTRY;
  }

  /**
   * The cached GUSS of {@code impi} whose timestamp a MAR should carry: fresh and with a timestamp.
   * The caller keeps it for the answer: a 2001 without GBA-UserSecSettings means this GUSS is
   * unchanged, whatever the cache holds by then.
   */
  Optional<Guss> withTimestamp(Impi impi) {
    return fresh(impi).filter(g -> g.timestamp().isPresent());
  }

  /**
   * What {@link #read} gives.
   *
   * @param result the parse
   * @param reused true when it is the cached GUSS's, the text being identical
   */
  record Read(GussParser.Result result, boolean reused) {}

  /**
   * Reads a GUSS received in full for {@code impi}: the cached parse when the text is identical,
   * else {@link GussParser#parse}; a GUSS that parses becomes the cached one, one that does not
   * drops it.
   */
  Read read(Impi impi, String xml) {
    if (maxEntries == 0) {
      return new Read(GussParser.parse(xml), false);
    }
    long now = nanoClock.getAsLong();
    Entry cached;
    synchronized (this) {
      cached = entries.get(impi);
    }
    // Compared outside the lock: up to 16 K characters.
    if (cached != null && cached.guss().rawXml().equals(xml)) {
      synchronized (this) {
        put(impi, new Entry(cached.guss(), now));
      }
      return new Read(new GussParser.Result.Parsed(cached.guss()), true);
    }
    GussParser.Result result = GussParser.parse(xml);
    synchronized (this) {
      if (result instanceof GussParser.Result.Parsed parsed && xml.length() <= MAX_CACHED_CHARS) {
        put(impi, new Entry(parsed.guss(), now));
      } else {
        remove(impi);
      }
    }
    return new Read(result, false);
  }

  /** Drops what is cached for {@code impi} (the HSS says the user has no GUSS). */
  synchronized void forget(Impi impi) {
    remove(impi);
  }

  /** IMPIs cached. */
  synchronized int size() {
    return entries.size();
  }

  /** Characters of GUSS XML held (tests). */
  synchronized long chars() {
    return chars;
  }

  /** Holds {@code e}, then evicts the least recently used until within both bounds. */
  private void put(Impi impi, Entry e) {
    remove(impi);
    entries.put(impi, e);
    chars += e.guss().rawXml().length();
    Iterator<Entry> eldestFirst = entries.values().iterator();
    while ((entries.size() > maxEntries || chars > maxChars) && eldestFirst.hasNext()) {
      chars -= eldestFirst.next().guss().rawXml().length();
      eldestFirst.remove();
    }
  }

  private void remove(Impi impi) {
    Entry old = entries.remove(impi);
    if (old != null) {
      chars -= old.guss().rawXml().length();
    }
  }

  private Optional<Guss> fresh(Impi impi) {
    if (maxEntries == 0) {
      return Optional.empty();
    }
    long now = nanoClock.getAsLong();
    synchronized (this) {
      Entry e = entries.get(impi);
      if (e == null) {
        return Optional.empty();
      }
      if (now - e.receivedNanos() >= maxAgeNanos) {
        remove(impi);
        return Optional.empty();
      }
      return Optional.of(e.guss());
    }
  }
}
