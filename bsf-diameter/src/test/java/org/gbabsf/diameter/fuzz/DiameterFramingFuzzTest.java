package org.gbabsf.diameter.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.transport.DiameterFraming;
import org.jdiameter.api.AvpDataException;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.impl.parser.MessageParser;

/**
 * Fuzz target of the Diameter wire decoding (docs/fuzzing.md): any byte stream, cut as the
 * transport cuts it. The properties: the framing rules never throw; every message they accept is
 * one our own codec reads; and jdiameter's parser, which loops forever on some malformed frames,
 * reads every accepted message and the grouped AVPs the stack opens without hanging (a hang is a
 * Jazzer timeout) or failing other than with its checked exception.
 */
class DiameterFramingFuzzTest {

  private static final MessageParser JDIAMETER = new MessageParser();

  @FuzzTest
  void should_pass_only_well_framed_messages_when_any_bytes_arrive(byte[] data) {
    EmbeddedChannel ch = FramesForFuzzing.decoder();
    ch.writeInbound(Unpooled.wrappedBuffer(data));
    Object out;
    while ((out = ch.readInbound()) != null) {
      if (out instanceof byte[] message) {
        assertThat(DiameterFraming.message(message)).isInstanceOf(DiameterFraming.Accepted.class);
        assertThat(DiameterWire.decode(message)).isPresent();
        readWithJdiameter(message);
      }
    }
    ch.finishAndReleaseAll();
  }

  private static void readWithJdiameter(byte[] message) {
    try {
      IMessage m = JDIAMETER.createMessage(message);
      for (org.jdiameter.api.Avp a : m.getAvps()) {
        if (a.getCode() == 260 || a.getCode() == 279 || a.getCode() == 297) {
          a.getGrouped();
        }
      }
    } catch (AvpDataException refused) {
      // a content error the stack reports as such: fine, the transport closes the connection
    }
  }
}
