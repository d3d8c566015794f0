package org.gbabsf.core.seal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.gbabsf.core.crypto.Hex;
import org.junit.jupiter.api.Test;

class SealerTest {

  private static final byte[] KS =
      Hex.decode("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
  private static final SealContext ROW = SealContext.of("bootstrap_session.ks", "btid-1@bsf");

  private static KeyRing ring(int active, int... ids) {
    java.util.Map<Integer, byte[]> keys = new java.util.HashMap<>();
    for (int id : ids) {
      byte[] k = new byte[32];
      java.util.Arrays.fill(k, (byte) id);
      keys.put(id, k);
    }
    return KeyRing.of(keys, active);
  }

  private static final String KAT_FORMAT_1 =
      "0100000007a0a1a2a3a4a5a6a7a8a9aaabacadaeafc0c1c2c3c4c5c6c7c8c9cacb"
          + "72768b9354b8373225b3d8ee22955709dd29982995312d3a3310c07d3884d284"
          + "ba80e08deba91601f1f941abc8d4dbae";

  private static Sealer fixedSealer() {
    byte[] key = new byte[32];
    for (int i = 0; i < 32; i++) {
      key[i] = (byte) i;
    }
    return Sealer.withRandom(
        KeyRing.of(Map.of(7, key), 7),
        bytes -> {
          for (int i = 0; i < 16; i++) {
            bytes[i] = (byte) (0xa0 + i);
          }
          for (int i = 0; i < 12; i++) {
            bytes[16 + i] = (byte) (0xc0 + i);
          }
        });
  }

  private static SealContext katContext() {
    return SealContext.of("bootstrap_session.ks", "btid-example@bsf.home1.net")
        .bind("user1@home1.net")
        .bind(Instant.ofEpochMilli(1_800_000_000_000L));
  }

  /** The session row of the known answers; {@code guss} is its GUSS XML. */
  private static RowDigest katRow(String guss) {
    byte[] rand = new byte[16];
    for (int i = 0; i < 16; i++) {
      rand[i] = (byte) (0x10 + i);
    }
    return RowDigest.of("bootstrap_session")
        .octets("rand", rand)
        .time("created_at", Instant.ofEpochMilli(1_799_996_400_000L))
        .integer("gba_type", 1)
        .text("guss_xml", guss)
        .text("guss_uicc", "GBA")
        .integer("guss_lifetime_s", null)
        .text("guss_uss", "[]");
  }

  private static final String KAT_GUSS =
      "<guss><bsfInfo><uiccType>GBA</uiccType></bsfInfo><ussList/></guss>";

  /**
   * The format pinned by a second implementation: Python's {@code cryptography} (HKDF-SHA-256 and
   * AESGCM) and {@code hashlib} (SHA-256 of the row), with the same key, salt, IV, plaintext,
   * context and row.
   */
  @Test
  void should_produce_the_bytes_of_an_independent_implementation_when_salt_and_iv_are_fixed() {
    byte[] sealed = fixedSealer().seal(KS, katContext().bind(katRow(KAT_GUSS)));

    assertThat(Hex.encode(katRow(KAT_GUSS).value()))
        .isEqualTo("b726b95cd479bceae5ba09209170ef8de8555749ab12eda070251c8522c547d3");
    assertThat(Hex.encode(sealed))
        .isEqualTo(
            "0200000007a0a1a2a3a4a5a6a7a8a9aaabacadaeafc0c1c2c3c4c5c6c7c8c9cacb"
                + "72768b9354b8373225b3d8ee22955709dd29982995312d3a3310c07d3884d284"
                + "1334c6f35ac2bc91336ed9e3c4678dc9");
  }

  @Test
  void should_refuse_as_tampered_when_the_guss_of_the_row_was_rewritten() {
    Sealer sealer = fixedSealer();
    byte[] sealed = sealer.seal(KS, katContext().bind(katRow(KAT_GUSS)));
    String otherSubscriber = KAT_GUSS.replace("<ussList/>", "<ussList><uss id=\"1\"/></ussList>");

    assertThat(sealer.open(sealed, katContext().bind(katRow(KAT_GUSS))))
        .isInstanceOfSatisfying(
            Unsealed.Opened.class,
            o -> {
              assertThat(o.value()).isEqualTo(KS);
              assertThat(o.legacy()).isFalse();
            });
    assertThat(sealer.open(sealed, katContext().bind(katRow(otherSubscriber))))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 7));
    assertThat(sealer.open(sealed, katContext().bind(katRow(KAT_GUSS + " "))))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 7));
    assertThat(sealer.open(sealed, katContext()))
        .as("the row digest left out")
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 7));
  }

  /** A Ks sealed by the previous release, pinned by the same independent implementation. */
  @Test
  void should_open_a_format_1_value_as_legacy_when_it_was_sealed_before_rows_were_bound() {
    Sealer sealer = fixedSealer();
    byte[] format1 = Hex.decode(KAT_FORMAT_1);

    assertThat(sealer.open(format1, katContext().bind(katRow("<guss>anything</guss>"))))
        .isInstanceOfSatisfying(
            Unsealed.Opened.class,
            o -> {
              assertThat(o.value()).isEqualTo(KS);
              assertThat(o.legacy()).isTrue();
            });
    assertThat(sealer.open(format1, katContext().bind("mallory@home1.net")))
        .as("its IMPI and time stay bound")
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 7));
  }

  @Test
  void should_write_the_format_1_bytes_of_the_previous_release_when_tests_need_an_old_row() {
    byte[] key = new byte[32];
    for (int i = 0; i < 32; i++) {
      key[i] = (byte) i;
    }
    byte[] saltAndIv = new byte[28];
    for (int i = 0; i < 16; i++) {
      saltAndIv[i] = (byte) (0xa0 + i);
    }
    for (int i = 0; i < 12; i++) {
      saltAndIv[16 + i] = (byte) (0xc0 + i);
    }

    assertThat(
            Hex.encode(FormatOne.seal(KeyRing.of(Map.of(7, key), 7), KS, katContext(), saltAndIv)))
        .isEqualTo(KAT_FORMAT_1);
  }

  @Test
  void should_refuse_as_tampered_when_a_format_2_value_is_relabelled_format_1() {
    Sealer sealer = fixedSealer();
    byte[] sealed = sealer.seal(KS, katContext().bind(katRow(KAT_GUSS)));
    sealed[0] = 1;

    assertThat(sealer.open(sealed, katContext().bind(katRow(KAT_GUSS))))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 7));
  }

  @Test
  void should_open_what_it_sealed_when_the_context_is_the_same() {
    Sealer sealer = Sealer.with(ring(1, 1));

    byte[] sealed = sealer.seal(KS, ROW);

    assertThat(sealed).hasSize(KS.length + Sealer.OVERHEAD);
    assertThat(sealer.open(sealed, ROW))
        .isInstanceOfSatisfying(Unsealed.Opened.class, o -> assertThat(o.value()).isEqualTo(KS));
  }

  @Test
  void should_never_repeat_a_sealed_value_when_the_same_key_is_sealed_twice() {
    Sealer sealer = Sealer.with(ring(1, 1));

    assertThat(sealer.seal(KS, ROW)).isNotEqualTo(sealer.seal(KS, ROW));
  }

  @Test
  void should_open_a_value_sealed_under_key_1_when_key_2_has_become_active() {
    AtomicReference<KeyRing> ring = new AtomicReference<>(ring(1, 1));
    Sealer sealer = Sealer.with(ring::get);
    byte[] old = sealer.seal(KS, ROW);

    ring.set(ring(2, 1, 2));
    byte[] fresh = sealer.seal(KS, ROW);

    assertThat(fresh[4]).isEqualTo((byte) 2);
    assertThat(sealer.open(old, ROW)).isInstanceOf(Unsealed.Opened.class);
    assertThat(sealer.open(fresh, ROW)).isInstanceOf(Unsealed.Opened.class);
  }

  @Test
  void should_refuse_a_value_when_its_key_has_been_retired() {
    AtomicReference<KeyRing> ring = new AtomicReference<>(ring(1, 1));
    Sealer sealer = Sealer.with(ring::get);
    byte[] old = sealer.seal(KS, ROW);

    ring.set(ring(2, 2));

    assertThat(sealer.open(old, ROW))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.UNKNOWN_KEY, 1));
  }

  @Test
  void should_refuse_as_tampered_when_any_octet_changes() {
    Sealer sealer = Sealer.with(ring(1, 1));
    byte[] sealed = sealer.seal(KS, ROW);

    for (int i = 5; i < sealed.length; i++) {
      byte[] altered = sealed.clone();
      altered[i] ^= 0x01;
      assertThat(sealer.open(altered, ROW))
          .as("octet %d", i)
          .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 1));
    }
  }

  @Test
  void should_refuse_as_tampered_when_a_value_is_moved_to_another_row_or_column() {
    Sealer sealer = Sealer.with(ring(1, 1));
    byte[] sealed = sealer.seal(KS, ROW);

    assertThat(sealer.open(sealed, SealContext.of("bootstrap_session.ks", "btid-2@bsf")))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 1));
    assertThat(sealer.open(sealed, SealContext.of("pending_challenge.ck", "btid-1@bsf")))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 1));
  }

  @Test
  void should_refuse_as_tampered_when_the_bound_impi_or_time_of_the_row_is_rewritten() {
    Sealer sealer = Sealer.with(ring(1, 1));
    java.time.Instant expiry = java.time.Instant.parse("2026-11-25T10:00:00.123456Z");
    SealContext row = ROW.bind("alice@home1.net").bind(expiry);
    byte[] sealed = sealer.seal(KS, row);

    assertThat(sealer.open(sealed, ROW.bind("alice@home1.net").bind(expiry.plusNanos(1))))
        .as("the same millisecond, as Cassandra gives it back")
        .isInstanceOf(Unsealed.Opened.class);
    assertThat(sealer.open(sealed, ROW.bind("mallory@home1.net").bind(expiry)))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 1));
    assertThat(sealer.open(sealed, ROW.bind("alice@home1.net").bind(expiry.plusSeconds(3600))))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.TAMPERED, 1));
  }

  @Test
  void should_refuse_a_clear_value_when_sealing_is_on() {
    Sealer sealer = Sealer.with(ring(1, 1));

    assertThat(sealer.open(KS, ROW)).isEqualTo(new Unsealed.Refused(Unsealed.Reason.NOT_SEALED, 0));
  }

  @Test
  void should_refuse_a_value_when_its_version_is_unknown_or_its_key_id_is_not_in_the_ring() {
    Sealer sealer = Sealer.with(ring(1, 1));
    byte[] sealed = sealer.seal(KS, ROW);
    byte[] version3 = sealed.clone();
    version3[0] = 3;
    byte[] otherKey = sealed.clone();
    otherKey[4] = 9;

    assertThat(sealer.open(version3, ROW))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.MALFORMED, 0));
    assertThat(sealer.open(otherKey, ROW))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.UNKNOWN_KEY, 9));
  }

  @Test
  void should_store_in_clear_and_refuse_sealed_values_when_off() {
    Sealer on = Sealer.with(ring(1, 1));
    Sealer off = Sealer.off();

    assertThat(off.seal(KS, ROW)).isEqualTo(KS);
    assertThat(off.open(KS, ROW)).isInstanceOf(Unsealed.Opened.class);
    assertThat(off.open(on.seal(KS, ROW), ROW))
        .isEqualTo(new Unsealed.Refused(Unsealed.Reason.NO_KEY_RING, 1));
    assertThat(off.isOn()).isFalse();
  }

  @Test
  void should_show_no_key_material_when_printed_in_a_log() {
    assertThat(Sealer.with(ring(1, 1)).toString()).isEqualTo("Sealer[KeyRing[ids=[1], active=1]]");
    assertThat(ROW.toString()).isEqualTo("SealContext[bootstrap_session.ks]");
  }
}
