package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AkmaContext;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.AkmaContextStore.Registration;
import org.gbabsf.core.akma.AkmaContextStoreContract;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.seal.Sealer;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The AKMA context store contract against a real Cassandra, plus what only Cassandra can show: a
 * context registered at one site is found at another, rows rewritten behind the store's back are
 * never served, the rows carry their TTL, and a stopped node fails the stage with a store error.
 *
 * <p>Time: the stores read a {@link MutableClock}, at the millisecond as Cassandra stores times.
 * Expiry is the store's to decide (every read checks {@code expires_at} against its clock);
 * Cassandra's TTL, on the wall clock, only removes rows afterwards, and {@link
 * #should_write_both_rows_with_the_time_left_as_ttl_when_a_context_is_registered} checks it is set.
 * Each test starts a day later than the last, so the fixed identities of the contract, registered
 * for an hour by an earlier test, have expired for the next one, as a fresh store would have them.
 */
@ExtendWith(CassandraExtension.class)
class CassandraAkmaContextStoreIT extends AkmaContextStoreContract {

  private static final String KEYSPACE = CassandraTestStores.KEYSPACE;
  private static StoreItFixture fixture;
  private static MutableClock clock;
  private static SimpleMeterRegistry registry;
  private static CassandraStores stores;
  private static CassandraStores otherSite;
  private static CqlSession cql;

  @BeforeAll
  static void connect(CassandraEndpoint endpoint) {
    fixture = StoreItFixture.open(endpoint, "akma_context_by_akid", "akma_context_by_supi");
    clock = fixture.clock;
    registry = fixture.registry;
    stores = fixture.stores;
    otherSite = fixture.otherInstance;
    cql = fixture.cql;
  }

  private static CassandraStores connect(
      CassandraEndpoint endpoint, String keyspace, MeterRegistry meters) {
    return fixture.connect(endpoint, keyspace, meters);
  }

  @AfterAll
  static void close() {
    fixture.close();
  }

  @Override
  protected AkmaContextStore newStore() {
    clock.advance(Duration.ofDays(1));
    return stores.akmaContexts();
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

  private static Row akidRow(AkmaContext c) {
    return cql.execute(
            "SELECT supi, gpsi, k_akma, registered_at, expires_at, TTL(k_akma) AS ttl FROM "
                + KEYSPACE
                + ".akma_context_by_akid WHERE a_kid = ?",
            c.aKid().value())
        .one();
  }

  private static double refused() {
    var c =
        registry
            .find("bsf.store.seal.refused")
            .tag("column", SealedColumns.AKMA_K_AKMA)
            .tag("reason", "tampered")
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_find_a_context_at_another_site_when_it_was_registered_at_one() throws Exception {
    AkmaContext c = context("rid1.site-a@home1.net", "imsi-001010000000101", 11);
    AkmaContext next = context("rid1.site-b@home1.net", "imsi-001010000000101", 12);

    assertThat(await(stores.akmaContexts().register(c))).isEqualTo(Registration.REGISTERED);
    AkmaContext found = await(otherSite.akmaContexts().find(c.aKid())).orElseThrow();

    assertThat(found.supi()).isEqualTo(c.supi());
    assertThat(found.gpsi()).isEqualTo(c.gpsi());
    assertThat(found.kAkma()).isEqualTo(c.kAkma());
    assertThat(found.registeredAt()).isEqualTo(c.registeredAt());
    assertThat(found.expiresAt()).isEqualTo(c.expiresAt());

    assertThat(await(otherSite.akmaContexts().register(next))).isEqualTo(Registration.REPLACED);
    assertThat(await(stores.akmaContexts().find(c.aKid()))).as("replaced at the other").isEmpty();
    assertThat(await(stores.akmaContexts().find(next.aKid()))).isPresent();
  }

  @Test
  void should_write_both_rows_with_the_time_left_as_ttl_when_a_context_is_registered()
      throws Exception {
    AkmaContext c = context("rid1.ttl@home1.net", "imsi-001010000000102", 13);
    await(stores.akmaContexts().register(c));

    Row bySupi =
        cql.execute(
                "SELECT a_kid, expires_at, TTL(a_kid) AS ttl FROM "
                    + KEYSPACE
                    + ".akma_context_by_supi WHERE supi = ?",
                c.supi().value())
            .one();

    assertThat(akidRow(c).getInt("ttl")).isBetween(3590, 3601);
    assertThat(bySupi.getString("a_kid")).isEqualTo(c.aKid().value());
    assertThat(bySupi.getInstant("expires_at")).isEqualTo(c.expiresAt());
    assertThat(bySupi.getInt("ttl")).isBetween(3590, 3601);
    assertThat(CassandraChallengeStore.bytes(akidRow(c).getByteBuffer("k_akma")))
        .as("K_AKMA is stored sealed")
        .hasSize(32 + Sealer.OVERHEAD)
        .isNotEqualTo(c.kAkma());
  }

  @Test
  void should_not_serve_and_not_fail_when_the_sealed_k_akma_of_another_a_kid_is_copied_in()
      throws Exception {
    AkmaContext victim = context("rid1.victim@home1.net", "imsi-001010000000103", 14);
    AkmaContext attacker = context("rid1.attacker@home1.net", "imsi-001010000000104", 15);
    await(stores.akmaContexts().register(victim));
    await(stores.akmaContexts().register(attacker));
    cql.execute(
        "UPDATE " + KEYSPACE + ".akma_context_by_akid SET k_akma = ? WHERE a_kid = ?",
        akidRow(victim).getByteBuffer("k_akma"),
        attacker.aKid().value());
    double before = refused();

    assertThat(await(stores.akmaContexts().find(attacker.aKid())))
        .as("the victim's K_AKMA under the attacker's A-KID")
        .isEmpty();
    assertThat(refused()).isEqualTo(before + 1);
    assertThat(await(stores.akmaContexts().find(victim.aKid())).orElseThrow().kAkma())
        .isEqualTo(victim.kAkma());
  }

  @Test
  void should_not_serve_a_context_when_its_row_was_handed_to_another_supi() throws Exception {
    AkmaContext own = context("rid1.own@home1.net", "imsi-001010000000105", 16);
    await(stores.akmaContexts().register(own));
    String victim = "imsi-001010000000106";
    cql.execute(
        "UPDATE " + KEYSPACE + ".akma_context_by_akid SET supi = ? WHERE a_kid = ?",
        victim,
        own.aKid().value());
    cql.execute(
        "INSERT INTO "
            + KEYSPACE
            + ".akma_context_by_supi (supi, a_kid, expires_at)"
            + " VALUES (?, ?, ?) USING TTL 3600",
        victim,
        own.aKid().value(),
        own.expiresAt());
    double before = refused();

    assertThat(await(stores.akmaContexts().find(own.aKid()))).isEmpty();
    assertThat(refused()).isEqualTo(before + 1);
  }

  @Test
  void should_never_find_a_replaced_a_kid_when_its_row_outlived_the_replacement() throws Exception {
    AkmaContext first = context("rid1.stale@home1.net", "imsi-001010000000107", 17);
    AkmaContext second = context("rid1.fresh@home1.net", "imsi-001010000000107", 18);
    await(stores.akmaContexts().register(first));
    Row old = akidRow(first);
    await(stores.akmaContexts().register(second));
    // As if the delete of the replaced row had failed, or a registration at another site raced.
    cql.execute(
        "INSERT INTO "
            + KEYSPACE
            + ".akma_context_by_akid"
            + " (a_kid, supi, gpsi, k_akma, registered_at, expires_at)"
            + " VALUES (?, ?, ?, ?, ?, ?) USING TTL 3600",
        first.aKid().value(),
        old.getString("supi"),
        old.getString("gpsi"),
        old.getByteBuffer("k_akma"),
        old.getInstant("registered_at"),
        old.getInstant("expires_at"));

    assertThat(await(stores.akmaContexts().find(first.aKid()))).isEmpty();
    assertThat(await(stores.akmaContexts().find(second.aKid()))).isPresent();
    assertThat(
            await(
                stores
                    .akmaContexts()
                    .register(context("rid1.stale@home1.net", "imsi-001010000000108", 19))))
        .as("a row no longer served holds its A-KID for no one")
        .isEqualTo(Registration.REGISTERED);
  }

  @Test
  void should_fail_every_operation_with_a_store_error_when_its_node_is_stopped() throws Exception {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    try (LocalCassandraCluster own =
            LocalCassandraCluster.singleNode(
                    Path.of("target", "cassandra", "akma-outage"), "127.0.0.14", 768)
                .start();
        CassandraStores s = connect(own.endpoint(), "bsf_akma_outage_it", meters)) {
      AkmaContext c = context("rid1.outage@home1.net", "imsi-001010000000109", 20);
      assertThat(await(s.akmaContexts().register(c))).isEqualTo(Registration.REGISTERED);

      own.nodes().get(0).kill();

      assertThatThrownBy(() -> await(s.akmaContexts().find(c.aKid())))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(StoreException.class);
      assertThatThrownBy(() -> await(s.akmaContexts().register(c)))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(StoreException.class);
      assertThatThrownBy(() -> await(s.akmaContexts().remove(new Supi("imsi-001010000000109"))))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(StoreException.class);
      assertThat(meters.get("bsf.store.errors").tag("store", "akma_context").counters())
          .extracting(counter -> counter.getId().getTag("op"))
          .contains("find", "register", "remove");
    }
  }

  @Test
  void should_find_nothing_when_only_the_case_of_the_a_kid_differs() throws Exception {
    AkmaContext c = context("rid1.CaseSensitive@home1.net", "imsi-001010000000110", 21);
    await(stores.akmaContexts().register(c));

    assertThat(await(stores.akmaContexts().find(new AKid("rid1.casesensitive@home1.net"))))
        .isEmpty();
    assertThat(await(stores.akmaContexts().find(new AKid("rid1.CaseSensitive@HOME1.NET"))))
        .isEmpty();
    assertThat(await(stores.akmaContexts().find(c.aKid())))
        .map(AkmaContext::supi)
        .contains(c.supi());
  }
}
