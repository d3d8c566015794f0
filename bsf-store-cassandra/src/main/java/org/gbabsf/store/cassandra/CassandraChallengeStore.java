package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.seal.RowDigest;

/**
 * Pending challenges in Cassandra, table {@code pending_challenge}, keyed by RAND, with a TTL of
 * the challenge validity.
 *
 * <p>Take-once without LWT: {@link #take} reads the row, then deletes it, and returns it once the
 * delete is acknowledged. Two instances taking the same RAND at the same instant may both read it;
 * both then verify the same response against the same vector and write the same session (same RAND,
 * same B-TID, same Ks), so the race is harmless: the operation is idempotent. See docs/storage.md.
 */
public final class CassandraChallengeStore implements ChallengeStore {

  static final String INSERT =
      "INSERT INTO %s.pending_challenge (rand, impi, autn, xres, ck, ik, issued_at, guss_xml,"
          + " guss_uicc, guss_lifetime_s, guss_uss) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
          + " USING TTL ?";
  static final String SELECT =
      "SELECT impi, autn, xres, ck, ik, issued_at, guss_xml, guss_uicc, guss_lifetime_s, guss_uss"
          + " FROM %s.pending_challenge WHERE rand = ?";
  static final String DELETE = "DELETE FROM %s.pending_challenge WHERE rand = ?";

  private final CqlSession session;
  private final PreparedStatement insert;
  private final PreparedStatement select;
  private final PreparedStatement delete;
  private final StoreMetrics metrics;
  private final SealedColumns sealed;

  CassandraChallengeStore(
      CqlSession session, String keyspace, StoreMetrics metrics, SealedColumns sealed) {
    this.session = session;
    this.insert = session.prepare(String.format(INSERT, keyspace));
    this.select = session.prepare(String.format(SELECT, keyspace));
    this.delete = session.prepare(String.format(DELETE, keyspace));
    this.metrics = metrics;
    this.sealed = sealed;
  }

  @Override
  public CompletionStage<Void> put(PendingChallenge c, Duration validity) {
    AuthenticationVector v = c.vector();
    String uss;
    try {
      uss = GussColumns.ussJson(c.guss());
    } catch (IllegalStateException e) {
      return CompletableFuture.failedFuture(
          new org.gbabsf.core.port.StoreException("GUSS does not serialise", e));
    }
    String xml = c.guss().rawXml();
    String uicc = c.guss().uiccType().name();
    Integer lifetime = GussColumns.lifetimeSeconds(c.guss());
    // The values bound are the values written; one digest for the three keys.
    RowDigest row = GussColumns.bind(otherColumns(v.autn()), xml, uicc, lifetime, uss);
    CompletionStage<Void> stage =
        session
            .executeAsync(
                insert
                    .bind(
                        ByteBuffer.wrap(c.rand().octets()),
                        c.impi().value(),
                        ByteBuffer.wrap(v.autn()),
                        sealed.seal(context(SealedColumns.CHALLENGE_XRES, c, row), v.xres()),
                        sealed.seal(context(SealedColumns.CHALLENGE_CK, c, row), v.ck()),
                        sealed.seal(context(SealedColumns.CHALLENGE_IK, c, row), v.ik()),
                        c.issuedAt(),
                        xml,
                        uicc,
                        lifetime,
                        uss,
                        (int) Math.max(1, validity.toSeconds()))
                    .setIdempotent(true))
            .handle(CassandraFailures.wrap("challenge put"))
            .thenApply(rs -> null);
    return metrics.observe("challenge", "put", stage);
  }

  @Override
  public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
    ByteBuffer key = ByteBuffer.wrap(rand.octets());
    CompletionStage<Optional<PendingChallenge>> stage =
        session
            .executeAsync(select.bind(key).setIdempotent(true))
            .handle(CassandraFailures.wrap("challenge read"))
            .thenCompose(
                rs -> {
                  Row row = rs.one();
                  if (row == null) {
                    return CompletableFuture.completedFuture(Optional.<PendingChallenge>empty());
                  }
                  Optional<PendingChallenge> c = toChallenge(rand, row);
                  return session
                      .executeAsync(delete.bind(key).setIdempotent(true))
                      .handle(CassandraFailures.wrap("challenge delete"))
                      .thenApply(ignored -> c);
                });
    return metrics.observe("challenge", "take", stage);
  }

  @Override
  public CompletionStage<Void> discard(Rand rand) {
    CompletionStage<Void> stage =
        session
            .executeAsync(delete.bind(ByteBuffer.wrap(rand.octets())).setIdempotent(true))
            .handle(CassandraFailures.wrap("challenge delete"))
            .thenApply(rs -> null);
    return metrics.observe("challenge", "discard", stage);
  }

  /**
   * The challenge of {@code row}; empty if a key column does not open (it is then deleted too):
   * altered, or a column of the row (IMPI, issue time, AUTN, GUSS) rewritten since it was sealed.
   */
  private Optional<PendingChallenge> toChallenge(Rand rand, Row row) {
    byte[] key = rand.octets();
    String impi = row.getString("impi");
    java.time.Instant issuedAt = row.getInstant("issued_at");
    if (impi == null || issuedAt == null) {
      return Optional.empty();
    }
    ByteBuffer autn = row.getByteBuffer("autn");
    RowDigest others = GussColumns.bind(otherColumns(autn == null ? null : bytes(autn)), row);
    Optional<byte[]> xres =
        sealed.open(
            SealedColumns.context(SealedColumns.CHALLENGE_XRES, key, impi, issuedAt, others),
            row.getByteBuffer("xres"));
    Optional<byte[]> ck =
        sealed.open(
            SealedColumns.context(SealedColumns.CHALLENGE_CK, key, impi, issuedAt, others),
            row.getByteBuffer("ck"));
    Optional<byte[]> ik =
        sealed.open(
            SealedColumns.context(SealedColumns.CHALLENGE_IK, key, impi, issuedAt, others),
            row.getByteBuffer("ik"));
    if (xres.isEmpty() || ck.isEmpty() || ik.isEmpty()) {
      return Optional.empty();
    }
    AuthenticationVector v =
        new AuthenticationVector(rand, bytes(autn), xres.get(), ck.get(), ik.get());
    return Optional.of(new PendingChallenge(new Impi(impi), v, GussColumns.read(row), issuedAt));
  }

  /**
   * The columns of a challenge row besides its key (RAND), IMPI, issue time (bound on their own)
   * and keys, before the GUSS: AUTN.
   */
  private static RowDigest otherColumns(byte[] autn) {
    return RowDigest.of("pending_challenge").octets("autn", autn);
  }

  /**
   * Where a key of {@code c} lives: its RAND's row, bound to its IMPI, issue time and the row's
   * other columns.
   */
  private static org.gbabsf.core.seal.SealContext context(
      String column, PendingChallenge c, RowDigest row) {
    return SealedColumns.context(column, c.rand().octets(), c.impi().value(), c.issuedAt(), row);
  }

  static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }
}
