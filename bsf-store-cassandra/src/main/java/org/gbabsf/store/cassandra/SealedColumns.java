package org.gbabsf.store.cassandra;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.core.seal.RowDigest;
import org.gbabsf.core.seal.SealContext;
import org.gbabsf.core.seal.Sealer;
import org.gbabsf.core.seal.Unsealed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key columns of the stores, sealed by a {@link Sealer} for their row: what the stores write
 * and read instead of raw keys. Each is bound to its row's primary key, subscriber (IMPI, or SUPI
 * for K_AKMA) and time, and to a {@link RowDigest} of every other column of the row (GUSS, RAND,
 * GPSI, ...), so that no column of the row can be rewritten without its key refusing to open. The
 * IMPI a TMPI stands for is sealed too, so that the store holds no readable TMPI → IMPI link: it is
 * the subscriber itself, and its row has no other column, so it is bound to the row's key (the
 * TMPI) and expiry only.
 *
 * <p>A value that does not open is never served: the row reads as absent (a fresh 401 on Ub, 5403
 * on Zn, 404 on Nbsp, so the UE bootstraps again; an unknown A-KID for an AKMA context; an unknown
 * TMPI, a 403 on Ub, upon which the UE bootstraps again with its IMPI), is counted in {@code
 * bsf.store.seal.refused{column,reason}} and logged at WARN, at most once a minute per column, with
 * the column, reason and key id, never the row's key (a B-TID embeds RAND, an A-KID the A-TID), its
 * IMPI, SUPI or GUSS, or the value.
 *
 * <p>A value sealed by an earlier release (format 1, whose binding did not cover the row's other
 * columns) is served, counted in {@code bsf.store.seal.legacy{column}} and logged at INFO at most
 * once a minute per column: such rows exist only until they expire, at most {@code
 * session.max-lifetime} after the last instance of the earlier release wrote one (docs/storage.md,
 * "Upgrading to bound rows").
 */
final class SealedColumns {

  private static final Logger log = LoggerFactory.getLogger(SealedColumns.class);
  private static final long WARN_EVERY_NANOS = 60_000_000_000L;

  /** The sealed columns. */
  static final String SESSION_KS = "bootstrap_session.ks";

  static final String CHALLENGE_XRES = "pending_challenge.xres";
  static final String CHALLENGE_CK = "pending_challenge.ck";
  static final String CHALLENGE_IK = "pending_challenge.ik";

  static final String AKMA_K_AKMA = "akma_context_by_akid.k_akma";

  static final String TMPI_IMPI = "impi_by_tmpi.impi";

  private final Sealer sealer;
  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Counter> refused = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, AtomicLong> lastWarn = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Counter> legacy = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, AtomicLong> lastLegacyInfo = new ConcurrentHashMap<>();

  SealedColumns(Sealer sealer, MeterRegistry registry) {
    this.sealer = sealer;
    this.registry = registry;
  }

  /**
   * Where a key of {@code column} lives: the row keyed {@code rowKey}, of subscriber {@code
   * subscriber} (the IMPI; the SUPI of an AKMA context), with {@code time} (the session's or
   * context's expiry, the challenge's issue time) and the row's other columns {@code row}. All are
   * bound: rewriting any of them around a value that stays in place makes it refuse to open.
   */
  static SealContext context(
      String column, byte[] rowKey, String subscriber, Instant time, RowDigest row) {
    return SealContext.of(column, rowKey).bind(subscriber).bind(time).bind(row);
  }

  /**
   * Where a value of {@code column} that is itself the subscriber lives (the IMPI a TMPI stands
   * for): the row keyed {@code rowKey}, expiring at {@code time}, which has no other column to
   * bind. Rewriting the key or the time around the value makes it refuse to open.
   */
  static SealContext context(String column, byte[] rowKey, Instant time) {
    return SealContext.of(column, rowKey).bind(time);
  }

  /** {@code value} as stored where {@code context} says. */
  ByteBuffer seal(SealContext context, byte[] value) {
    return ByteBuffer.wrap(sealer.seal(value, context));
  }

  /** The key held where {@code context} says; empty (counted and logged) if refused. */
  Optional<byte[]> open(SealContext context, ByteBuffer stored) {
    if (stored == null) {
      refused(context.column(), Unsealed.Reason.MALFORMED, 0);
      return Optional.empty();
    }
    Unsealed u = sealer.open(CassandraChallengeStore.bytes(stored), context);
    if (u instanceof Unsealed.Opened o) {
      if (o.legacy()) {
        legacy(context.column());
      }
      return Optional.of(o.value());
    }
    Unsealed.Refused r = (Unsealed.Refused) u;
    refused(context.column(), r.reason(), r.keyId());
    return Optional.empty();
  }

  private void legacy(String column) {
    legacy
        .computeIfAbsent(
            column,
            k ->
                Counter.builder("bsf.store.seal.legacy")
                    .description(
                        "Stored keys sealed by an earlier release (format 1: GUSS and other columns"
                            + " not bound) that were opened and served; 0 once its rows expired")
                    .tag("column", column)
                    .register(registry))
        .increment();
    if (due(lastLegacyInfo, column)) {
      log.info(
          "A stored key in {} was sealed by an earlier release (format 1: its row's GUSS and"
              + " other columns not bound): served, as every such row until it expires; see"
              + " bsf.store.seal.legacy and docs/storage.md",
          column);
    }
  }

  /** True at most once a minute per column. */
  private static boolean due(ConcurrentHashMap<String, AtomicLong> lastLog, String column) {
    AtomicLong last =
        lastLog.computeIfAbsent(column, k -> new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS));
    long now = System.nanoTime();
    long previous = last.get();
    return now - previous >= WARN_EVERY_NANOS && last.compareAndSet(previous, now);
  }

  private void refused(String column, Unsealed.Reason reason, int keyId) {
    refused
        .computeIfAbsent(
            column + '/' + reason.tag(),
            k ->
                Counter.builder("bsf.store.seal.refused")
                    .description("Stored keys refused because they did not open: never served")
                    .tag("column", column)
                    .tag("reason", reason.tag())
                    .register(registry))
        .increment();
    if (due(lastWarn, column)) {
      log.warn(
          "A stored key in {} was refused ({}, key id {}): the row is treated as absent; see"
              + " bsf.store.seal.refused and docs/security.md",
          column,
          reason.tag(),
          keyId);
    }
  }
}
