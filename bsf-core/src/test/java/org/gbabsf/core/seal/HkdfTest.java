package org.gbabsf.core.seal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gbabsf.core.crypto.Hex;
import org.junit.jupiter.api.Test;

class HkdfTest {

  /** RFC 5869 Appendix A.1, test case 1 (SHA-256): the first 32 octets of its 42-octet OKM. */
  @Test
  void should_give_rfc5869_test_case_1_when_given_its_inputs() {
    byte[] ikm = Hex.decode("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
    byte[] salt = Hex.decode("000102030405060708090a0b0c");
    byte[] info = Hex.decode("f0f1f2f3f4f5f6f7f8f9");

    assertThat(Hex.encode(Hkdf.derive(salt, ikm, info, 32)))
        .isEqualTo("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf");
    assertThat(Hex.encode(Hkdf.derive(salt, ikm, info, 10))).isEqualTo("3cb25f25faacd57a9043");
  }

  @Test
  void should_refuse_when_more_than_one_hash_length_is_asked() {
    assertThatThrownBy(() -> Hkdf.derive(new byte[16], new byte[32], new byte[0], 33))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
