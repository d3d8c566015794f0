package org.gbabsf.diameter.zn.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.zn.ZnCodec;

/**
 * Fuzz target of what a NAF sends (docs/fuzzing.md): any BIR. The property: every input becomes a
 * value (what it asks, or the result code refusing it), never an exception; a refusal always names
 * the offending AVP.
 */
class ZnDecodingFuzzTest {

  @FuzzTest
  void should_read_into_a_value_when_any_bir_arrives(byte[] data) {
    DiameterWire.decode(data)
        .ifPresent(
            m -> {
              ZnCodec.BirDecoded decoded = ZnCodec.decodeBir(m);
              assertThat(decoded).isNotNull();
              if (decoded instanceof ZnCodec.BirDecoded.Invalid invalid) {
                assertThat(invalid.failed()).isNotNull();
                assertThat(invalid.resultCode()).isIn(5001L, 5004L, 5005L, 5009L);
              }
            });
  }
}
