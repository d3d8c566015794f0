package org.gbabsf.sba.n68;

import static org.assertj.core.api.Assertions.assertThat;

import org.gbabsf.core.domain.Impi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The IMPI of an IMSI and the SUPI of such an IMPI (TS 23.003 §13.3, TS 29.571 Supi). */
class ImsiImpiTest {

  private static final String IMSI = "234150999999999";
  private static final String EXAMPLE = "234150999999999@ims.mnc015.mcc234.3gppnetwork.org";

  @ParameterizedTest(name = "MNC \"{0}\"")
  @ValueSource(strings = {"15", "015"})
  void should_write_the_ts_23_003_example_when_the_mnc_has_two_or_three_digits(String mnc) {
    assertThat(ImsiImpi.impi(IMSI, "234", mnc)).isEqualTo(new Impi(EXAMPLE));
  }

  @Test
  void should_give_the_imsi_supi_when_the_impi_is_the_ts_23_003_example() {
    assertThat(ImsiImpi.supi(new Impi(EXAMPLE))).contains("imsi-" + IMSI);
  }

  @ParameterizedTest
  @CsvSource({
    "001010123456789, 001, 01",
    "310150123456789, 310, 150",
    "310015123456789, 310, 015",
    "23415099999, 234, 15"
  })
  void should_give_back_the_imsi_when_going_from_imsi_to_impi_to_supi(
      String imsi, String mcc, String mnc) {
    assertThat(ImsiImpi.supi(ImsiImpi.impi(imsi, mcc, mnc))).contains("imsi-" + imsi);
  }

  @Test
  void should_accept_an_upper_case_domain_when_the_ue_writes_it_so() {
    assertThat(ImsiImpi.supi(new Impi("234150999999999@IMS.MNC015.MCC234.3GPPNETWORK.ORG")))
        .contains("imsi-" + IMSI);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "user@home1.net",
        "310150999999999@ims.mnc015.mcc234.3gppnetwork.org",
        "234990999999999@ims.mnc015.mcc234.3gppnetwork.org",
        "234150999999999@ims.mnc15.mcc234.3gppnetwork.org",
        "234150999999999@ims.mnc015.mcc234.3gppnetwork.org.evil.example",
        "234150999999999@mnc015.mcc234.3gppnetwork.org",
        "2341509999999990@ims.mnc015.mcc234.3gppnetwork.org",
        "2341@ims.mnc015.mcc234.3gppnetwork.org",
        "23415abc@ims.mnc015.mcc234.3gppnetwork.org",
        "sip:234150999999999@ims.mnc015.mcc234.3gppnetwork.org",
        "234150999999999@ims.mnc015xmcc234.3gppnetwork.org"
      })
  void should_have_no_supi_when_the_impi_is_not_derived_from_an_imsi_of_its_network(String impi) {
    assertThat(ImsiImpi.supi(new Impi(impi))).isEmpty();
  }
}
