package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PeerAdmissionTest {

  private static final PeerAdmission NAFS =
      PeerAdmission.only(Set.of("naf.home1.net"), Set.of("Partner.NET"))
          .withHosts(Set.of("hss1.home1.net"));

  @ParameterizedTest(name = "{0} / {1} -> {2}")
  @CsvSource({
    "naf.home1.net,    home1.net,    true",
    "NAF.Home1.Net,    home1.net,    true",
    "hss1.home1.net,   home1.net,    true",
    "xcap.partner.net, partner.net,  true",
    "xcap.partner.net, PARTNER.net,  true",
    "naf2.home1.net,   home1.net,    false",
    "partner.net,      other.net,    false",
    "rogue.example,    example,      false",
  })
  void should_admit_only_listed_hosts_and_realms_when_the_policy_is_a_list(
      String host, String realm, boolean admitted) {
    assertThat(NAFS.admits(host, realm)).isEqualTo(admitted);
  }

  @ParameterizedTest
  @CsvSource({"naf.home1.net, home1.net", "anything.example, example"})
  void should_admit_every_peer_when_the_policy_is_any(String host, String realm) {
    assertThat(PeerAdmission.anyPeer().withHosts(Set.of("x")).admits(host, realm)).isTrue();
  }

  @ParameterizedTest
  @CsvSource({"naf.home1.net, home1.net", "hss1.home1.net, home1.net"})
  void should_admit_nobody_but_the_peer_table_when_the_policy_is_peer_table_only(
      String host, String realm) {
    assertThat(PeerAdmission.peerTableOnly().admits(host, realm)).isFalse();
    assertThat(PeerAdmission.peerTableOnly().withHosts(Set.of(host)).admits(host, realm)).isTrue();
  }
}
