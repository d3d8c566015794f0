package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.seal.RowDigest;

/**
 * Bootstrapping sessions in Cassandra, table {@code bootstrap_session} keyed by B-TID, each row
 * with a TTL of the time left until the key expires. {@link #find} is one read. The sealed Ks is
 * bound to every other column of its row (see {@link SealedColumns}): one SHA-256 over the row's
 * GUSS per write and per read. With {@code cassandra.session-by-impi}, a second table maps the IMPI
 * to its current B-TID for operations.
 */
public final class CassandraSessionStore implements SessionStore {

  static final String INSERT =
      "INSERT INTO %s.bootstrap_session (btid, impi, ks, rand, created_at, expires_at, gba_type,"
          + " guss_xml, guss_uicc, guss_lifetime_s, guss_uss) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
          + " ?) USING TTL ?";
  static final String SELECT =
      "SELECT impi, ks, rand, created_at, expires_at, gba_type, guss_xml, guss_uicc,"
          + " guss_lifetime_s, guss_uss FROM %s.bootstrap_session WHERE btid = ?";
  static final String INSERT_BY_IMPI =
      "INSERT INTO %s.session_by_impi (impi, btid, expires_at) VALUES (?, ?, ?) USING TTL ?";
  static final String SELECT_BY_IMPI =
      "SELECT btid, expires_at FROM %s.session_by_impi WHERE impi = ?";

  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement select;
  private final PreparedStatement insertByImpi;
  private final PreparedStatement selectByImpi;
  private final boolean byImpi;
  private final Clock clock;
  private final StoreMetrics metrics;
  private final SealedColumns sealed;

  CassandraSessionStore(
      CqlSession session,
      String keyspace,
      boolean byImpi,
      Clock clock,
      StoreMetrics metrics,
      SealedColumns sealed) {
    this.session = session;
    this.insert = session.prepare(String.format(INSERT, keyspace));
    this.select = session.prepare(String.format(SELECT, keyspace));
    this.insertByImpi = session.prepare(String.format(INSERT_BY_IMPI, keyspace));
    this.selectByImpi = session.prepare(String.format(SELECT_BY_IMPI, keyspace));
    this.byImpi = byImpi;
    this.clock = clock;
    this.metrics = metrics;
    this.sealed = sealed;
  }

  @Override
  public CompletionStage<Void> put(SecurityAssociation s) {
    int ttl = ttlSeconds(s.expiresAt());
    byte[] rand = s.rand().octets();
    String xml = s.guss().rawXml();
    String uicc = s.guss().uiccType().name();
    Integer lifetime = GussColumns.lifetimeSeconds(s.guss());
    String uss = GussColumns.ussJson(s.guss());
    // The values bound are the values written: the digest is taken from these very objects.
    RowDigest row =
        GussColumns.bind(
            otherColumns(rand, s.createdAt(), s.gbaType().code()), xml, uicc, lifetime, uss);
    CompletionStage<Void> main =
        session
            .executeAsync(
                insert
                    .bind(
                        s.btid().value(),
                        s.impi().value(),
                        sealed.seal(
                            SealedColumns.context(
                                SealedColumns.SESSION_KS,
                                rowKey(s.btid()),
                                s.impi().value(),
                                s.expiresAt(),
                                row),
                            s.ks()),
                        ByteBuffer.wrap(rand),
                        s.createdAt(),
                        s.expiresAt(),
                        s.gbaType().code(),
                        xml,
                        uicc,
                        lifetime,
                        uss,
                        ttl)
                    .setIdempotent(true))
            .handle(CassandraFailures.wrap("session put"))
            .thenApply(rs -> null);
    if (byImpi) {
      CompletionStage<Void> index =
          session
              .executeAsync(
                  insertByImpi
                      .bind(s.impi().value(), s.btid().value(), s.expiresAt(), ttl)
                      .setIdempotent(true))
              .handle(CassandraFailures.wrap("session index put"))
              .thenApply(rs -> null);
      main = main.thenCombine(index, (a, b) -> null);
    }
    return metrics.observe("session", "put", main);
  }

  @Override
  public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
    CompletionStage<Optional<SecurityAssociation>> stage =
        session
            .executeAsync(select.bind(btid.value()).setIdempotent(true))
            .handle(CassandraFailures.wrap("session read"))
            .thenApply(
                rs -> {
                  Row row = rs.one();
                  if (row == null || !clock.instant().isBefore(row.getInstant("expires_at"))) {
                    return Optional.<SecurityAssociation>empty();
                  }
                  return toSession(btid, row);
                });
    return metrics.observe("session", "find", stage);
  }

  /**
   * The IMPI's most recent B-TID, for operations; empty unless {@code cassandra.session-by-impi} is
   * on and the session has not expired.
   */
  public CompletionStage<Optional<BTid>> currentBtid(Impi impi) {
    if (!byImpi) {
      return CompletableFuture.completedFuture(Optional.empty());
    }
    return session
        .executeAsync(selectByImpi.bind(impi.value()).setIdempotent(true))
        .handle(CassandraFailures.wrap("session index read"))
        .thenApply(
            rs -> {
              Row row = rs.one();
              if (row == null || !clock.instant().isBefore(row.getInstant("expires_at"))) {
                return Optional.empty();
              }
              return Optional.of(new BTid(row.getString("btid")));
            });
  }

  private int ttlSeconds(Instant expiresAt) {
    return ttlSeconds(clock.instant(), expiresAt);
  }

  /**
   * The TTL of a row that must live until {@code expiresAt}: the whole seconds left, plus one (so
   * that it never ends before the expiry), at least 1. Reads check the expiry too.
   */
  static int ttlSeconds(Instant now, Instant expiresAt) {
    long seconds = Duration.between(now, expiresAt).toSeconds();
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, seconds + 1));
  }

  /** The row's key for sealing: the B-TID's UTF-8, as stored. */
  private static byte[] rowKey(BTid btid) {
    return btid.value().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * The columns of a session row besides its key (B-TID), IMPI, expiry (bound on their own) and Ks,
   * before the GUSS: RAND, the creation time and the GBA type.
   */
  private static RowDigest otherColumns(byte[] rand, Instant createdAt, Integer gbaType) {
    return RowDigest.of("bootstrap_session")
        .octets("rand", rand)
        .time("created_at", createdAt)
        .integer("gba_type", gbaType);
  }

  /**
   * The session of {@code row}; empty if its Ks does not open: altered, or any column of the row
   * (IMPI, expiry, RAND, creation time, GBA type, GUSS) rewritten since it was sealed.
   */
  private Optional<SecurityAssociation> toSession(BTid btid, Row row) {
    String impi = row.getString("impi");
    if (impi == null) {
      return Optional.empty();
    }
    ByteBuffer rand = row.getByteBuffer("rand");
    RowDigest others =
        GussColumns.bind(
            otherColumns(
                rand == null ? null : CassandraChallengeStore.bytes(rand),
                row.getInstant("created_at"),
                row.isNull("gba_type") ? null : row.getInt("gba_type")),
            row);
    Optional<byte[]> ks =
        sealed.open(
            SealedColumns.context(
                SealedColumns.SESSION_KS, rowKey(btid), impi, row.getInstant("expires_at"), others),
            row.getByteBuffer("ks"));
    if (ks.isEmpty()) {
      return Optional.empty();
    }
    int gbaType = row.getInt("gba_type");
    return Optional.of(
        new SecurityAssociation(
            btid,
            new Impi(impi),
            ks.get(),
            Rand.of(CassandraChallengeStore.bytes(rand)),
            row.getInstant("created_at"),
            row.getInstant("expires_at"),
            GussColumns.read(row),
            gbaType == GbaType.TWO_G.code() ? GbaType.TWO_G : GbaType.THREE_G));
  }
}
