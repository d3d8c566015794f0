package org.gbabsf.diameter.zh.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.zh.GussParser;
import org.gbabsf.diameter.zh.ZhCodec;

/**
 * Fuzz targets of what an HSS sends (docs/fuzzing.md): any MAA, any GUSS document. The property:
 * every input becomes a value (a result, or a reason it is unusable), never an exception.
 */
class ZhDecodingFuzzTest {

  @FuzzTest
  void should_read_into_a_value_when_any_maa_arrives(byte[] data) {
    DiameterWire.decode(data).ifPresent(m -> assertThat(ZhCodec.decodeMaa(m)).isNotNull());
  }

  @FuzzTest
  void should_parse_into_a_value_when_any_guss_arrives(byte[] data) {
    assertThat(GussParser.parse(new String(data, StandardCharsets.UTF_8))).isNotNull();
  }
}
