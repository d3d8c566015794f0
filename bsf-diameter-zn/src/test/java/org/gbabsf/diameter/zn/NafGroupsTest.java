package org.gbabsf.diameter.zn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NafGroupsTest {

  private static final NafGroups GROUPS =
      new NafGroups(
          Map.of("naf.home1.net", "default", "mbms.partner.net", "mbms"),
          Map.of("partner.net", "partners"));

  @ParameterizedTest(name = "{0} / {1} -> {2}")
  @CsvSource({
    "naf.home1.net,    home1.net,   default",
    "NAF.HOME1.NET,    home1.net,   default",
    "mbms.partner.net, partner.net, mbms",
    "xcap.partner.net, partner.net, partners",
    "xcap.partner.net, Partner.Net, partners",
    "other.home1.net,  home1.net,   ",
  })
  void should_give_the_host_group_first_then_the_realm_group_when_a_naf_asks(
      String host, String realm, String group) {
    assertThat(GROUPS.groupOf(host, realm).orElse(null)).isEqualTo(group);
  }

  @Test
  void should_admit_exactly_the_configured_hosts_and_realms_when_nafs_connect() {
    assertThat(GROUPS.admission().admits("naf.home1.net", "home1.net")).isTrue();
    assertThat(GROUPS.admission().admits("any.partner.net", "partner.net")).isTrue();
    assertThat(GROUPS.admission().admits("other.home1.net", "home1.net")).isFalse();
  }
}
