package org.gbabsf.http.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import org.gbabsf.http.codec.DigestHeader;
import org.gbabsf.http.codec.UbRequestDecoder;

/**
 * Fuzz targets of Ub's parsers (docs/fuzzing.md). Under {@code ./mvnw verify} each replays its
 * committed corpus ({@code UbDecodingFuzzTestInputs/<method>/}); with {@code JAZZER_FUZZ=1} it
 * fuzzes. The property: every input, however hostile, becomes a value, never an exception.
 */
class UbDecodingFuzzTest {

  @FuzzTest
  void should_parse_into_a_value_when_any_authorization_header_arrives(byte[] data) {
    String header = new String(data, java.nio.charset.StandardCharsets.ISO_8859_1);

    DigestHeader.Parsed parsed = DigestHeader.parse(header);

    assertThat(parsed).isNotNull();
    if (parsed instanceof DigestHeader.Parsed.Params p) {
      assertThat(p.values()).hasSizeLessThanOrEqualTo(DigestHeader.MAX_PARAMETERS);
    }
  }

  @FuzzTest
  void should_decode_into_a_value_when_any_bytes_arrive_on_ub(byte[] data) {
    EmbeddedChannel ch =
        new EmbeddedChannel(new HttpServerCodec(4096, 8192, 8192), new HttpObjectAggregator(16384));
    try {
      ch.writeInbound(Unpooled.wrappedBuffer(data));
      Object msg;
      while ((msg = ch.readInbound()) != null) {
        if (msg instanceof FullHttpRequest request) {
          try {
            assertThat(UbRequestDecoder.decode(request)).isNotNull();
          } finally {
            request.release();
          }
        }
      }
    } finally {
      ch.finishAndReleaseAll();
    }
  }
}
