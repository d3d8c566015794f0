package org.gbabsf.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HexTest {

  @Test
  void should_encode_lower_case_when_bytes_have_high_bit_set() {
    assertThat(Hex.encode(new byte[] {0x00, 0x0f, (byte) 0xab, (byte) 0xff})).isEqualTo("000fabff");
  }

  @Test
  void should_decode_same_bytes_when_input_is_upper_or_lower_case() {
    assertThat(Hex.decode("ABcd01")).containsExactly(0xab, 0xcd, 0x01);
    assertThat(Hex.decode("abCD01")).containsExactly(0xab, 0xcd, 0x01);
  }

  @Test
  void should_return_empty_when_input_is_empty() {
    assertThat(Hex.decode("")).isEmpty();
    assertThat(Hex.encode(new byte[0])).isEmpty();
  }

  @Test
  void should_round_trip_when_encoded_then_decoded() {
    byte[] bytes = new byte[256];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) i;
    }
    assertThat(Hex.decode(Hex.encode(bytes))).isEqualTo(bytes);
  }

  @Test
  void should_reject_when_length_is_odd() {
    assertThatThrownBy(() -> Hex.decode("abc")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_reject_when_character_is_not_hex() {
    assertThatThrownBy(() -> Hex.decode("zz")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Hex.decode("\uff10\uff10"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
