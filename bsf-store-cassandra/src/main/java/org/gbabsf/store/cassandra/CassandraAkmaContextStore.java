package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AkmaContext;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.seal.RowDigest;
import org.gbabsf.core.seal.SealContext;

/**
 * AKMA contexts of the AAnF in Cassandra (TS 33.535 §6.1), in two tables: {@code
 * akma_context_by_akid}, keyed by the A-KID exactly as registered (text, compared byte for byte: no
 * case folding), holds the context, its K_AKMA sealed as Ks is (see {@link SealedColumns}); {@code
 * akma_context_by_supi}, keyed by the SUPI, names the SUPI's current A-KID. Both rows of a context
 * carry a TTL of the time left until it expires (+1 s), and reads check {@code expires_at} as well.
 *
 * <p><b>The SUPI row is the commit point.</b> A context is served only if its A-KID row has not
 * expired, its K_AKMA opens, and its SUPI's row names that very A-KID. So {@link #find} is two
 * reads, one after the other (the second needs the SUPI the first gives): the A-KID row, then the
 * SUPI row. The second read is what makes a replaced A-KID unfindable for good, whatever happened
 * to the delete of its row: a delete that failed or is still in flight, or two registrations of one
 * SUPI at two sites at once, which both read the same previous A-KID and each delete only that one,
 * leaving the loser's A-KID row live until its TTL. The SUPI row, last write wins, names exactly
 * one A-KID. An unknown or expired A-KID, or one whose K_AKMA does not open, costs one read.
 *
 * <p><b>No batch.</b> {@link #register} reads the SUPI row and the A-KID row (at once), then writes
 * one after the other: the A-KID row (not findable yet: its SUPI row does not name it), the SUPI
 * row (the commit: one single-partition write, atomic and isolated, makes the new context findable
 * and the previous one unfindable at the same instant), then deletes the previous A-KID row
 * (housekeeping). A failure anywhere fails the stage, and leaves either the previous context or the
 * new one served, never both and never a mix; registering again (the AUSF's retry) is idempotent. A
 * logged batch of the three would cost a batchlog write on two more replicas per registration and
 * still give readers no isolation (the rows are two partitions of two tables); the ordered writes
 * cost two more round trips, once per primary authentication, off any AF's path.
 *
 * <p>As in the in-memory store, a context past its expiry counts as absent: registering over it is
 * {@link Registration#REGISTERED}, removing it answers false, and an A-KID held by another SUPI's
 * expired (or not served) context is taken over. The previous A-KID row is deleted only while its
 * context is live: once expired, its A-KID may already be another SUPI's, and its TTL removes it.
 * Two registrations of one A-KID for two SUPIs at the same instant both succeed, the last write
 * wins and the other SUPI's context is not served (an A-KID is derived from K_AUSF: this is not
 * expected outside a fault). No lightweight transaction: every statement is prepared once, executed
 * asynchronously at the session's consistency, and idempotent (fixed values, the TTL computed
 * before binding).
 *
 * <p>Meters: {@code bsf.store.latency{store=akma_context, op=register|find|remove}} and {@code
 * bsf.store.errors{...}}. Nothing is logged here; K_AKMA, the SUPI and the A-KID's username appear
 * in no message.
 */
public final class CassandraAkmaContextStore implements AkmaContextStore {

  static final String INSERT_BY_AKID =
      "INSERT INTO %s.akma_context_by_akid (a_kid, supi, gpsi, k_akma, registered_at, expires_at)"
          + " VALUES (?, ?, ?, ?, ?, ?) USING TTL ?";
  static final String SELECT_BY_AKID =
      "SELECT supi, gpsi, k_akma, registered_at, expires_at FROM %s.akma_context_by_akid"
          + " WHERE a_kid = ?";
  static final String DELETE_BY_AKID = "DELETE FROM %s.akma_context_by_akid WHERE a_kid = ?";
  static final String INSERT_BY_SUPI =
      "INSERT INTO %s.akma_context_by_supi (supi, a_kid, expires_at) VALUES (?, ?, ?) USING TTL ?";
  static final String SELECT_BY_SUPI =
      "SELECT a_kid, expires_at FROM %s.akma_context_by_supi WHERE supi = ?";
  static final String DELETE_BY_SUPI = "DELETE FROM %s.akma_context_by_supi WHERE supi = ?";

  private static final String STORE = "akma_context";

  private final CqlSession session;
  private final PreparedStatement insertByAkid;
  private final PreparedStatement selectByAkid;
  private final PreparedStatement deleteByAkid;
  private final PreparedStatement insertBySupi;
  private final PreparedStatement selectBySupi;
  private final PreparedStatement deleteBySupi;
  private final Clock clock;
  private final StoreMetrics metrics;
  private final SealedColumns sealed;

  CassandraAkmaContextStore(
      CqlSession session,
      String keyspace,
      Clock clock,
      StoreMetrics metrics,
      SealedColumns sealed) {
    this.session = session;
    this.insertByAkid = session.prepare(String.format(INSERT_BY_AKID, keyspace));
    this.selectByAkid = session.prepare(String.format(SELECT_BY_AKID, keyspace));
    this.deleteByAkid = session.prepare(String.format(DELETE_BY_AKID, keyspace));
    this.insertBySupi = session.prepare(String.format(INSERT_BY_SUPI, keyspace));
    this.selectBySupi = session.prepare(String.format(SELECT_BY_SUPI, keyspace));
    this.deleteBySupi = session.prepare(String.format(DELETE_BY_SUPI, keyspace));
    this.clock = clock;
    this.metrics = metrics;
    this.sealed = sealed;
  }

  @Override
  public CompletionStage<Registration> register(AkmaContext context) {
    CompletionStage<Optional<Row>> supiRow = readSupi(context.supi().value());
    CompletionStage<Optional<Row>> aKidRow =
        run(selectByAkid.bind(context.aKid().value()), "akma context read")
            .thenApply(rs -> Optional.ofNullable(rs.one()));
    CompletionStage<Registration> stage =
        supiRow
            .thenCombine(aKidRow, Reads::new)
            .thenCompose(
                reads -> {
                  Optional<Row> holder = reads.aKidRow();
                  if (holder.isPresent()
                      && !context.supi().value().equals(holder.get().getString("supi"))) {
                    // The A-KID names another SUPI: refused if that context is still served.
                    return serve(context.aKid(), holder.get())
                        .thenCompose(
                            held ->
                                held.isPresent()
                                    ? CompletableFuture.completedFuture(
                                        Registration.A_KID_OF_ANOTHER_SUPI)
                                    : write(context, reads.supiRow()));
                  }
                  return write(context, reads.supiRow());
                })
            .handle(CassandraFailures.wrap("akma context register"));
    return metrics.observe(STORE, "register", stage);
  }

  @Override
  public CompletionStage<Optional<AkmaContext>> find(AKid aKid) {
    CompletionStage<Optional<AkmaContext>> stage =
        run(selectByAkid.bind(aKid.value()), "akma context read")
            .thenCompose(
                rs -> {
                  Row row = rs.one();
                  return row == null
                      ? CompletableFuture.completedFuture(Optional.<AkmaContext>empty())
                      : serve(aKid, row);
                })
            .handle(CassandraFailures.wrap("akma context find"));
    return metrics.observe(STORE, "find", stage);
  }

  @Override
  public CompletionStage<Boolean> remove(Supi supi) {
    CompletionStage<Boolean> stage =
        readSupi(supi.value())
            .thenCompose(
                found -> {
                  if (found.isEmpty()) {
                    return CompletableFuture.completedFuture(false);
                  }
                  Row row = found.get();
                  boolean live = live(row.getInstant("expires_at"));
                  String aKid = row.getString("a_kid");
                  CompletionStage<AsyncResultSet> index =
                      run(deleteBySupi.bind(supi.value()), "akma supi delete");
                  if (!live || aKid == null) {
                    // Expired: its A-KID may be another SUPI's by now; the TTL removes the row.
                    return index.thenApply(rs -> false);
                  }
                  CompletionStage<AsyncResultSet> context =
                      run(deleteByAkid.bind(aKid), "akma context delete");
                  return index.thenCombine(context, (a, b) -> true);
                })
            .handle(CassandraFailures.wrap("akma context remove"));
    return metrics.observe(STORE, "remove", stage);
  }

  /** The two rows a registration reads first. */
  private record Reads(Optional<Row> supiRow, Optional<Row> aKidRow) {}

  /**
   * Writes {@code context}'s A-KID row, then its SUPI row (the commit), then deletes the SUPI's
   * previous A-KID row if it was live and another; REPLACED if the SUPI had a live context.
   */
  private CompletionStage<Registration> write(AkmaContext context, Optional<Row> supiRow) {
    Optional<Row> live = supiRow.filter(row -> live(row.getInstant("expires_at")));
    Registration outcome = live.isPresent() ? Registration.REPLACED : Registration.REGISTERED;
    String previous = live.map(row -> row.getString("a_kid")).orElse(null);
    String aKid = context.aKid().value();
    String supi = context.supi().value();
    String gpsi = context.gpsi().orElse(null);
    int ttl = CassandraSessionStore.ttlSeconds(clock.instant(), context.expiresAt());
    ByteBuffer kAkma =
        sealed.seal(
            kAkmaContext(
                context.aKid(), supi, context.expiresAt(), others(gpsi, context.registeredAt())),
            context.kAkma());
    return run(
            insertByAkid.bind(
                aKid, supi, gpsi, kAkma, context.registeredAt(), context.expiresAt(), ttl),
            "akma context write")
        .thenCompose(
            written ->
                run(insertBySupi.bind(supi, aKid, context.expiresAt(), ttl), "akma supi write"))
        .thenCompose(
            committed -> {
              if (previous == null || previous.equals(aKid)) {
                return CompletableFuture.completedFuture(outcome);
              }
              return run(deleteByAkid.bind(previous), "akma context delete")
                  .thenApply(rs -> outcome);
            });
  }

  /**
   * The context {@code row} holds for {@code aKid}, if it is served: not expired, K_AKMA opens (for
   * this A-KID, this SUPI, this expiry, this GPSI and registration time), and its SUPI's row names
   * this A-KID (one more read). Never fails for a row's contents: a row that does not parse or open
   * reads as absent (a refused K_AKMA is counted and logged by {@link SealedColumns}).
   */
  private CompletionStage<Optional<AkmaContext>> serve(AKid aKid, Row row) {
    Optional<AkmaContext> opened = open(aKid, row);
    if (opened.isEmpty()) {
      return CompletableFuture.completedFuture(Optional.empty());
    }
    AkmaContext context = opened.get();
    return readSupi(context.supi().value())
        .thenApply(
            supiRow ->
                supiRow.map(r -> aKid.value().equals(r.getString("a_kid"))).orElse(Boolean.FALSE)
                    ? opened
                    : Optional.<AkmaContext>empty());
  }

  /** The context of {@code row} if it has not expired and its K_AKMA opens; else empty. */
  private Optional<AkmaContext> open(AKid aKid, Row row) {
    String supi = row.getString("supi");
    Instant registeredAt = row.getInstant("registered_at");
    Instant expiresAt = row.getInstant("expires_at");
    if (supi == null || registeredAt == null || !live(expiresAt)) {
      return Optional.empty();
    }
    String gpsi = row.getString("gpsi");
    Optional<byte[]> kAkma =
        sealed.open(
            kAkmaContext(aKid, supi, expiresAt, others(gpsi, registeredAt)),
            row.getByteBuffer("k_akma"));
    if (kAkma.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          new AkmaContext(
              aKid,
              new Supi(supi),
              Optional.ofNullable(gpsi),
              kAkma.get(),
              registeredAt,
              expiresAt));
    } catch (IllegalArgumentException unusable) {
      // Only with sealing off (values in clear, nothing bound): a row no registration wrote.
      return Optional.empty();
    }
  }

  /** True while {@code expiresAt} is ahead of the clock. */
  private boolean live(Instant expiresAt) {
    return expiresAt != null && clock.instant().isBefore(expiresAt);
  }

  private CompletionStage<Optional<Row>> readSupi(String supi) {
    return run(selectBySupi.bind(supi), "akma supi read")
        .thenApply(rs -> Optional.ofNullable(rs.one()));
  }

  private CompletionStage<AsyncResultSet> run(BoundStatement statement, String what) {
    return session.executeAsync(statement.setIdempotent(true)).handle(CassandraFailures.wrap(what));
  }

  /**
   * Where K_AKMA lives: the row keyed by the A-KID's octets as stored, of {@code supi}, expiring at
   * {@code expiresAt}, with the row's other columns.
   */
  static SealContext kAkmaContext(AKid aKid, String supi, Instant expiresAt, RowDigest others) {
    return SealedColumns.context(
        SealedColumns.AKMA_K_AKMA,
        aKid.value().getBytes(StandardCharsets.UTF_8),
        supi,
        expiresAt,
        others);
  }

  /**
   * The columns of an A-KID row besides its key (A-KID), SUPI, expiry (bound on their own) and
   * K_AKMA: the GPSI and the registration time.
   */
  static RowDigest others(String gpsi, Instant registeredAt) {
    return RowDigest.of("akma_context_by_akid")
        .text("gpsi", gpsi)
        .time("registered_at", registeredAt);
  }
}
