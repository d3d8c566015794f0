package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.gbabsf.diameter.base.BaseAvps;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.impl.parser.MessageParser;
import org.junit.jupiter.api.Test;

/**
 * {@link StackMessages#toValue} on messages as jdiameter parses them off the wire: every AVP comes
 * back with the bytes the peer sent, whatever the stack did with it before.
 */
class StackMessagesTest {

  private static final Avp VSAI =
      Avp.grouped(
          BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID,
          0,
          true,
          Avp.u32(BaseAvps.VENDOR_ID, 0, true, 10415),
          Avp.u32(BaseAvps.AUTH_APPLICATION_ID, 0, true, 16777220));

  private static DiameterMessage bir(List<Avp> avps) {
    return new DiameterMessage(310, 16777220, true, true, false, false, 5, 6, avps);
  }

  private static IMessage parsed(DiameterMessage m) throws Exception {
    return new MessageParser().createMessage(ByteBuffer.wrap(DiameterWire.encode(m)));
  }

  @Test
  void should_copy_an_empty_avp_as_no_data_when_a_peer_sends_an_empty_session_id()
      throws Exception {
    DiameterMessage sent =
        bir(
            List.of(
                Avp.utf8(BaseAvps.SESSION_ID, 0, true, ""),
                Avp.octets(999, 0, false, new byte[0])));

    DiameterMessage value = StackMessages.toValue(parsed(sent));

    assertThat(value.avps()).isEqualTo(sent.avps());
    assertThat(value.avps()).allSatisfy(a -> assertThat(a.dataLength()).isZero());
  }

  @Test
  void should_print_nothing_when_a_peer_sends_empty_avps() throws Exception {
    IMessage stack =
        parsed(
            bir(
                List.of(
                    Avp.utf8(BaseAvps.SESSION_ID, 0, true, ""),
                    Avp.octets(999, 0, false, new byte[0]))));
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    PrintStream was = System.err;
    System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
    try {
      StackMessages.toValue(stack);
    } finally {
      System.setErr(was);
    }

    // jdiameter's getRawData printed a NullPointerException's stack trace per empty AVP.
    assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void should_copy_a_grouped_avps_bytes_when_the_stack_has_already_read_its_children()
      throws Exception {
    DiameterMessage sent = bir(List.of(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "naf;1;2"), VSAI));
    IMessage stack = parsed(sent);
    // As jdiameter's router does: the children are read, and the AVP's own bytes emptied.
    stack.getAvps().getAvp(BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID).getGrouped();

    assertThat(StackMessages.toValue(stack)).isEqualTo(sent);
  }

  @Test
  void should_copy_an_empty_grouped_avp_as_no_data_when_the_stack_has_read_it_as_grouped()
      throws Exception {
    DiameterMessage sent =
        bir(
            List.of(
                Avp.utf8(BaseAvps.SESSION_ID, 0, true, "naf;1;2"),
                Avp.grouped(BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID, 0, true)));
    IMessage stack = parsed(sent);
    stack.getAvps().getAvp(BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID).getGrouped();

    assertThat(StackMessages.toValue(stack)).isEqualTo(sent);
  }
}
