package org.gbabsf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.Impi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SubscriberDirectoryTest {

  private final GeneratedSubscriberDirectory generated =
      new GeneratedSubscriberDirectory(100, "home1.net");

  @Test
  void should_derive_documented_keys_when_impi_is_in_the_generated_range() {
    Subscriber s = generated.find(new Impi("user7@home1.net")).orElseThrow();

    // SHA-256("gba-bsf-sim:K:user7@home1.net"), first 16 octets, computed independently.
    assertThat(Hex.encode(s.k())).isEqualTo(sha256Prefix("gba-bsf-sim:K:user7@home1.net"));
    assertThat(Hex.encode(s.opc())).isEqualTo(sha256Prefix("gba-bsf-sim:OPc:user7@home1.net"));
    assertThat(s.amf()).containsExactly(0, 0);
    assertThat(s.sqn()).isZero();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "user100@home1.net",
        "user07@home1.net",
        "user@home1.net",
        "user-1@home1.net",
        "user1@other.net",
        "alice@home1.net",
        "user１@home1.net"
      })
  void should_not_find_a_subscriber_when_impi_is_outside_the_range(String impi) {
    assertThat(generated.find(new Impi(impi))).isEmpty();
  }

  @Test
  void should_read_subscribers_when_csv_has_header_comments_and_short_sqn() {
    CsvSubscriberDirectory csv =
        CsvSubscriberDirectory.parse(
            List.of(
                "impi,k,opc,amf,sqn",
                "# test set 1 of TS 35.208",
                "",
                "user1_private@home1.net,465b5ce8b199b49faa5f0a2ee238a6bc,"
                    + "cd63cb71954a9f4e48a5994e37a02baf,b9b9,ff9bb4d0b607",
                "bob@home1.net,000102030405060708090a0b0c0d0e0f,"
                    + "000102030405060708090a0b0c0d0e0f,8000,20"),
            "test.csv");

    assertThat(csv.size()).isEqualTo(2);
    Subscriber s = csv.find(new Impi("user1_private@home1.net")).orElseThrow();
    assertThat(Hex.encode(s.amf())).isEqualTo("b9b9");
    assertThat(s.sqn()).isEqualTo(0xff9bb4d0b607L);
    assertThat(csv.find(new Impi("bob@home1.net")).orElseThrow().sqn()).isEqualTo(0x20);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "alice@home1.net,00,00,0000,0",
        "alice@home1.net,000102030405060708090a0b0c0d0e0f,000102030405060708090a0b0c0d0e0f,0000",
        "alice@home1.net,zz0102030405060708090a0b0c0d0e0f,000102030405060708090a0b0c0d0e0f,0000,0",
        "alice@home1.net,000102030405060708090a0b0c0d0e0f,000102030405060708090a0b0c0d0e0f,0000,"
            + "1122334455667"
      })
  void should_name_the_line_when_csv_line_is_bad(String line) {
    assertThatThrownBy(() -> CsvSubscriberDirectory.parse(List.of("# x", line), "subs.csv"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("subs.csv:2:");
  }

  private static String sha256Prefix(String text) {
    try {
      byte[] d =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return Hex.encode(java.util.Arrays.copyOf(d, 16));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
