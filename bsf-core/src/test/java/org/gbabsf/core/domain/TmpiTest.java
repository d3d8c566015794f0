package org.gbabsf.core.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gbabsf.core.crypto.Hex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TmpiTest {

  /** Ks = CK ‖ IK and RAND of TS 35.208 test set 1. */
  private static final byte[] KS =
      Hex.decode("b40ba9a3c58b2a05bbf0d987b21bf8cb" + "f769bcd751044604127672711c6d3441");

  private static final Rand RAND = Rand.of(Hex.decode("23553cbe9637a89d218ae64dae47bf35"));

  @Test
  void should_be_base64_of_24_octets_at_the_tmpi_realm_when_derived() {
    Tmpi tmpi = Tmpi.derive(KS, RAND, new Impi("user1_private@home1.net"), "bsf.home1.net");

    assertThat(tmpi.value()).isEqualTo("WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4a@tmpi.bsf.3gppnetwork.org");
  }

  @Test
  void should_differ_when_the_bsf_differs() {
    Impi impi = new Impi("user1_private@home1.net");

    assertThat(Tmpi.derive(KS, RAND, impi, "bsf.home1.net"))
        .isNotEqualTo(Tmpi.derive(KS, RAND, impi, "bsf2.home1.net"));
  }

  @Test
  void should_be_in_the_tmpi_realm_when_the_realm_is_in_any_case() {
    assertThat(Tmpi.inTmpiRealm("x@TMPI.BSF.3gppnetwork.org")).isTrue();
    assertThat(Tmpi.inTmpiRealm("user1_private@home1.net")).isFalse();
    assertThat(Tmpi.inTmpiRealm("tmpi.bsf.3gppnetwork.org")).isFalse();
    assertThat(Tmpi.inTmpiRealm(null)).isFalse();
    assertThat(Tmpi.inTmpiRealm("x@tmp\u0131.bsf.3gppnetwork.org")).isFalse(); // dotless i
    assertThat(Tmpi.inTmpiRealm("x@tmpi.b\u017Ff.3gppnetwork.org")).isFalse(); // long s
  }

  @Test
  void should_keep_the_user_part_and_lower_the_realm_when_parsed() {
    assertThat(Tmpi.parse("WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4a@Tmpi.Bsf.3GPPNetwork.org"))
        .contains(new Tmpi("WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4a@tmpi.bsf.3gppnetwork.org"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "@tmpi.bsf.3gppnetwork.org",
        "WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4@tmpi.bsf.3gppnetwork.org",
        "WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4aa@tmpi.bsf.3gppnetwork.org",
        "WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4=@tmpi.bsf.3gppnetwork.org",
        "WEkKGtQh8Tmmo2PURGh2v-y_lsZpJq4a@tmpi.bsf.3gppnetwork.org",
        "WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4a@tmpi.bsf.3gppnetwork.org.evil",
        "WEkKGtQh8Tmmo2PURGh2v/y/lsZpJq4a@home1.net"
      })
  void should_not_parse_when_not_of_the_annex_b4_form(String username) {
    assertThat(Tmpi.parse(username)).isEmpty();
    assertThatThrownBy(() -> new Tmpi(username)).isInstanceOf(IllegalArgumentException.class);
  }
}
