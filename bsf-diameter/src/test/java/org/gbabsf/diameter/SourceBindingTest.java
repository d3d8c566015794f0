package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceBindingTest {

  /** hss1 is configured by name (two addresses), hss2 by address plus a relay network. */
  private static final SourceBinding BINDING =
      SourceBinding.of(
          List.of(
              new PeerConfig("HSS1.home1.net", "hss1.dns", 3868, 1),
              new PeerConfig("hss2.home1.net", "192.0.2.20", 3868, 1)),
          Map.of(
              "hss2.home1.net", nets("198.51.100.0/24"),
              "naf.home1.net", nets("10.1.0.0/16"),
              "Partner.net", nets("203.0.113.0/24", "2001:db8::/32")),
          address ->
              address.equals("hss1.dns")
                  ? List.of(ip("192.0.2.10"), ip("192.0.2.11"))
                  : List.of(ip(address)));

  @ParameterizedTest(name = "{0} ({1}) from {2}, tls {3}: {4}")
  @CsvSource({
    // a configured peer: its resolved addresses, its listed networks, or TLS
    "hss1.home1.net, home1.net,   192.0.2.10,    false, true",
    "hss1.home1.net, home1.net,   192.0.2.11,    false, true",
    "HSS1.HOME1.NET, home1.net,   192.0.2.11,    false, true",
    "hss1.home1.net, home1.net,   127.0.0.2,     false, false",
    "hss1.home1.net, home1.net,   127.0.0.2,     true,  true",
    "hss2.home1.net, home1.net,   192.0.2.20,    false, true",
    "hss2.home1.net, home1.net,   198.51.100.7,  false, true",
    "hss2.home1.net, home1.net,   10.1.0.1,      false, false",
    // the HSS's name under a realm that is bound elsewhere is still the HSS's
    "hss1.home1.net, partner.net, 203.0.113.5,   false, false",
    // a NAF bound by host: only its networks, TLS or not
    "naf.home1.net,  home1.net,   10.1.3.4,      false, true",
    "naf.home1.net,  home1.net,   10.2.3.4,      false, false",
    "naf.home1.net,  home1.net,   10.2.3.4,      true,  false",
    // a NAF bound by realm
    "x.partner.net,  partner.net, 203.0.113.9,   false, true",
    "x.partner.net,  PARTNER.NET, 2001:db8::9,   false, true",
    "x.partner.net,  partner.net, 198.51.100.9,  false, false",
    // an unbound identity: anywhere
    "other.home1.net, home1.net,  198.51.100.9,  false, true",
  })
  void should_allow_an_identity_only_from_its_sources_when_it_is_bound(
      String host, String realm, String from, boolean tls, boolean allowed) {
    assertThat(BINDING.allows(host, realm, ip(from), tls)).isEqualTo(allowed);
  }

  @Test
  void should_refuse_a_bound_identity_when_the_connection_has_no_address() {
    assertThat(BINDING.allows("hss1.home1.net", "home1.net", null, false)).isFalse();
    assertThat(BINDING.allows("naf.home1.net", "home1.net", null, false)).isFalse();
  }

  @Test
  void should_admit_a_configured_peer_only_over_tls_when_its_address_does_not_resolve() {
    SourceBinding b =
        SourceBinding.of(
            List.of(new PeerConfig("hss1.home1.net", "gone.invalid", 3868, 1)),
            Map.of(),
            address -> List.of());

    assertThat(b.allows("hss1.home1.net", "home1.net", ip("127.0.0.1"), false)).isFalse();
    assertThat(b.allows("hss1.home1.net", "home1.net", ip("127.0.0.1"), true)).isTrue();
  }

  @Test
  void should_name_the_identities_bound_to_no_network_when_asked() {
    assertThat(
            BINDING.unbound(
                Set.of("naf.home1.net", "other.home1.net", "partner.net", "hss1.home1.net")))
        .containsExactly("other.home1.net");
  }

  private static List<SourceNetwork> nets(String... cidrs) {
    return java.util.Arrays.stream(cidrs).map(c -> SourceNetwork.parse(c).orElseThrow()).toList();
  }

  private static InetAddress ip(String literal) {
    try {
      return InetAddress.getByName(literal);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(literal, e);
    }
  }
}
