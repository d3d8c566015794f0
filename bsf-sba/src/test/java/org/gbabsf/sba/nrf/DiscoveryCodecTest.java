package org.gbabsf.sba.nrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.openapi.OpenApiContract.NNRF_DISC;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Nnrf_NFDiscovery: the BSF's search for HSS instances and what it takes from the answer. */
class DiscoveryCodecTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();
  private static final DiscoveryCodec.Target HSS =
      new DiscoveryCodec.Target("HSS", "nhss-gba-ueau");
  private static final String JSON = "application/json";

  /** A profile of an HSS whose service {@code service} is REGISTERED, scheme https, v1. */
  private static ObjectNode profile(ObjectNode service) {
    ObjectNode p = SbiJson.object();
    p.put("nfInstanceId", UUID.randomUUID().toString());
    p.put("nfType", "HSS");
    p.put("nfStatus", "REGISTERED");
    p.putObject("nfServiceList").set(service.path("serviceInstanceId").asText(), service);
    return p;
  }

  private static ObjectNode service() {
    ObjectNode s = SbiJson.object();
    s.put("serviceInstanceId", "ueau-" + UUID.randomUUID());
    s.put("serviceName", "nhss-gba-ueau");
    s.putArray("versions").addObject().put("apiVersionInUri", "v1").put("apiFullVersion", "1.1.0");
    s.put("scheme", "https");
    s.put("nfServiceStatus", "REGISTERED");
    return s;
  }

  private static byte[] result(ObjectNode... profiles) {
    ObjectNode r = SbiJson.object();
    r.put("validityPeriod", 3600);
    ArrayNode list = r.putArray("nfInstances");
    for (ObjectNode p : profiles) {
      list.add(p);
    }
    byte[] body = SbiJson.bytes(r);
    CONTRACT.assertValidResponse(NNRF_DISC, "GET", "/nf-instances", 200, JSON, body);
    return body;
  }

  private static List<URI> roots(byte[] body) {
    return DiscoveryCodec.searchResult(body, HSS).orElseThrow().apiRoots();
  }

  @Test
  void should_write_a_valid_search_when_discovering_hss_instances() {
    String id = UUID.randomUUID().toString();

    String query = DiscoveryCodec.query(HSS, "GBA_BSF", Optional.of(id));

    CONTRACT.assertValidRequest(NNRF_DISC, "GET", "/nf-instances?" + query, null, null);
    assertThat(query)
        .isEqualTo(
            "target-nf-type=HSS&requester-nf-type=GBA_BSF&service-names=nhss-gba-ueau"
                + "&requester-nf-instance-id="
                + id);
  }

  @Test
  void should_give_the_fqdn_port_and_prefix_when_the_service_names_them() {
    ObjectNode s = service().put("fqdn", "hss1.5gc.home1.net").put("apiPrefix", "/hss1");
    s.putArray("ipEndPoints").addObject().put("port", 8443);

    DiscoveryCodec.Discovered d =
        DiscoveryCodec.searchResult(result(profile(s)), HSS).orElseThrow();

    assertThat(d.apiRoots()).containsExactly(URI.create("https://hss1.5gc.home1.net:8443/hss1"));
    assertThat(d.validity()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void should_take_the_profile_fqdn_and_the_scheme_port_when_the_service_gives_neither() {
    ObjectNode p = profile(service()).put("fqdn", "hss2.5gc.home1.net");

    assertThat(roots(result(p))).containsExactly(URI.create("https://hss2.5gc.home1.net:443"));
  }

  @Test
  void should_give_one_api_root_per_address_when_there_is_no_fqdn() {
    ObjectNode s = service().put("scheme", "http");
    ArrayNode endpoints = s.putArray("ipEndPoints");
    endpoints.addObject().put("ipv4Address", "10.0.0.1").put("port", 8080);
    endpoints.addObject().put("ipv6Address", "2001:db8::1").put("port", 8081);
    ObjectNode bare = profile(service().put("scheme", "http"));
    bare.putArray("ipv4Addresses").add("10.0.0.9");

    assertThat(roots(result(profile(s), bare)))
        .containsExactly(
            URI.create("http://10.0.0.1:8080"),
            URI.create("http://[2001:db8::1]:8081"),
            URI.create("http://10.0.0.9:80"));
  }

  @Test
  void should_order_by_priority_then_capacity_when_the_nrf_gives_them() {
    ObjectNode low = profile(service().put("fqdn", "low.home1.net").put("priority", 10));
    ObjectNode small = profile(service().put("fqdn", "small.home1.net").put("capacity", 10));
    small.put("priority", 1);
    ObjectNode big = profile(service().put("fqdn", "big.home1.net").put("capacity", 100));
    big.put("priority", 1);
    ObjectNode none = profile(service().put("fqdn", "none.home1.net"));

    assertThat(roots(result(none, low, small, big)))
        .containsExactly(
            URI.create("https://big.home1.net:443"),
            URI.create("https://small.home1.net:443"),
            URI.create("https://low.home1.net:443"),
            URI.create("https://none.home1.net:443"));
  }

  @Test
  void should_leave_out_instances_when_not_registered_of_another_type_or_without_the_service() {
    ObjectNode suspended =
        profile(service().put("fqdn", "a.home1.net")).put("nfStatus", "SUSPENDED");
    ObjectNode udm = profile(service().put("fqdn", "b.home1.net")).put("nfType", "UDM");
    ObjectNode sdmOnly =
        profile(service().put("fqdn", "c.home1.net").put("serviceName", "nhss-gba-sdm"));
    ObjectNode serviceDown =
        profile(service().put("fqdn", "d.home1.net").put("nfServiceStatus", "UNDISCOVERABLE"));
    ObjectNode v2 = service().put("fqdn", "e.home1.net");
    v2.putArray("versions").addObject().put("apiVersionInUri", "v2").put("apiFullVersion", "2.0.0");
    ObjectNode good = profile(service().put("fqdn", "f.home1.net"));

    assertThat(roots(result(suspended, udm, sdmOnly, serviceDown, profile(v2), good)))
        .containsExactly(URI.create("https://f.home1.net:443"));
  }

  @Test
  void should_leave_out_services_when_their_scheme_host_or_prefix_cannot_be_used() {
    ObjectNode ftp = profile(service().put("fqdn", "a.home1.net").put("scheme", "ftp"));
    ObjectNode host = profile(service().put("fqdn", "evil.home1.net/x?y"));
    ObjectNode prefix = profile(service().put("fqdn", "c.home1.net").put("apiPrefix", "/../x"));
    ObjectNode address = profile(service());
    address.putArray("ipv4Addresses").add("10.0.0.1@evil.net");
    ObjectNode good = profile(service().put("fqdn", "g.home1.net").put("apiPrefix", "/"));

    assertThat(
            DiscoveryCodec.searchResult(
                    SbiJson.bytes(
                        SbiJson.object()
                            .put("validityPeriod", 60)
                            .set(
                                "nfInstances",
                                SbiJson.mapper()
                                    .createArrayNode()
                                    .add(ftp)
                                    .add(host)
                                    .add(prefix)
                                    .add(address)
                                    .add(good))),
                    HSS)
                .orElseThrow()
                .apiRoots())
        .containsExactly(URI.create("https://g.home1.net:443"));
  }

  @Test
  void should_read_nf_services_when_the_profile_has_no_nf_service_list() {
    ObjectNode p = profile(service());
    p.remove("nfServiceList");
    p.putArray("nfServices").add(service().put("fqdn", "old.home1.net"));

    assertThat(roots(result(p))).containsExactly(URI.create("https://old.home1.net:443"));
  }

  @Test
  void should_give_an_empty_list_when_no_instance_matches() {
    DiscoveryCodec.Discovered d = DiscoveryCodec.searchResult(result(), HSS).orElseThrow();

    assertThat(d.apiRoots()).isEmpty();
    assertThat(d.validity()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void should_take_at_most_the_bound_when_the_nrf_lists_more_instances() {
    ObjectNode[] many = new ObjectNode[DiscoveryCodec.MAX_INSTANCES + 5];
    for (int i = 0; i < many.length; i++) {
      many[i] = profile(service().put("fqdn", "hss" + i + ".home1.net"));
    }

    assertThat(roots(result(many))).hasSize(DiscoveryCodec.MAX_INSTANCES);
  }

  @Test
  void should_refuse_the_answer_when_it_is_no_search_result() {
    for (String body :
        List.of(
            "",
            "[]",
            "{}",
            "{\"nfInstances\":[]}",
            "{\"validityPeriod\":60}",
            "{\"validityPeriod\":\"60\",\"nfInstances\":[]}",
            "{\"validityPeriod\":60,\"nfInstances\":{}}")) {
      assertThat(DiscoveryCodec.searchResult(body.getBytes(StandardCharsets.UTF_8), HSS))
          .as(body)
          .isEmpty();
    }
  }
}
