package org.gbabsf.sba.nbsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.openapi.OpenApiContract.NBSP_GBA;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The ussList of Nbsp_GBA and of gbaSDM's GUSS, both ways (TS 29.309 §6.1.6.2.4–6). */
class UssJsonTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  private static final List<String> UIDS = List.of("sip:user@home1.net", "tel:+358501234567");

  private static UserSecuritySetting uss(String id, int type, List<Integer> flags) {
    return new UserSecuritySetting(id, type, "", UIDS, flags);
  }

  private static JsonNode json(String text) throws IOException {
    return SbiJson.mapper().readTree(text);
  }

  private static void assertSchemaValid(ArrayNode list) {
    for (JsonNode item : list) {
      assertThat(CONTRACT.schemaErrors(NBSP_GBA, "UssListItem", SbiJson.bytes(item))).isEmpty();
    }
  }

  @Test
  void should_give_back_the_same_settings_when_decoding_what_was_encoded() {
    List<UserSecuritySetting> settings =
        List.of(
            new UserSecuritySetting("1", 1, "group1", UIDS, List.of(1, 2)),
            new UserSecuritySetting("2", 3, "", List.of("sip:user@home1.net"), List.of()),
            new UserSecuritySetting("0", 0, "g", List.of("x"), List.of(0)));

    ArrayNode encoded = UssJson.encode(settings);

    assertSchemaValid(encoded);
    assertThat(encoded).hasSize(3);
    assertThat(encoded.get(1).get("uss").has("nafGroup")).isFalse();
    assertThat(encoded.get(1).get("uss").has("flags")).isFalse();
    assertThat(encoded.get(0).get("uss").get("ueIds").get(1).get("ueId").asText())
        .isEqualTo("tel:+358501234567");
    assertThat(UssJson.decode(encoded)).contains(settings);
  }

  static Stream<Arguments> ids() {
    return Stream.of(
        arguments("0", true),
        arguments("4294967295", true),
        arguments("0000000001", true),
        arguments("4294967296", false),
        arguments("99999999999", false),
        arguments("-1", false),
        arguments("+1", false),
        arguments("", false),
        arguments("mbms", false),
        arguments("1 ", false),
        arguments("\u0661\u0662", false),
        arguments("\uff11", false));
  }

  @ParameterizedTest(name = "id \"{0}\" carried: {1}")
  @MethodSource("ids")
  void should_carry_a_uss_only_when_its_id_is_a_uint32_in_decimal_digits(
      String id, boolean carried) {
    UserSecuritySetting s = uss(id, 1, List.of());

    assertThat(UssJson.representable(s)).isEqualTo(carried);
    assertThat(UssJson.encode(List.of(s))).hasSize(carried ? 1 : 0);
  }

  @Test
  void should_leave_out_a_uss_and_say_so_when_it_has_no_user_identity() {
    UserSecuritySetting noUid = new UserSecuritySetting("7", 1, "", List.of(), List.of());
    UserSecuritySetting named = uss("mbms", 1, List.of());
    UserSecuritySetting ok = uss("8", 1, List.of());

    ArrayNode encoded = UssJson.encode(List.of(noUid, named, ok));

    assertThat(UssJson.representable(noUid)).isFalse();
    assertThat(UssJson.representable(named)).isFalse();
    assertThat(UssJson.representable(ok)).isTrue();
    assertThat(encoded).hasSize(1);
    assertThat(encoded.get(0).get("uss").get("gsId").asLong()).isEqualTo(8);
  }

  @Test
  void should_write_uint32_bounds_unsigned_when_type_and_flags_use_all_32_bits() {
    UserSecuritySetting max = uss("4294967295", -1, List.of(0, -1, Integer.MIN_VALUE));

    ArrayNode encoded = UssJson.encode(List.of(max));

    assertSchemaValid(encoded);
    JsonNode u = encoded.get(0).get("uss");
    assertThat(u.get("gsId").asLong()).isEqualTo(4294967295L);
    assertThat(u.get("gsType").asLong()).isEqualTo(4294967295L);
    assertThat(u.get("flags").findValuesAsText("flag"))
        .containsExactly("0", "4294967295", "2147483648");
    assertThat(UssJson.decode(encoded)).contains(List.of(max));
  }

  @Test
  void should_read_the_uint32_bounds_when_a_peer_sends_0_and_4294967295() throws IOException {
    String list =
        "[{\"uss\":{\"gsId\":4294967295,\"gsType\":0,\"ueIds\":[{\"ueId\":\"a\"}],"
            + "\"flags\":[{\"flag\":4294967295},{\"flag\":0}],\"keyChoice\":\"ME_BASED_KEY\"}}]";

    assertThat(UssJson.decode(json(list)))
        .contains(
            List.of(new UserSecuritySetting("4294967295", 0, "", List.of("a"), List.of(-1, 0))));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "[1]",
        "[{}]",
        "[{\"uss\":{\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":1,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":{\"ueId\":\"a\"}}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":1}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[\"a\"]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{}]}}]",
        "[{\"uss\":{\"gsId\":-1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":4294967296,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":1.5,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":\"1\",\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":4294967296,\"ueIds\":[{\"ueId\":\"a\"}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],\"flags\":[{\"flag\":-1}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],"
            + "\"flags\":[{\"flag\":4294967296}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],\"flags\":[{}]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],\"flags\":[1]}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],\"flags\":\"1\"}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],\"flags\":{\"flag\":1}}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}],\"nafGroup\":1}}]",
        "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"a\"}]}},{\"uss\":{}}]"
      })
  void should_refuse_the_list_when_an_item_is_malformed(String list) throws IOException {
    assertThat(UssJson.decode(json(list))).isEmpty();
  }
}
