package org.gbabsf.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TS 33.535 Annex A against vectors computed with two independent HMAC-SHA-256 implementations
 * (3GPP publishes none; ../shared/notes/akma.md): K_AUSF 00 01 … 1f, SUPI imsi-001010000000001.
 */
class AkmaKdfTest {

  private static final byte[] K_AUSF =
      Hex.decode("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  private static final String SUPI = "imsi-001010000000001";
  private static final String K_AKMA =
      "bba5e95f1205d4f1c217b91e08ec3509ad62cfbf43f474c6bf495da83132c95e";
  private static final String A_TID =
      "67d8dee47b7d74e6f457b7b23d5806746ed87b920aa8035f37b494c1bfc5d83b";
  private static final String K_AF =
      "a89042785c95e56bdce5ed364111c15a6aeaef7dcac87d51f5da66e5c6557adf";

  @ParameterizedTest
  @CsvSource({
    "imsi-001010000000001, " + K_AKMA,
    "001010000000001, " + K_AKMA,
  })
  void should_derive_k_akma_from_the_imsi_digits_when_given_a_supi(String supi, String expected) {
    assertThat(Hex.encode(AkmaKdf.kAkma(K_AUSF, supi))).isEqualTo(expected);
  }

  @Test
  void should_derive_the_a_tid_when_given_k_ausf_and_supi() {
    assertThat(Hex.encode(AkmaKdf.aTid(K_AUSF, SUPI))).isEqualTo(A_TID);
  }

  @Test
  void should_derive_k_af_when_given_k_akma_and_the_af_id() {
    byte[] afId = AkmaKdf.afId("af.example.com", Hex.decode("0100000002"));

    assertThat(Hex.encode(afId)).isEqualTo("61662e6578616d706c652e636f6d0100000002");
    assertThat(Hex.encode(AkmaKdf.kAf(Hex.decode(K_AKMA), afId))).isEqualTo(K_AF);
  }

  @Test
  void should_differ_from_the_vector_when_the_imsi_prefix_is_kept_in_p1() {
    byte[] wrong =
        GbaKdf.kdf(
            K_AUSF,
            0x80,
            "AKMA".getBytes(StandardCharsets.US_ASCII),
            SUPI.getBytes(StandardCharsets.US_ASCII));

    assertThat(Hex.encode(wrong)).startsWith("84edc04f").isNotEqualTo(K_AKMA);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"nai-user@example.com", "imsi-", "imsi-12ab", "1234", "imsi-1234567890123456"})
  void should_refuse_the_supi_when_it_is_not_an_imsi(String supi) {
    assertThatThrownBy(() -> AkmaKdf.kAkma(K_AUSF, supi))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining(supi);
  }

  @Test
  void should_refuse_keys_of_the_wrong_length_when_deriving() {
    assertThatThrownBy(() -> AkmaKdf.kAkma(new byte[16], SUPI))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> AkmaKdf.kAf(new byte[31], new byte[5]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
