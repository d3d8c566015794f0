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
    CompletionStage<Void> stage =
        session
            .executeAsync(
                insert
                    .bind(
                        ByteBuffer.wrap(c.rand().octets()),
                        c.impi().value(),
                        ByteBuffer.wrap(v.autn()),
                        sealed.seal(context(SealedColumns.CHALLENGE_XRES, c), v.xres()),
                        sealed.seal(context(SealedColumns.CHALLENGE_CK, c), v.ck()),
                        sealed.seal(context(SealedColumns.CHALLENGE_IK, c), v.ik()),
                        c.issuedAt(),
                        c.guss().rawXml(),
                        c.guss().uiccType().name(),
                        GussColumns.lifetimeSeconds(c.guss()),
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

  /** The challenge of {@code row}; empty if a key column does not open (it is then deleted too). */
  private Optional<PendingChallenge> toChallenge(Rand rand, Row row) {
    byte[] key = rand.octets();
    String impi = row.getString("impi");
    java.time.Instant issuedAt = row.getInstant("issued_at");
    if (impi == null || issuedAt == null) {
      return Optional.empty();
    }
    Optional<byte[]> xres =
        sealed.open(
            SealedColumns.context(SealedColumns.CHALLENGE_XRES, key, impi, issuedAt),
            row.getByteBuffer("xres"));
    Optional<byte[]> ck =
        sealed.open(
            SealedColumns.context(SealedColumns.CHALLENGE_CK, key, impi, issuedAt),
            row.getByteBuffer("ck"));
    Optional<byte[]> ik =
        sealed.open(
            SealedColumns.context(SealedColumns.CHALLENGE_IK, key, impi, issuedAt),
            row.getByteBuffer("ik"));
    if (xres.isEmpty() || ck.isEmpty() || ik.isEmpty()) {
      return Optional.empty();
    }
    AuthenticationVector v =
        new AuthenticationVector(
            rand, bytes(row.getByteBuffer("autn")), xres.get(), ck.get(), ik.get());
    return Optional.of(
        new PendingChallenge(
            new Impi(impi),
            v,
            GussColumns.read(
                row.getString("guss_xml"),
                row.getString("guss_uicc"),
                row.isNull("guss_lifetime_s") ? null : row.getInt("guss_lifetime_s"),
                row.getString("guss_uss")),
            issuedAt));
  }

  /** Where a key of {@code c} lives: its RAND's row, bound to its IMPI and issue time. */
  private static org.gbabsf.core.seal.SealContext context(String column, PendingChallenge c) {
    return SealedColumns.context(column, c.rand().octets(), c.impi().value(), c.issuedAt());
  }

  static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }
}
