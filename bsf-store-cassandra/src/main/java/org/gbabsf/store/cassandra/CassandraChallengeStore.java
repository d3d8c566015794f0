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

  CassandraChallengeStore(CqlSession session, String keyspace, StoreMetrics metrics) {
    this.session = session;
    this.insert = session.prepare(String.format(INSERT, keyspace));
    this.select = session.prepare(String.format(SELECT, keyspace));
    this.delete = session.prepare(String.format(DELETE, keyspace));
    this.metrics = metrics;
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
                        ByteBuffer.wrap(v.xres()),
                        ByteBuffer.wrap(v.ck()),
                        ByteBuffer.wrap(v.ik()),
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
                  PendingChallenge c = toChallenge(rand, row);
                  return session
                      .executeAsync(delete.bind(key).setIdempotent(true))
                      .handle(CassandraFailures.wrap("challenge delete"))
                      .thenApply(ignored -> Optional.of(c));
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

  private static PendingChallenge toChallenge(Rand rand, Row row) {
    AuthenticationVector v =
        new AuthenticationVector(
            rand,
            bytes(row.getByteBuffer("autn")),
            bytes(row.getByteBuffer("xres")),
            bytes(row.getByteBuffer("ck")),
            bytes(row.getByteBuffer("ik")));
    return new PendingChallenge(
        new Impi(row.getString("impi")),
        v,
        GussColumns.read(
            row.getString("guss_xml"),
            row.getString("guss_uicc"),
            row.isNull("guss_lifetime_s") ? null : row.getInt("guss_lifetime_s"),
            row.getString("guss_uss")),
        row.getInstant("issued_at"));
  }

  static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }
}
