package org.gbabsf.sba;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Predicate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommonTypesTest {

  private static Predicate<String> check(String type) {
    return switch (type) {
      case "Fqdn" -> CommonTypes::isFqdn;
      case "NFType" -> CommonTypes::isNfType;
      case "ServiceName" -> CommonTypes::isServiceName;
      case "NfInstanceId" -> CommonTypes::isUuid;
      default -> throw new IllegalArgumentException(type);
    };
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @CsvSource({
    "Fqdn, bsf.home1.net, true",
    "Fqdn, bsf.home1.net., true",
    "Fqdn, a.bc, true",
    "Fqdn, bsf-1.home1.net, true",
    "Fqdn, localhost, false",
    "Fqdn, a.b, false",
    "Fqdn, 1.com, true",
    "Fqdn, -bsf.home1.net, false",
    "Fqdn, bsf-.home1.net, false",
    "Fqdn, bsf.home1.123, false",
    "Fqdn, bsf..home1.net, false",
    "Fqdn, 'bsf home1.net', false",
    "Fqdn, 10.0.0.1, false",
    "NFType, HSS, true",
    "NFType, UDM, true",
    "NFType, 5G_DDNMF, true",
    "NFType, hss, false",
    "NFType, _HSS, false",
    "NFType, H-SS, false",
    "NFType, '', false",
    "ServiceName, nbsp-gba, true",
    "ServiceName, nhss-gba-ueau, true",
    "ServiceName, Nbsp-gba, false",
    "ServiceName, -nbsp, false",
    "ServiceName, nbsp_gba, false",
    "ServiceName, '', false",
    "NfInstanceId, 4947a69a-f61b-4bc1-b9da-47c9c5d14b64, true",
    "NfInstanceId, 4947A69A-F61B-4BC1-B9DA-47C9C5D14B64, true",
    "NfInstanceId, 4947a69af61b4bc1b9da47c9c5d14b64, false",
    "NfInstanceId, 4947a69a-f61b-4bc1-b9da-47c9c5d14b6, false",
    "NfInstanceId, g947a69a-f61b-4bc1-b9da-47c9c5d14b64, false",
    "NfInstanceId, '', false"
  })
  void should_accept_a_value_only_when_it_has_the_form_of_its_type(
      String type, String text, boolean valid) {
    assertThat(check(type).test(text)).isEqualTo(valid);
  }
}
