package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.seal.SealContext;

/**
 * TMPI → IMPI mappings (TS 33.220 Annex B.4) in Cassandra, table {@code impi_by_tmpi} keyed by the
 * TMPI as {@link Tmpi} normalises it (realm in lower case, user part as is), each row with a TTL of
 * the time left until its expiry (+1 s, at least 1). {@link #put} is one write, {@link #remove} one
 * delete (once a bootstrap under the TMPI has given the UE its next), {@link #find} one read, which
 * checks {@code expires_at} against the clock as well, so a mapping is never served past its expiry
 * even within the TTL's rounding.
 *
 * <p>The IMPI is stored sealed (see {@link SealedColumns}, column {@link SealedColumns#TMPI_IMPI}),
 * bound to the row's key (the TMPI's UTF-8) and to {@code expires_at}: the row has no other column,
 * and the IMPI, being the sealed value, is the subscriber itself. A reader of this table alone thus
 * cannot link a TMPI to its IMPI (docs/storage.md says what a reader of the session table too can
 * match), and a row written behind the store's back (an IMPI copied under another TMPI, an expiry
 * pushed back) does not open. <b>Such a row reads as absent</b>, as a session whose Ks does not
 * open does: {@link #find} completes with empty (an unknown TMPI, so Ub answers 403 and the UE
 * bootstraps again with its IMPI), never with a {@link org.gbabsf.core.port.StoreException}; the
 * refusal is counted in {@code bsf.store.seal.refused{column=impi_by_tmpi.impi,reason}} and logged
 * at WARN at most once a minute, without the TMPI or the IMPI.
 *
 * <p>Every statement is prepared once, executed asynchronously at the session's consistency ({@code
 * cassandra.consistency}, LOCAL_QUORUM by default), and idempotent: writing the same TMPI again (a
 * replayed answer) writes the same IMPI. Driver failures complete the stage with a {@code
 * StoreException}. Meters: {@code bsf.store.latency{store=tmpi, op=put|find|remove}} and {@code
 * bsf.store.errors{store=tmpi, ...}}. Nothing is logged here.
 */
public final class CassandraTmpiStore implements TmpiStore {

  static final String INSERT =
      "INSERT INTO %s.impi_by_tmpi (tmpi, impi, expires_at) VALUES (?, ?, ?) USING TTL ?";
  static final String SELECT = "SELECT impi, expires_at FROM %s.impi_by_tmpi WHERE tmpi = ?";
  static final String DELETE = "DELETE FROM %s.impi_by_tmpi WHERE tmpi = ?";

  private static final String STORE = "tmpi";

  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement select;
  private final PreparedStatement delete;
  private final Clock clock;
  private final StoreMetrics metrics;
  private final SealedColumns sealed;

  CassandraTmpiStore(
      CqlSession session,
      String keyspace,
      Clock clock,
      StoreMetrics metrics,
      SealedColumns sealed) {
    this.session = session;
    this.insert = session.prepare(String.format(INSERT, keyspace));
    this.select = session.prepare(String.format(SELECT, keyspace));
    this.delete = session.prepare(String.format(DELETE, keyspace));
    this.clock = clock;
    this.metrics = metrics;
    this.sealed = sealed;
  }

  @Override
  public CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt) {
    int ttl = CassandraSessionStore.ttlSeconds(clock.instant(), expiresAt);
    CompletionStage<Void> stage =
        session
            .executeAsync(
                insert
                    .bind(
                        tmpi.value(),
                        sealed.seal(
                            impiContext(tmpi, expiresAt),
                            impi.value().getBytes(StandardCharsets.UTF_8)),
                        expiresAt,
                        ttl)
                    .setIdempotent(true))
            .handle(CassandraFailures.wrap("tmpi put"))
            .thenApply(rs -> null);
    return metrics.observe(STORE, "put", stage);
  }

  @Override
  public CompletionStage<Optional<Impi>> find(Tmpi tmpi) {
    CompletionStage<Optional<Impi>> stage =
        session
            .executeAsync(select.bind(tmpi.value()).setIdempotent(true))
            .handle(CassandraFailures.wrap("tmpi read"))
            .thenApply(
                rs -> {
                  Row row = rs.one();
                  Instant expiresAt = row == null ? null : row.getInstant("expires_at");
                  if (expiresAt == null || !clock.instant().isBefore(expiresAt)) {
                    return Optional.<Impi>empty();
                  }
                  return open(tmpi, expiresAt, row);
                });
    return metrics.observe(STORE, "find", stage);
  }

  @Override
  public CompletionStage<Void> remove(Tmpi tmpi) {
    CompletionStage<Void> stage =
        session
            .executeAsync(delete.bind(tmpi.value()).setIdempotent(true))
            .handle(CassandraFailures.wrap("tmpi remove"))
            .thenApply(rs -> null);
    return metrics.observe(STORE, "remove", stage);
  }

  /**
   * The IMPI of {@code row}; empty if it does not open (altered, copied from another TMPI's row, or
   * its expiry rewritten since it was sealed: counted by {@link SealedColumns}).
   */
  private Optional<Impi> open(Tmpi tmpi, Instant expiresAt, Row row) {
    Optional<byte[]> impi = sealed.open(impiContext(tmpi, expiresAt), row.getByteBuffer("impi"));
    if (impi.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Impi(new String(impi.get(), StandardCharsets.UTF_8)));
    } catch (IllegalArgumentException unusable) {
      // Only with sealing off (the IMPI in clear, nothing bound): a row no put wrote.
      return Optional.empty();
    }
  }

  /**
   * Where the IMPI lives: the row keyed by the TMPI's octets as stored, expiring at {@code
   * expiresAt}.
   */
  static SealContext impiContext(Tmpi tmpi, Instant expiresAt) {
    return SealedColumns.context(
        SealedColumns.TMPI_IMPI, tmpi.value().getBytes(StandardCharsets.UTF_8), expiresAt);
  }
}
