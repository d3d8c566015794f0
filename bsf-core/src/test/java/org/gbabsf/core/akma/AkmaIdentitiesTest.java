package org.gbabsf.core.akma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A-KID, SUPI and the context: shapes refused at the door, identities and keys never printed. */
class AkmaIdentitiesTest {

  @ParameterizedTest
  @ValueSource(strings = {"", "@home1.net", "user@", "a@b@c", "user name@home1.net", "ü@home1.net"})
  void should_refuse_an_a_kid_when_it_is_not_a_printable_nai(String text) {
    assertThatThrownBy(() -> new AKid(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"001010000000001", "imsi-1234", "imsi-1234567890123456", "imsi-0010a", "msisdn-1"})
  void should_refuse_a_supi_when_it_is_not_of_a_known_type(String text) {
    assertThatThrownBy(() -> new Supi(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_print_neither_the_a_tid_nor_the_supi_nor_the_key_when_a_context_is_logged() {
    AkmaContext c =
        new AkmaContext(
            new AKid("rid1.secretatid@home1.net"),
            new Supi("imsi-001010000000001"),
            Optional.empty(),
            new byte[32],
            Instant.parse("2026-11-28T10:00:00Z"),
            Instant.parse("2026-11-28T11:00:00Z"));

    assertThat(c.toString())
        .doesNotContain("secretatid")
        .doesNotContain("001010000000001")
        .contains("home1.net");
  }

  @Test
  void should_hand_out_copies_when_k_akma_is_read() {
    byte[] key = new byte[32];
    AkmaContext c =
        new AkmaContext(
            new AKid("rid1.x@home1.net"),
            new Supi("imsi-001010000000001"),
            Optional.empty(),
            key,
            Instant.parse("2026-11-28T10:00:00Z"),
            Instant.parse("2026-11-28T11:00:00Z"));
    key[0] = 1;
    c.kAkma()[1] = 1;

    assertThat(c.kAkma()).containsOnly(0);
  }
}
