package org.gbabsf.sba.hss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.sba.hss.TestVectors.AUTN;
import static org.gbabsf.sba.hss.TestVectors.CK;
import static org.gbabsf.sba.hss.TestVectors.IK;
import static org.gbabsf.sba.hss.TestVectors.RAND;
import static org.gbabsf.sba.hss.TestVectors.RES;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.stream.Stream;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.sba.json.SbiJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** 3GAkaAv and ResynchronizationInfo of N65 and N68. */
class AkaJsonTest {

  private static final String AUTS = "0123456789abcdef0123456789ab";

  private static ObjectNode av() {
    return AkaJson.encode(TestVectors.set1());
  }

  private static JsonNode json(String s) throws IOException {
    return SbiJson.mapper().readTree(s);
  }

  @Test
  void should_write_the_test_set_1_vector_as_lower_case_hex_when_encoding() {
    ObjectNode o = av();

    assertThat(o.get("rand").asText()).isEqualTo(RAND);
    assertThat(o.get("xres").asText()).isEqualTo(RES);
    assertThat(o.get("autn").asText()).isEqualTo(AUTN);
    assertThat(o.get("ck").asText()).isEqualTo(CK);
    assertThat(o.get("ik").asText()).isEqualTo(IK);
    assertThat(o.size()).isEqualTo(5);
  }

  @Test
  void should_give_back_the_same_vector_when_decoding_what_was_encoded() {
    AuthenticationVector v = TestVectors.set1();

    AuthenticationVector back = AkaJson.decode(AkaJson.encode(v)).orElseThrow();

    assertThat(back.rand()).isEqualTo(v.rand());
    assertThat(back.autn()).isEqualTo(v.autn());
    assertThat(back.xres()).isEqualTo(v.xres());
    assertThat(back.ck()).isEqualTo(v.ck());
    assertThat(back.ik()).isEqualTo(v.ik());
  }

  @Test
  void should_read_the_vector_when_hex_is_upper_case_and_xres_has_4_to_16_octets() {
    for (String xres : new String[] {"a5421AD5", RES.toUpperCase(), CK}) {
      ObjectNode o = av();
      o.put("xres", xres);
      o.put("ck", CK.toUpperCase());

      AuthenticationVector v = AkaJson.decode(o).orElseThrow();

      assertThat(v.xres()).isEqualTo(Hex.decode(xres));
      assertThat(v.ck()).isEqualTo(Hex.decode(CK));
    }
  }

  static Stream<Arguments> brokenVectors() {
    Stream.Builder<Arguments> b = Stream.builder();
    for (String field : new String[] {"rand", "xres", "autn", "ck", "ik"}) {
      b.add(arguments(field, null));
      b.add(arguments(field, "1"));
      b.add(arguments(field, ""));
      b.add(arguments(field, "0".repeat(34)));
      b.add(arguments(field, "0".repeat(31)));
      b.add(arguments(field, "0".repeat(30) + "zz"));
      b.add(arguments(field, "0".repeat(30) + " 0"));
    }
    for (String field : new String[] {"rand", "autn", "ck", "ik"}) {
      b.add(arguments(field, "0".repeat(30)));
      b.add(arguments(field, "0".repeat(16)));
    }
    b.add(arguments("xres", "0".repeat(6)));
    b.add(arguments("xres", "0".repeat(7)));
    b.add(arguments("xres", "0".repeat(9)));
    b.add(arguments("xres", "0".repeat(15)));
    return b.build();
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("brokenVectors")
  void should_refuse_the_vector_when_a_field_is_missing_or_of_the_wrong_length_or_not_hex(
      String field, String value) {
    ObjectNode o = av();
    if (value == null) {
      o.remove(field);
    } else {
      o.put(field, value);
    }

    assertThat(AkaJson.decode(o)).isEmpty();
  }

  @Test
  void should_refuse_the_vector_when_a_field_is_a_number_or_the_node_is_not_an_object()
      throws IOException {
    ObjectNode o = av();
    o.put("ck", 1);

    assertThat(AkaJson.decode(o)).isEmpty();
    assertThat(AkaJson.decode(null)).isEmpty();
    assertThat(AkaJson.decode(NullNode.getInstance())).isEmpty();
    assertThat(AkaJson.decode(TextNode.valueOf(RAND))).isEmpty();
    assertThat(AkaJson.decode(json("[\"" + RAND + "\"]"))).isEmpty();
  }

  @Test
  void should_give_back_rand_and_auts_when_reading_the_resynchronization_info_written() {
    AkaJson.Resync r = new AkaJson.Resync(Rand.of(Hex.decode(RAND)), Hex.decode(AUTS));

    ObjectNode o = AkaJson.resynchronizationInfo(r);
    AkaJson.Resync back = AkaJson.readResync(o).orElseThrow();

    assertThat(o.get("rand").asText()).isEqualTo(RAND);
    assertThat(o.get("auts").asText()).isEqualTo(AUTS);
    assertThat(back.rand()).isEqualTo(r.rand());
    assertThat(back.auts()).isEqualTo(Hex.decode(AUTS));
  }

  @Test
  void should_accept_32_and_28_hex_digits_in_any_case_when_reading_resynchronization_info()
      throws IOException {
    JsonNode n =
        json("{\"rand\":\"" + RAND.toUpperCase() + "\",\"auts\":\"" + AUTS.toUpperCase() + "\"}");

    AkaJson.Resync r = AkaJson.readResync(n).orElseThrow();

    assertThat(r.rand().octets()).isEqualTo(Hex.decode(RAND));
    assertThat(r.auts()).isEqualTo(Hex.decode(AUTS));
  }

  static Stream<String> brokenResyncs() {
    String rand = "\"rand\":\"" + RAND + "\"";
    String auts = "\"auts\":\"" + AUTS + "\"";
    return Stream.of(
        "{" + auts + "}",
        "{" + rand + "}",
        "{\"rand\":\"" + RAND.substring(2) + "\"," + auts + "}",
        "{\"rand\":\"" + RAND + "00\"," + auts + "}",
        "{" + rand + ",\"auts\":\"" + AUTS.substring(2) + "\"}",
        "{" + rand + ",\"auts\":\"" + AUTS + "00\"}",
        "{" + rand + ",\"auts\":\"" + AUTS.substring(1) + "x\"}",
        "{\"rand\":\"" + RAND.substring(1) + "g\"," + auts + "}",
        "{\"rand\":1," + auts + "}",
        "{" + rand + ",\"auts\":null}",
        "\"" + RAND + AUTS + "\"",
        "[]");
  }

  @ParameterizedTest
  @MethodSource("brokenResyncs")
  void should_refuse_resynchronization_info_when_rand_or_auts_is_not_of_its_length_or_not_hex(
      String text) throws IOException {
    assertThat(AkaJson.readResync(json(text))).isEmpty();
  }

  @Test
  void should_refuse_an_auts_not_of_14_octets_when_building_a_resync() {
    Rand rand = Rand.of(Hex.decode(RAND));

    assertThatThrownBy(() -> new AkaJson.Resync(rand, new byte[13]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AkaJson.Resync(rand, new byte[15]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_keep_its_own_auts_when_the_caller_changes_the_array() {
    byte[] auts = Hex.decode(AUTS);
    AkaJson.Resync r = new AkaJson.Resync(Rand.of(Hex.decode(RAND)), auts);

    auts[0] = 0x55;
    r.auts()[1] = 0x55;

    assertThat(r.auts()).isEqualTo(Hex.decode(AUTS));
  }
}
