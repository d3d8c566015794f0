package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.SourceNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lists and maps are parsed once, at load, into the values the assemblies use as they are. */
class EntryTypesTest {

  @Test
  void should_sort_peers_by_priority_when_parsing_zh_peers() {
    List<PeerConfig> peers =
        EntryTypes.peers()
            .parse("hss1.home1.net=10.0.0.1:3868, hss2.home1.net=hss2.home1.net:3869:5");

    assertThat(peers)
        .containsExactly(
            new PeerConfig("hss2.home1.net", "hss2.home1.net", 3869, 5),
            new PeerConfig("hss1.home1.net", "10.0.0.1", 3868, 1));
  }

  @Test
  void should_refuse_with_the_problem_phrase_when_an_entry_breaks_the_rule() {
    assertThatThrownBy(() -> EntryTypes.peers().parse("hss1.home1.net=10.0.0.1:70000"))
        .isInstanceOf(ValueType.Refusal.class)
        .hasMessage("must be host=address:port[:priority][,…] with ports 1..65535");
  }

  @Test
  void should_take_exactly_one_peer_when_parsing_the_proxy_bsf_peer() {
    assertThat(EntryTypes.peer().parse("bsf.home1.net=127.0.0.1:3868"))
        .isEqualTo(new PeerConfig("bsf.home1.net", "127.0.0.1", 3868, 1));
    assertThatThrownBy(() -> EntryTypes.peer().parse("a.example=127.0.0.1:1,b.example=127.0.0.1:2"))
        .isInstanceOf(ValueType.Refusal.class)
        .hasMessage("must be host=address:port");
    assertThatThrownBy(() -> EntryTypes.peer().parse("bsf.home1.net=127.0.0.1:70000"))
        .isInstanceOf(ValueType.Refusal.class)
        .hasMessage("must be host=address:port");
  }

  @Test
  void should_refuse_as_the_non_blank_string_it_was_when_a_required_list_is_empty() {
    assertThat(ZhConfig.PEERS.parse("").problem())
        .isEqualTo("is not a non-blank string; host=address:port[:priority],…");
    assertThat(ZhConfig.PEERS.parse("  ").problem())
        .isEqualTo("is not a non-blank string; host=address:port[:priority],…");
  }

  @Test
  void should_keep_brackets_and_ports_when_parsing_contact_points() {
    assertThat(EntryTypes.contactPoints().parse("10.0.0.1:9042 , [::1]:9043"))
        .containsExactly(new HostPort("10.0.0.1", 9042), new HostPort("[::1]", 9043));
  }

  @Test
  void should_map_hosts_to_groups_in_order_when_parsing_nafs() {
    Map<String, String> nafs =
        EntryTypes.groups("host=group,…", "bad")
            .parse("naf2.home1.net=premium, naf1.home1.net= default");

    assertThat(nafs)
        .containsExactly(
            Map.entry("naf2.home1.net", "premium"), Map.entry("naf1.home1.net", "default"));
    assertThat(EntryTypes.groups("host=group,…", "bad").parse("")).isEmpty();
  }

  @Test
  void should_merge_repeated_names_when_parsing_fqdn_grants() {
    Map<String, Set<String>> grants =
        EntryTypes.fqdnGrants("who=fqdn|fqdn,…", "bad")
            .parse("naf.home1.net=a.home1.net | b.home1.net, naf.home1.net=c.home1.net");

    assertThat(grants.get("naf.home1.net"))
        .containsExactly("a.home1.net", "b.home1.net", "c.home1.net");
  }

  @Test
  void should_parse_networks_when_parsing_peer_sources() {
    Map<String, List<SourceNetwork>> sources =
        EntryTypes.sourceNetworks("f", "bad").parse("hss1.home1.net=10.1.0.0/16|2001:db8::/32");

    assertThat(sources.get("hss1.home1.net"))
        .containsExactly(
            SourceNetwork.parse("10.1.0.0/16").orElseThrow(),
            SourceNetwork.parse("2001:db8::/32").orElseThrow());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "hss1.home1.net=10.1.0.0/33",
        "hss1.home1.net=",
        "=10.0.0.1",
        "hss1.home1.net=hss1.home1.net",
        "bad_name=10.0.0.1"
      })
  void should_refuse_when_a_source_entry_is_not_a_literal_network(String text) {
    assertThatThrownBy(() -> EntryTypes.sourceNetworks("f", "bad").parse(text))
        .isInstanceOf(ValueType.Refusal.class)
        .hasMessage("bad");
  }

  @Test
  void should_parse_api_roots_in_order_when_parsing_instances() {
    assertThat(SbiEntryTypes.apiRoots().parse("http://hss1:8080, https://hss2:443/p"))
        .containsExactly(URI.create("http://hss1:8080"), URI.create("https://hss2:443/p"));
    assertThat(SbiEntryTypes.apiRoots().parse("")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ftp://hss1", "http://hss1?x=1", "http://hss1#f", "hss1:8080"})
  void should_refuse_when_an_api_root_is_not_http(String text) {
    assertThatThrownBy(() -> SbiEntryTypes.apiRoots().parse(text))
        .isInstanceOf(ValueType.Refusal.class);
  }

  @Test
  void should_take_one_root_or_none_when_parsing_the_nrf_api_root() {
    assertThat(SbiEntryTypes.optionalApiRoot().parse("")).isEmpty();
    assertThat(SbiEntryTypes.optionalApiRoot().parse("https://nrf:443"))
        .contains(URI.create("https://nrf:443"));
    assertThatThrownBy(() -> SbiEntryTypes.optionalApiRoot().parse("https://a,https://b"))
        .isInstanceOf(ValueType.Refusal.class);
  }

  @Test
  void should_parse_every_uss_when_parsing_a_uss_list() {
    assertThat(EntryTypes.ussList().parse("1:default:1;2:ims:1+4"))
        .containsExactly(
            new SimulatedGuss.Uss(1, "default", List.of(1)),
            new SimulatedGuss.Uss(2, "ims", List.of(1, 4)));
  }

  @Test
  void should_tell_all_from_some_when_parsing_tls_peers() {
    assertThat(EntryTypes.tlsPeers().parse("*")).isEqualTo(new TlsPeers(true, Set.of()));
    assertThat(EntryTypes.tlsPeers().parse("HSS1.home1.net, naf.home1.net").hosts())
        .containsExactly("hss1.home1.net", "naf.home1.net");
    assertThat(EntryTypes.tlsPeers().parse("").none()).isTrue();
  }

  @Test
  void should_list_the_versions_when_parsing_tls_protocols() {
    assertThat(EntryTypes.tlsProtocols().parse("tlsv1.3,TLSv1.2"))
        .containsExactly("TLSv1.3", "TLSv1.2");
    assertThat(EntryTypes.tlsProtocols().format(List.of("TLSv1.3"))).isEqualTo("TLSv1.3");
  }

  @Test
  void should_give_no_routes_when_the_text_is_empty() {
    assertThat(SbiEntryTypes.routes().parse("")).isEqualTo(Optional.empty());
    assertThat(SbiEntryTypes.routes().parse("xcap.home1.net=http://127.0.0.1:8000")).isPresent();
  }
}
