package org.gbabsf.core.akma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gbabsf.core.crypto.Hex;
import org.junit.jupiter.api.Test;

class AfIdentifiersTest {

  @Test
  void should_append_http_digest_when_the_af_is_not_listed() {
    byte[] afId = AfIdentifiers.httpDigest().afId("af.example.com");

    assertThat(Hex.encode(afId))
        .isEqualTo(Hex.encode("af.example.com".getBytes(StandardCharsets.US_ASCII)) + "0100000002");
  }

  @Test
  void should_append_the_listed_identifier_when_the_fqdn_is_listed_in_another_case() {
    AfIdentifiers ids = new AfIdentifiers("0100000002", Map.of("TLS.example.com", "010001002f"));

    assertThat(Hex.encode(ids.afId("tls.EXAMPLE.com")))
        .endsWith("010001002f")
        .startsWith(Hex.encode("tls.EXAMPLE.com".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void should_refuse_an_identifier_when_it_is_not_five_octets() {
    assertThatThrownBy(() -> new AfIdentifiers("01000000", Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AfIdentifiers("0100000002", Map.of("a.b", "zz00000002")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
