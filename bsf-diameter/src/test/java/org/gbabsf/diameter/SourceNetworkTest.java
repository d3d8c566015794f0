package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SourceNetworkTest {

  @ParameterizedTest(name = "{0} contains {1}: {2}")
  @CsvSource({
    "127.0.0.1,         127.0.0.1,     true",
    "127.0.0.1,         127.0.0.2,     false",
    "127.0.0.1/32,      127.0.0.1,     true",
    "10.1.0.0/16,       10.1.255.7,    true",
    "10.1.0.0/16,       10.2.0.1,      false",
    "10.1.2.3/16,       10.1.9.9,      true",
    "192.0.2.128/25,    192.0.2.200,   true",
    "192.0.2.128/25,    192.0.2.127,   false",
    "0.0.0.0/0,         203.0.113.9,   true",
    "0.0.0.0/0,         ::1,           false",
    "2001:db8::/32,     2001:db8:1::5, true",
    "2001:db8::/32,     2001:db9::5,   false",
    "::1,               ::1,           true",
    "::1,               127.0.0.1,     false",
    "::ffff:10.0.0.1,   10.0.0.1,      true",
    "::ffff:10.0.0.0/104, 10.1.2.3,    true",
    "::ffff:10.0.0.0/104, 11.0.0.1,    false",
  })
  void should_match_addresses_by_prefix_when_given_cidr_text(
      String network, String address, boolean contained) throws UnknownHostException {
    SourceNetwork n = SourceNetwork.parse(network).orElseThrow();
    assertThat(n.contains(InetAddress.getByName(address))).isEqualTo(contained);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "hss1.home1.net",
        "localhost",
        "10.0.0.0/33",
        "10.0.0.0/",
        "10.0.0.0/-1",
        "10.0.0.0/1a",
        "256.0.0.1",
        "10.0.0",
        "1.2.3.4.5",
        "2001:db8::/129",
        "2001:zz::1",
        "::ffff:10.0.0.0/64",
        "\u0661\u0660.0.0.1",
        "\uff11.2.3.4",
        "10.0.0.0/\u0662\u0664",
        "010.0.0.1",
        "10.0.0.01"
      })
  void should_refuse_the_text_when_it_is_not_a_literal_network(String text) {
    assertThat(SourceNetwork.parse(text)).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "10.1.2.3/16,    10.1.0.0/16",
    "2001:db8::7/32, 2001:db8:0:0:0:0:0:0/32",
    "::1,            0:0:0:0:0:0:0:1/128"
  })
  void should_print_the_network_with_its_host_bits_cleared_when_shown(String text, String shown) {
    assertThat(SourceNetwork.parse(text).orElseThrow()).hasToString(shown);
  }
}
