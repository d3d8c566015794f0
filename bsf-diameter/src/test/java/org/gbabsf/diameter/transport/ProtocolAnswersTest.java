package org.gbabsf.diameter.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.junit.jupiter.api.Test;

/** Answers the transport builds itself (RFC 6733 §6.2, §7.1.3, §7.1.5). */
class ProtocolAnswersTest {

  private static final DiameterMessage BIR =
      new DiameterMessage(
          310,
          16777220,
          true,
          true,
          false,
          false,
          0xAAAA,
          0xBBBB,
          List.of(
              Avp.utf8(BaseAvps.SESSION_ID, 0, true, "naf;1;2"),
              Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "naf.example")));

  @Test
  void should_keep_command_application_identifiers_and_session_when_answering_3001() {
    DiameterMessage a =
        decode(
            ProtocolAnswers.answer(DiameterWire.encode(BIR), true, 3001, new byte[0], "bsf", "r"));

    assertThat(a.request()).isFalse();
    assertThat(a.error()).isTrue();
    assertThat(a.proxiable()).isTrue();
    assertThat(a.commandCode()).isEqualTo(310);
    assertThat(a.applicationId()).isEqualTo(16777220);
    assertThat(a.hopByHop()).isEqualTo(0xAAAA);
    assertThat(a.endToEnd()).isEqualTo(0xBBBB);
    assertThat(a.first(BaseAvps.SESSION_ID, 0).map(Avp::utf8)).contains("naf;1;2");
    assertThat(BaseMessages.resultCode(a).map(r -> r.code())).contains(3001L);
    assertThat(a.first(BaseAvps.ORIGIN_HOST, 0).map(Avp::utf8)).contains("bsf");
  }

  @Test
  void should_trust_only_the_header_and_clear_the_e_bit_when_answering_5015() {
    byte[] header = java.util.Arrays.copyOf(DiameterWire.encode(BIR), 20);

    DiameterMessage a = decode(ProtocolAnswers.answer(header, false, 5015, new byte[0], "b", "r"));

    assertThat(a.error()).isFalse();
    assertThat(a.first(BaseAvps.SESSION_ID, 0)).isEmpty();
    assertThat(BaseMessages.resultCode(a).map(r -> r.code())).contains(5015L);
  }

  @Test
  void should_carry_the_failed_avp_when_answering_5014() {
    byte[] offending = {0, 0, 0, 1, 0x40, 0, 1, 0};

    DiameterMessage a =
        decode(ProtocolAnswers.answer(DiameterWire.encode(BIR), false, 5014, offending, "b", "r"));

    assertThat(a.first(BaseAvps.FAILED_AVP, 0).map(Avp::octets)).contains(offending);
  }

  @Test
  void should_not_answer_when_the_message_is_an_answer_or_shorter_than_a_header() {
    byte[] answer = DiameterWire.encode(DiameterMessage.answerTo(BIR, false, List.of()));

    assertThat(ProtocolAnswers.answer(answer, true, 3001, new byte[0], "b", "r")).isEmpty();
    assertThat(ProtocolAnswers.answer(new byte[19], false, 5015, new byte[0], "b", "r")).isEmpty();
  }

  private static DiameterMessage decode(java.util.Optional<byte[]> bytes) {
    return DiameterWire.decode(bytes.orElseThrow()).orElseThrow();
  }
}
