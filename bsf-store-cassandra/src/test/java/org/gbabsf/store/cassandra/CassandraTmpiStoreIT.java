package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.seal.Sealer;
import org.gbabsf.core.store.TmpiStoreContract;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The TMPI store contract against a real Cassandra, plus what only Cassandra can show: a mapping
 * put at one site is found at another, the row carries its TTL and the IMPI sealed, and rows
 * rewritten behind the store's back (an IMPI copied under another TMPI, an expiry pushed back, an
 * IMPI planted in clear) are never served: they read as absent and are counted.
 *
 * <p>Time: the store reads a {@link MutableClock}, at the millisecond as Cassandra stores times.
 * Expiry is the store's to decide (every read checks {@code expires_at} against its clock);
 * Cassandra's TTL, on the wall clock, only removes rows afterwards. Each test starts a day later
 * than the last, so the fixed TMPIs of the contract, put for a day by an earlier test, have expired
 * for the next one, as a fresh store would have them.
 */
@ExtendWith(CassandraExtension.class)
class CassandraTmpiStoreIT extends TmpiStoreContract {

  private static final String KEYSPACE = CassandraTestStores.KEYSPACE;
  private static StoreItFixture fixture;
  private static MutableClock clock;
  private static SimpleMeterRegistry registry;
  private static CassandraStores stores;
  private static CassandraStores otherSite;
  private static CqlSession cql;

  @BeforeAll
  static void connect(CassandraEndpoint endpoint) {
    fixture = StoreItFixture.open(endpoint, "impi_by_tmpi");
    clock = fixture.clock;
    registry = fixture.registry;
    stores = fixture.stores;
    otherSite = fixture.otherInstance;
    cql = fixture.cql;
  }

  @AfterAll
  static void close() {
    fixture.close();
  }

  @Override
  protected TmpiStore newStore() {
    clock.advance(Duration.ofDays(1));
    return stores.tmpiStore();
  }

  @Override
  protected void elapse(Duration d) {
    clock.advance(d);
  }

  @Override
  protected Instant now() {
    return clock.instant();
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static Row row(Tmpi tmpi) {
    return cql.execute(
            "SELECT impi, expires_at, TTL(impi) AS ttl FROM "
                + KEYSPACE
                + ".impi_by_tmpi WHERE tmpi = ?",
            tmpi.value())
        .one();
  }

  private static void insert(Tmpi tmpi, ByteBuffer impi, Instant expiresAt) {
    cql.execute(
        "INSERT INTO "
            + KEYSPACE
            + ".impi_by_tmpi (tmpi, impi, expires_at) VALUES (?, ?, ?) USING TTL 3600",
        tmpi.value(),
        impi,
        expiresAt);
  }

  private static double refused(String reason) {
    var c =
        registry
            .find("bsf.store.seal.refused")
            .tag("column", SealedColumns.TMPI_IMPI)
            .tag("reason", reason)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_find_the_impi_at_another_site_when_it_was_put_at_one() throws Exception {
    Impi impi = new Impi("erin@home1.net");
    Tmpi t = tmpi(101, impi);

    await(stores.tmpiStore().put(t, impi, now().plus(Duration.ofHours(1))));

    assertThat(await(otherSite.tmpiStore().find(t))).contains(impi);
    assertThat(await(stores.tmpiStore().find(t))).contains(impi);
    assertThat(registry.get("bsf.store.latency").tag("store", "tmpi").timers())
        .extracting(timer -> timer.getId().getTag("op"))
        .contains("put", "find");
  }

  @Test
  void should_write_the_row_with_the_time_left_as_ttl_and_the_impi_sealed_when_a_tmpi_is_put()
      throws Exception {
    Impi impi = new Impi("frank@home1.net");
    Tmpi t = tmpi(102, impi);
    Instant expiresAt = now().plus(Duration.ofHours(1));

    await(stores.tmpiStore().put(t, impi, expiresAt));
    Row row = row(t);

    assertThat(row.getInt("ttl")).isBetween(3590, 3601);
    assertThat(row.getInstant("expires_at")).isEqualTo(expiresAt);
    byte[] stored = CassandraChallengeStore.bytes(row.getByteBuffer("impi"));
    assertThat(stored)
        .as("the IMPI is stored sealed")
        .hasSize(impi.value().length() + Sealer.OVERHEAD);
    assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain(impi.value());
  }

  @Test
  void should_not_serve_and_not_fail_when_the_sealed_impi_of_another_tmpi_is_copied_in()
      throws Exception {
    Impi victim = new Impi("victim@home1.net");
    Tmpi victimTmpi = tmpi(103, victim);
    Tmpi other = tmpi(104, new Impi("attacker@home1.net"));
    Instant expiresAt = now().plus(Duration.ofHours(1));
    await(stores.tmpiStore().put(victimTmpi, victim, expiresAt));
    insert(other, row(victimTmpi).getByteBuffer("impi"), expiresAt);
    double before = refused("tampered");

    assertThat(await(stores.tmpiStore().find(other)))
        .as("the victim's sealed IMPI under another TMPI")
        .isEmpty();
    assertThat(refused("tampered")).isEqualTo(before + 1);
    assertThat(await(stores.tmpiStore().find(victimTmpi))).contains(victim);
  }

  @Test
  void should_not_serve_a_mapping_when_its_expiry_was_pushed_back() throws Exception {
    Impi impi = new Impi("grace@home1.net");
    Tmpi t = tmpi(105, impi);
    await(stores.tmpiStore().put(t, impi, now().plus(Duration.ofMinutes(5))));
    cql.execute(
        "UPDATE " + KEYSPACE + ".impi_by_tmpi USING TTL 3600 SET expires_at = ? WHERE tmpi = ?",
        now().plus(Duration.ofDays(30)),
        t.value());
    double before = refused("tampered");

    assertThat(await(stores.tmpiStore().find(t))).isEmpty();
    assertThat(refused("tampered")).isEqualTo(before + 1);
  }

  @Test
  void should_not_serve_a_mapping_when_its_impi_was_written_in_clear() throws Exception {
    Impi victim = new Impi("heidi@home1.net");
    Tmpi planted = tmpi(106, victim);
    insert(
        planted,
        ByteBuffer.wrap(victim.value().getBytes(StandardCharsets.UTF_8)),
        now().plus(Duration.ofHours(1)));
    double before = refused("not_sealed");

    assertThat(await(stores.tmpiStore().find(planted))).isEmpty();
    assertThat(refused("not_sealed")).isEqualTo(before + 1);
  }
}
