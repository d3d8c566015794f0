package org.gbabsf.core.seal;

import static org.assertj.core.api.Assertions.assertThat;

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

  /**
   * The format pinned by a second implementation: Python's {@code cryptography} (HKDF-SHA-256 and
   * AESGCM), with the same key, salt, IV, plaintext and context.
   */
  @Test
  void should_produce_the_bytes_of_an_independent_implementation_when_salt_and_iv_are_fixed() {
    byte[] key = new byte[32];
    for (int i = 0; i < 32; i++) {
      key[i] = (byte) i;
    }
    KeyRing ring = KeyRing.of(Map.of(7, key), 7);
    Sealer sealer =
        Sealer.withRandom(
            ring,
            bytes -> {
              for (int i = 0; i < 16; i++) {
                bytes[i] = (byte) (0xa0 + i);
              }
              for (int i = 0; i < 12; i++) {
                bytes[16 + i] = (byte) (0xc0 + i);
              }
            });

    byte[] sealed =
        sealer.seal(
            KS,
            SealContext.of("bootstrap_session.ks", "btid-example@bsf.home1.net")
                .bind("user1@home1.net")
                .bind(java.time.Instant.ofEpochMilli(1_800_000_000_000L)));

    assertThat(Hex.encode(sealed))
        .isEqualTo(
            "0100000007a0a1a2a3a4a5a6a7a8a9aaabacadaeafc0c1c2c3c4c5c6c7c8c9cacb"
                + "72768b9354b8373225b3d8ee22955709dd29982995312d3a3310c07d3884d284"
                + "ba80e08deba91601f1f941abc8d4dbae");
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
    byte[] version2 = sealed.clone();
    version2[0] = 2;
    byte[] otherKey = sealed.clone();
    otherKey[4] = 9;

    assertThat(sealer.open(version2, ROW))
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
