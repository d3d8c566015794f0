package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.seal.FormatOne;
import org.gbabsf.core.seal.KeyRing;
import org.gbabsf.core.seal.SealContext;
import org.gbabsf.core.seal.Sealer;
import org.gbabsf.core.testing.Fixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keys sealed in a real Cassandra: what CQL reads is sealed, rotation needs no downtime, a value
 * altered or moved to another row, or left in place in a row whose GUSS or other columns were
 * rewritten, is refused, counted and never served; a value sealed by the previous release is served
 * and counted.
 */
@ExtendWith(CassandraExtension.class)
class SealedStoreIT {

  private static final String KEYSPACE = CassandraTestStores.KEYSPACE;
  private static final byte[] KEY_1 = new byte[32];
  private static final byte[] KEY_2 = new byte[32];

  private static final AtomicReference<KeyRing> ring =
      new AtomicReference<>(KeyRing.of(Map.of(1, KEY_1), 1));
  private static final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private static CassandraStores stores;
  private static CqlSession cql;

  @BeforeAll
  static void connect(CassandraEndpoint endpoint) {
    new SecureRandom().nextBytes(KEY_1);
    new SecureRandom().nextBytes(KEY_2);
    ring.set(KeyRing.of(Map.of(1, KEY_1), 1));
    stores =
        CassandraStores.connect(
            CassandraSettings.forLocal(
                endpoint.contactPoints(), endpoint.localDatacenter(), KEYSPACE),
            Clock.systemUTC(),
            registry,
            CassandraSecurity.sealedBy(Sealer.with(ring::get)));
    cql =
        CqlSession.builder()
            .addContactPoints(endpoint.contactPoints())
            .withLocalDatacenter(endpoint.localDatacenter())
            .build();
  }

  @AfterAll
  static void close() {
    stores.close();
    cql.close();
  }

  private static SecurityAssociation put(SecurityAssociation s) throws Exception {
    stores.sessionStore().put(s).toCompletableFuture().get(10, TimeUnit.SECONDS);
    return s;
  }

  private static java.util.Optional<SecurityAssociation> find(SecurityAssociation s)
      throws Exception {
    return stores.sessionStore().find(s.btid()).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static byte[] storedKs(SecurityAssociation s) {
    Row row =
        cql.execute(
                "SELECT ks FROM " + KEYSPACE + ".bootstrap_session WHERE btid = ?",
                s.btid().value())
            .one();
    return CassandraChallengeStore.bytes(row.getByteBuffer("ks"));
  }

  private static void storeKs(SecurityAssociation s, byte[] ks) {
    cql.execute(
        "UPDATE " + KEYSPACE + ".bootstrap_session SET ks = ? WHERE btid = ?",
        ByteBuffer.wrap(ks),
        s.btid().value());
  }

  private static double refused(String column, String reason) {
    var c =
        registry
            .find("bsf.store.seal.refused")
            .tag("column", column)
            .tag("reason", reason)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_store_only_sealed_keys_when_a_session_and_a_challenge_are_written() throws Exception {
    SecurityAssociation s =
        put(Fixtures.session("sealed@home1.net", Instant.now(), Duration.ofHours(1)));
    PendingChallenge c = Fixtures.challenge("sealed@home1.net", Instant.now());
    stores
        .challengeStore()
        .put(c, Duration.ofMinutes(5))
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);

    byte[] ks = storedKs(s);
    Row ch =
        cql.execute(
                "SELECT xres, ck, ik FROM " + KEYSPACE + ".pending_challenge WHERE rand = ?",
                ByteBuffer.wrap(c.rand().octets()))
            .one();

    assertThat(ks).hasSize(32 + Sealer.OVERHEAD).isNotEqualTo(s.ks());
    assertThat(ks[0]).isEqualTo((byte) 2); // format version: bound to the row
    assertThat(CassandraChallengeStore.bytes(ch.getByteBuffer("ck"))).hasSize(16 + Sealer.OVERHEAD);
    assertThat(CassandraChallengeStore.bytes(ch.getByteBuffer("xres")))
        .hasSize(c.vector().xres().length + Sealer.OVERHEAD);
    assertThat(find(s)).get().extracting(SecurityAssociation::ks).isEqualTo(s.ks());
    assertThat(
            stores.challengeStore().take(c.rand()).toCompletableFuture().get(10, TimeUnit.SECONDS))
        .get()
        .satisfies(t -> assertThat(t.vector().ck()).isEqualTo(c.vector().ck()));
  }

  @Test
  void should_open_a_row_sealed_under_key_1_when_key_2_is_active() throws Exception {
    SecurityAssociation old =
        put(Fixtures.session("rot@home1.net", Instant.now(), Duration.ofHours(1)));
    try {
      ring.set(KeyRing.of(Map.of(1, KEY_1, 2, KEY_2), 2));
      SecurityAssociation fresh =
          put(Fixtures.session("rot@home1.net", Instant.now(), Duration.ofHours(1)));

      assertThat(storedKs(old)[4]).isEqualTo((byte) 1);
      assertThat(storedKs(fresh)[4]).isEqualTo((byte) 2);
      assertThat(find(old)).get().extracting(SecurityAssociation::ks).isEqualTo(old.ks());
      assertThat(find(fresh)).get().extracting(SecurityAssociation::ks).isEqualTo(fresh.ks());
    } finally {
      ring.set(KeyRing.of(Map.of(1, KEY_1), 1));
    }
  }

  @Test
  void should_refuse_and_count_a_session_when_its_sealed_ks_was_altered() throws Exception {
    SecurityAssociation s =
        put(Fixtures.session("tamper@home1.net", Instant.now(), Duration.ofHours(1)));
    byte[] ks = storedKs(s);
    ks[ks.length - 1] ^= 0x01;
    storeKs(s, ks);
    double before = refused("bootstrap_session.ks", "tampered");

    assertThat(find(s)).isEmpty();
    assertThat(refused("bootstrap_session.ks", "tampered")).isEqualTo(before + 1);
  }

  @Test
  void should_refuse_a_sealed_ks_when_it_is_moved_to_another_row() throws Exception {
    SecurityAssociation a =
        put(Fixtures.session("a@home1.net", Instant.now(), Duration.ofHours(1)));
    SecurityAssociation b =
        put(Fixtures.session("b@home1.net", Instant.now(), Duration.ofHours(1)));
    storeKs(b, storedKs(a));
    double before = refused("bootstrap_session.ks", "tampered");

    assertThat(find(b)).isEmpty();
    assertThat(find(a)).isPresent();
    assertThat(refused("bootstrap_session.ks", "tampered")).isEqualTo(before + 1);
  }

  @Test
  void should_refuse_a_session_when_its_impi_or_expiry_was_rewritten_around_the_sealed_ks()
      throws Exception {
    SecurityAssociation own =
        put(Fixtures.session("attacker@home1.net", Instant.now(), Duration.ofHours(1)));
    SecurityAssociation longer =
        put(Fixtures.session("attacker@home1.net", Instant.now(), Duration.ofHours(1)));
    cql.execute(
        "UPDATE " + KEYSPACE + ".bootstrap_session SET impi = ? WHERE btid = ?",
        "victim@home1.net",
        own.btid().value());
    cql.execute(
        "UPDATE " + KEYSPACE + ".bootstrap_session SET expires_at = ? WHERE btid = ?",
        longer.expiresAt().plus(Duration.ofDays(1)),
        longer.btid().value());
    double before = refused("bootstrap_session.ks", "tampered");

    assertThat(find(own)).as("a key handed to another subscriber").isEmpty();
    assertThat(find(longer)).as("a key made to live longer").isEmpty();
    assertThat(refused("bootstrap_session.ks", "tampered")).isEqualTo(before + 2);
  }

  @Test
  void should_treat_a_challenge_as_absent_when_its_impi_was_rewritten() throws Exception {
    PendingChallenge c = stored(Fixtures.challenge("attacker@home1.net", Instant.now()));
    cql.execute(
        "UPDATE " + KEYSPACE + ".pending_challenge SET impi = ? WHERE rand = ?",
        "victim@home1.net",
        ByteBuffer.wrap(c.rand().octets()));

    assertThat(
            stores.challengeStore().take(c.rand()).toCompletableFuture().get(10, TimeUnit.SECONDS))
        .as("the attacker's RES must not make a session for the victim")
        .isEmpty();
  }

  @Test
  void should_refuse_a_key_written_in_clear_when_sealing_is_on() throws Exception {
    SecurityAssociation s =
        put(Fixtures.session("planted@home1.net", Instant.now(), Duration.ofHours(1)));
    storeKs(s, s.ks());
    double before = refused("bootstrap_session.ks", "not_sealed");

    assertThat(find(s)).isEmpty();
    assertThat(refused("bootstrap_session.ks", "not_sealed")).isEqualTo(before + 1);
  }

  @Test
  void should_treat_a_challenge_as_absent_when_its_sealed_ck_was_moved_from_another()
      throws Exception {
    PendingChallenge a = Fixtures.challenge("ca@home1.net", Instant.now());
    PendingChallenge b = Fixtures.challenge("cb@home1.net", Instant.now());
    stores
        .challengeStore()
        .put(a, Duration.ofMinutes(5))
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    stores
        .challengeStore()
        .put(b, Duration.ofMinutes(5))
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    ByteBuffer ckOfA =
        cql.execute(
                "SELECT ck FROM " + KEYSPACE + ".pending_challenge WHERE rand = ?",
                ByteBuffer.wrap(a.rand().octets()))
            .one()
            .getByteBuffer("ck");
    cql.execute(
        "UPDATE " + KEYSPACE + ".pending_challenge SET ck = ? WHERE rand = ?",
        ckOfA,
        ByteBuffer.wrap(b.rand().octets()));

    assertThat(
            stores.challengeStore().take(b.rand()).toCompletableFuture().get(10, TimeUnit.SECONDS))
        .isEmpty();
    assertThat(refused("pending_challenge.ck", "tampered")).isGreaterThanOrEqualTo(1);
  }

  @Test
  void should_treat_a_session_as_absent_and_count_it_when_a_store_writer_rewrote_its_guss()
      throws Exception {
    SecurityAssociation victim =
        put(Fixtures.session("victim@home1.net", Instant.now(), Duration.ofHours(1)));
    Map<String, Object> rewrites =
        Map.of(
            "guss_xml",
            "<guss xmlns=\"uri:3gpp-gba\"><ussList><uss id=\"0\" type=\"1\""
                + " nafGroup=\"g0\"><uids><uid>sip:victim@home1.net</uid></uids></uss>"
                + "</ussList></guss>",
            "guss_uss",
            "[{\"id\":\"0\",\"type\":1,\"nafGroup\":\"g0\","
                + "\"uids\":[\"sip:victim@home1.net\"],\"flags\":[1]}]",
            "guss_uicc",
            "GBA_U",
            "guss_lifetime_s",
            86_400,
            "gba_type",
            2,
            "created_at",
            Instant.now().minus(Duration.ofMinutes(1)),
            "rand",
            ByteBuffer.wrap(Fixtures.random(16)));
    for (Map.Entry<String, Object> rewrite : rewrites.entrySet()) {
      SecurityAssociation attacker =
          put(Fixtures.session("attacker@home1.net", Instant.now(), Duration.ofHours(1)));
      assertThat(find(attacker)).isPresent();
      cql.execute(
          "UPDATE "
              + KEYSPACE
              + ".bootstrap_session SET "
              + rewrite.getKey()
              + " = ? WHERE btid = ?",
          rewrite.getValue(),
          attacker.btid().value());
      double before = refused("bootstrap_session.ks", "tampered");

      assertThat(find(attacker)).as(rewrite.getKey() + " rewritten: as an unknown B-TID").isEmpty();
      assertThat(refused("bootstrap_session.ks", "tampered"))
          .as(rewrite.getKey())
          .isEqualTo(before + 1);
    }
    assertThat(find(victim)).as("the victim's own session").isPresent();
  }

  @Test
  void should_treat_a_challenge_as_absent_when_a_store_writer_rewrote_its_guss() throws Exception {
    PendingChallenge c = stored(Fixtures.challenge("attacker@home1.net", Instant.now()));
    cql.execute(
        "UPDATE " + KEYSPACE + ".pending_challenge SET guss_uss = ? WHERE rand = ?",
        "[{\"id\":\"0\",\"type\":1,\"nafGroup\":\"g0\","
            + "\"uids\":[\"sip:victim@home1.net\"],\"flags\":[1]}]",
        ByteBuffer.wrap(c.rand().octets()));
    double before = refused("pending_challenge.xres", "tampered");

    assertThat(
            stores.challengeStore().take(c.rand()).toCompletableFuture().get(10, TimeUnit.SECONDS))
        .as("the session it would make must not carry the victim's identities")
        .isEmpty();
    assertThat(refused("pending_challenge.xres", "tampered")).isEqualTo(before + 1);
  }

  @Test
  void should_find_a_session_when_its_guss_is_empty_and_has_no_lifetime() throws Exception {
    SecurityAssociation f = Fixtures.session("empty@home1.net", Instant.now(), Duration.ofHours(1));
    SecurityAssociation s =
        put(
            new SecurityAssociation(
                f.btid(),
                f.impi(),
                f.ks(),
                f.rand(),
                f.createdAt(),
                f.expiresAt(),
                Guss.empty(),
                GbaType.TWO_G));

    assertThat(find(s))
        .get()
        .satisfies(
            r -> {
              assertThat(r.ks()).isEqualTo(s.ks());
              assertThat(r.guss()).isEqualTo(Guss.empty());
              assertThat(r.gbaType()).isEqualTo(GbaType.TWO_G);
            });
  }

  @Test
  void should_serve_and_count_a_session_when_the_previous_release_sealed_it() throws Exception {
    SecurityAssociation s =
        put(Fixtures.session("upgrade@home1.net", Instant.now(), Duration.ofHours(1)));
    storeKs(
        s,
        FormatOne.seal(
            ring.get(),
            s.ks(),
            SealContext.of(SealedColumns.SESSION_KS, s.btid().value())
                .bind(s.impi().value())
                .bind(s.expiresAt())));
    double before = legacy("bootstrap_session.ks");

    assertThat(find(s)).get().extracting(SecurityAssociation::ks).isEqualTo(s.ks());
    assertThat(legacy("bootstrap_session.ks")).isEqualTo(before + 1);
  }

  private static double legacy(String column) {
    var c = registry.find("bsf.store.seal.legacy").tag("column", column).counter();
    return c == null ? 0 : c.count();
  }

  /** {@code c}, once the challenge store holds it. */
  private static PendingChallenge stored(PendingChallenge c) throws Exception {
    stores
        .challengeStore()
        .put(c, Duration.ofMinutes(5))
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    return c;
  }
}
