package org.gbabsf.sba.nrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.sba.openapi.OpenApiContract.NNRF_NFM;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.nbsp.NbspService;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;

/** Nnrf_NFManagement: the profile the BSF registers, its heartbeat, the heartBeatTimer granted. */
class NfProfileCodecTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();
  private static final String ID = UUID.randomUUID().toString();
  private static final String PATH = "/nf-instances/" + ID;
  private static final String JSON = "application/json";

  private static JsonNode tree(byte[] b) throws IOException {
    return SbiJson.mapper().readTree(b);
  }

  @Test
  void should_write_a_valid_gba_bsf_profile_when_registering_by_fqdn() throws IOException {
    NfProfile p =
        NfProfile.gbaBsf(
            ID,
            Optional.of("bsf.5gc.home1.net"),
            Optional.empty(),
            Duration.ofSeconds(60),
            "https",
            443);

    byte[] body = NfProfileCodec.encode(p);

    CONTRACT.assertValidRequest(NNRF_NFM, "PUT", PATH, JSON, body);
    JsonNode o = tree(body);
    assertThat(o.path("nfInstanceId").asText()).isEqualTo(ID);
    assertThat(o.path("nfType").asText()).isEqualTo("GBA_BSF");
    assertThat(o.path("nfStatus").asText()).isEqualTo("REGISTERED");
    assertThat(o.path("heartBeatTimer").asLong()).isEqualTo(60);
    assertThat(o.path("fqdn").asText()).isEqualTo("bsf.5gc.home1.net");
    assertThat(o.has("ipv4Addresses")).isFalse();
    JsonNode s = o.at("/nfServiceList/nbsp-gba");
    assertThat(s.path("serviceInstanceId").asText()).isEqualTo("nbsp-gba");
    assertThat(s.path("serviceName").asText()).isEqualTo("nbsp-gba");
    assertThat(s.at("/versions/0/apiVersionInUri").asText()).isEqualTo("v1");
    assertThat(s.at("/versions/0/apiFullVersion").asText()).isEqualTo(NbspService.API_FULL_VERSION);
    assertThat(s.path("scheme").asText()).isEqualTo("https");
    assertThat(s.path("nfServiceStatus").asText()).isEqualTo("REGISTERED");
    assertThat(s.path("fqdn").asText()).isEqualTo("bsf.5gc.home1.net");
    assertThat(s.at("/ipEndPoints/0/port").asInt()).isEqualTo(443);
    assertThat(o.at("/nfServices/0")).isEqualTo(s);
  }

  @Test
  void should_write_a_valid_aanf_profile_with_its_routing_indicators_when_given()
      throws IOException {
    NfProfile p =
        NfProfile.aanf(
            ID,
            Optional.of("aanf.5gc.home1.net"),
            Optional.empty(),
            Duration.ofSeconds(60),
            "https",
            443,
            List.of("0", "12"));

    byte[] body = NfProfileCodec.encode(p);

    CONTRACT.assertValidRequest(NNRF_NFM, "PUT", PATH, JSON, body);
    JsonNode o = tree(body);
    assertThat(o.path("nfType").asText()).isEqualTo("AANF");
    JsonNode s = o.at("/nfServiceList/naanf-akma");
    assertThat(s.path("serviceName").asText()).isEqualTo("naanf-akma");
    assertThat(s.at("/versions/0/apiFullVersion").asText())
        .isEqualTo(NaanfService.API_FULL_VERSION);
    assertThat(o.at("/aanfInfoList/1/routingIndicators").toString()).isEqualTo("[\"0\",\"12\"]");
  }

  @Test
  void should_send_no_aanf_info_when_the_aanf_serves_every_routing_indicator() {
    NfProfile p =
        NfProfile.aanf(
            ID,
            Optional.empty(),
            Optional.of("10.0.0.7"),
            Duration.ofSeconds(30),
            "http",
            8082,
            List.of());

    assertThat(new String(NfProfileCodec.encode(p), StandardCharsets.UTF_8))
        .doesNotContain("aanfInfo");
  }

  @Test
  void should_refuse_a_routing_indicator_when_it_is_not_1_to_4_digits() {
    assertThatThrownBy(
            () ->
                NfProfile.aanf(
                    ID,
                    Optional.empty(),
                    Optional.of("10.0.0.7"),
                    Duration.ofSeconds(30),
                    "http",
                    8082,
                    List.of("12345")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_write_the_address_in_ip_end_points_when_registering_by_ipv4() throws IOException {
    NfProfile p =
        NfProfile.gbaBsf(
            ID, Optional.empty(), Optional.of("10.0.0.7"), Duration.ofSeconds(30), "http", 8082);

    byte[] body = NfProfileCodec.encode(p);

    CONTRACT.assertValidRequest(NNRF_NFM, "PUT", PATH, JSON, body);
    JsonNode o = tree(body);
    assertThat(o.path("ipv4Addresses").toString()).isEqualTo("[\"10.0.0.7\"]");
    assertThat(o.has("fqdn")).isFalse();
    assertThat(o.at("/nfServiceList/nbsp-gba/ipEndPoints").toString())
        .isEqualTo("[{\"ipv4Address\":\"10.0.0.7\",\"transport\":\"TCP\",\"port\":8082}]");
  }

  @Test
  void should_write_every_service_with_its_prefix_when_an_hss_profile_is_registered()
      throws IOException {
    NfProfile hss =
        new NfProfile(
            ID,
            "HSS",
            Optional.of("hss1.5gc.home1.net"),
            Optional.empty(),
            Duration.ofSeconds(60),
            List.of(
                new NfProfile.Service(
                    "nhss-gba-ueau", "1.1.0-alpha.1", "https", 8443, Optional.of("/hss1")),
                new NfProfile.Service(
                    "nhss-gba-sdm", "1.1.0-alpha.1", "https", 8443, Optional.of("/hss1"))));

    byte[] body = NfProfileCodec.encode(hss);

    CONTRACT.assertValidRequest(NNRF_NFM, "PUT", PATH, JSON, body);
    assertThat(tree(body).path("nfServiceList").size()).isEqualTo(2);
    assertThat(tree(body).at("/nfServiceList/nhss-gba-sdm/apiPrefix").asText()).isEqualTo("/hss1");
  }

  @Test
  void should_write_a_valid_json_patch_when_sending_a_heartbeat() {
    byte[] body = NfProfileCodec.heartbeat();

    CONTRACT.assertValidRequest(NNRF_NFM, "PATCH", PATH, NfProfileCodec.JSON_PATCH, body);
    assertThat(new String(body, StandardCharsets.UTF_8))
        .isEqualTo("[{\"op\":\"replace\",\"path\":\"/nfStatus\",\"value\":\"REGISTERED\"}]");
  }

  @Test
  void should_read_the_granted_heartbeat_when_the_nrf_answers_with_the_profile() {
    NfProfile p =
        NfProfile.gbaBsf(
            ID, Optional.empty(), Optional.of("10.0.0.7"), Duration.ofSeconds(10), "http", 80);
    byte[] answer = NfProfileCodec.encode(p);
    CONTRACT.assertValidResponse(NNRF_NFM, "PUT", PATH, 201, JSON, answer);

    assertThat(NfProfileCodec.grantedHeartBeat(answer, Duration.ofHours(1)))
        .contains(Duration.ofSeconds(10));
  }

  @Test
  void should_cut_the_heartbeat_to_the_maximum_when_the_nrf_grants_more() {
    byte[] answer = "{\"heartBeatTimer\":86400}".getBytes(StandardCharsets.UTF_8);

    assertThat(NfProfileCodec.grantedHeartBeat(answer, Duration.ofHours(1)))
        .contains(Duration.ofHours(1));
  }

  @Test
  void should_take_no_heartbeat_when_the_answer_has_none_or_a_bad_one() {
    for (String body :
        List.of(
            "",
            "[]",
            "{}",
            "{\"heartBeatTimer\":0}",
            "{\"heartBeatTimer\":\"60\"}",
            "{\"heartBeatTimer\":1.5}",
            "{\"heartBeatTimer\":-3}")) {
      assertThat(
              NfProfileCodec.grantedHeartBeat(
                  body.getBytes(StandardCharsets.UTF_8), Duration.ofHours(1)))
          .as(body)
          .isEmpty();
    }
  }

  @Test
  void should_refuse_a_profile_when_it_cannot_be_reached_or_its_values_are_wrong() {
    assertThatThrownBy(
            () ->
                NfProfile.gbaBsf(
                    ID, Optional.empty(), Optional.empty(), Duration.ofSeconds(60), "http", 80))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                NfProfile.gbaBsf(
                    ID, Optional.of("bsf"), Optional.empty(), Duration.ofSeconds(60), "http", 80))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                NfProfile.gbaBsf(
                    ID,
                    Optional.empty(),
                    Optional.of("10.0.0.256"),
                    Duration.ofSeconds(60),
                    "http",
                    80))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                NfProfile.gbaBsf(
                    "not-a-uuid",
                    Optional.of("bsf.home1.net"),
                    Optional.empty(),
                    Duration.ofSeconds(60),
                    "http",
                    80))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                NfProfile.gbaBsf(
                    ID,
                    Optional.of("bsf.home1.net"),
                    Optional.empty(),
                    Duration.ofMillis(1500),
                    "http",
                    80))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_advertise_the_version_of_the_nbsp_yaml_when_registering_nbsp_gba()
      throws IOException {
    try (InputStream in =
        getClass().getClassLoader().getResourceAsStream("openapi/TS29309_Nbsp_GBA.yaml")) {
      JsonNode yaml = new YAMLMapper().readTree(in);

      assertThat(NbspService.API_FULL_VERSION).isEqualTo(yaml.at("/info/version").asText());
    }
  }
}
