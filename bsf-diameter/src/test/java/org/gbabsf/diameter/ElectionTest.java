package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 6733 §5.6.4: the peer with the higher Origin-Host keeps the connection it opened. */
class ElectionTest {

  @ParameterizedTest(name = "{0} against {1}: local wins {2}")
  @CsvSource({
    "hss.home1.net, bsf.home1.net, true",
    "bsf.home1.net, hss.home1.net, false",
    "bsf.home1.net, aaa.home1.net, true",
    "bsf.home1.net, bsf.home1.net.example, false",
    "BSF.home1.net, aaa.home1.net, true",
    "bsf.home1.net, HSS.HOME1.NET, false",
    "bsf.home1.net, BSF.HOME1.NET, false"
  })
  void should_elect_the_connection_of_the_higher_origin_host_when_both_peers_opened_one(
      String local, String peer, boolean localWins) {
    assertThat(Election.localWins(local, peer)).isEqualTo(localWins);
    if (!local.equalsIgnoreCase(peer)) {
      assertThat(Election.localWins(peer, local)).as("the other side agrees").isEqualTo(!localWins);
    }
  }
}
