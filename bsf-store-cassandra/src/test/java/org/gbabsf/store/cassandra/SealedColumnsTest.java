package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.seal.FormatOne;
import org.gbabsf.core.seal.KeyRing;
import org.gbabsf.core.seal.RowDigest;
import org.gbabsf.core.seal.SealContext;
import org.gbabsf.core.seal.Sealer;
import org.gbabsf.core.testing.Fixtures;
import org.junit.jupiter.api.Test;

/** The policy over what {@link Sealer} opens: counted refusals, and format 1 served and counted. */
class SealedColumnsTest {

  private static final KeyRing RING =
      KeyRing.parse(KeyRing.newEntry(3, new java.security.SecureRandom()));
  private static final byte[] BTID = "btid-1@bsf.home1.net".getBytes(StandardCharsets.UTF_8);
  private static final Instant EXPIRY = Instant.parse("2026-11-25T10:00:00Z");

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final SealedColumns columns = new SealedColumns(Sealer.with(RING), registry);

  private static RowDigest row(String uid) {
    return GussColumns.bind(
        RowDigest.of("bootstrap_session"),
        "<guss><uid>" + uid + "</uid></guss>",
        "GBA",
        3600,
        "[{\"uids\":[\"" + uid + "\"]}]");
  }

  private static SealContext context(String uid) {
    return SealedColumns.context(
        SealedColumns.SESSION_KS, BTID, "alice@home1.net", EXPIRY, row(uid));
  }

  private double count(String name, String reason) {
    var search = registry.find(name).tag("column", SealedColumns.SESSION_KS);
    var c = reason == null ? search.counter() : search.tag("reason", reason).counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_refuse_and_count_as_tampered_when_the_guss_read_differs_from_the_guss_sealed() {
    byte[] ks = Fixtures.random(32);
    ByteBuffer stored = columns.seal(context("sip:alice@home1.net"), ks);

    assertThat(columns.open(context("sip:alice@home1.net"), stored)).contains(ks);
    assertThat(columns.open(context("sip:victim@home1.net"), stored)).isEmpty();
    assertThat(count("bsf.store.seal.refused", "tampered")).isEqualTo(1);
    assertThat(count("bsf.store.seal.legacy", null)).isZero();
  }

  @Test
  void should_serve_and_count_a_key_when_the_previous_release_sealed_it_without_its_row() {
    byte[] ks = Fixtures.random(32);
    ByteBuffer format1 =
        ByteBuffer.wrap(
            FormatOne.seal(
                RING,
                ks,
                SealContext.of(SealedColumns.SESSION_KS, BTID)
                    .bind("alice@home1.net")
                    .bind(EXPIRY)));

    assertThat(columns.open(context("sip:alice@home1.net"), format1)).contains(ks);
    assertThat(count("bsf.store.seal.legacy", null)).isEqualTo(1);
    assertThat(count("bsf.store.seal.refused", "tampered")).isZero();
  }

  private static SealContext kAkmaAt(String aKid, String supi, String gpsi) {
    return CassandraAkmaContextStore.kAkmaContext(
        new AKid(aKid),
        supi,
        EXPIRY,
        CassandraAkmaContextStore.others(gpsi, EXPIRY.minusSeconds(3600)));
  }

  @Test
  void should_refuse_k_akma_when_it_is_opened_for_another_a_kid_or_another_supi() {
    byte[] kAkma = Fixtures.random(32);
    String aKid = "rid1.atid1@home1.net";
    String supi = "imsi-001010000000001";
    String gpsi = "msisdn-4917000001";
    ByteBuffer stored = columns.seal(kAkmaAt(aKid, supi, gpsi), kAkma);

    assertThat(columns.open(kAkmaAt(aKid, supi, gpsi), stored)).contains(kAkma);
    assertThat(columns.open(kAkmaAt("rid1.atid2@home1.net", supi, gpsi), stored))
        .as("copied to another A-KID's row")
        .isEmpty();
    assertThat(columns.open(kAkmaAt("RID1.atid1@home1.net", supi, gpsi), stored))
        .as("an A-KID differing in case only: the key is byte-exact")
        .isEmpty();
    assertThat(columns.open(kAkmaAt(aKid, "imsi-001010000000002", gpsi), stored))
        .as("its SUPI rewritten")
        .isEmpty();
    assertThat(columns.open(kAkmaAt(aKid, supi, null), stored)).as("its GPSI dropped").isEmpty();
    assertThat(
            registry
                .find("bsf.store.seal.refused")
                .tag("column", SealedColumns.AKMA_K_AKMA)
                .tag("reason", "tampered")
                .counter()
                .count())
        .isEqualTo(4);
  }
}
