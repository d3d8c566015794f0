package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UaProtocolTest {

  /** TS 33.220 Annex H.3, with the suites' IANA codes (RFC 8446 B.4, RFC 5289, RFC 7905). */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "TLS_AES_128_GCM_SHA256, 0100011301",
    "TLS_AES_256_GCM_SHA384, 0100011302",
    "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, 010001c02f",
    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, 010001c02c",
    "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256, 010001cca8",
  })
  void should_name_the_cipher_suite_in_the_identifier_when_digest_runs_over_tls(
      String suite, String hex) {
    assertThat(UaProtocol.overTls(suite).hex()).isEqualTo(hex);
  }

  @org.junit.jupiter.api.Test
  void should_refuse_a_suite_outside_the_profile_and_a_wrong_length() {
    assertThat(UaProtocol.HTTP_DIGEST.hex()).isEqualTo("0100000002");
    assertThatThrownBy(() -> UaProtocol.overTls("TLS_RSA_WITH_AES_128_CBC_SHA"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new UaProtocol(new byte[4]))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
