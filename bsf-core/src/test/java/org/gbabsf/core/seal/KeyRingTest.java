package org.gbabsf.core.seal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyRingTest {

  private static final String K1 = Base64.getEncoder().encodeToString(new byte[32]);
  private static final String K2 = Base64.getEncoder().encodeToString(filled(2));

  @Test
  void should_make_the_highest_id_active_when_no_active_line_is_given() {
    KeyRing ring = KeyRing.parse("# ring\n\n1=" + K1 + "\n2=" + K2 + "\n");

    assertThat(ring.ids()).containsExactly(1, 2);
    assertThat(ring.activeId()).isEqualTo(2);
  }

  @Test
  void should_keep_the_named_active_key_when_a_newer_one_is_only_distributed() {
    KeyRing ring = KeyRing.parse("1=" + K1 + "\r\n2=" + K2 + "\r\nactive=1\r\n");

    assertThat(ring.activeId()).isEqualTo(1);
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''                         | the key ring holds no key",
        "'# only a comment'         | the key ring holds no key",
        "'1'                        | line 1: expected <id>=<base64 key> or active=<id>",
        "'0=K1'                     | line 1: a key id is a number 1..2147483647",
        "'x=K1'                     | line 1: a key id is a number 1..2147483647",
        "'2147483648=K1'            | line 1: a key id is a number 1..2147483647",
        "'1=not base64!'            | line 1: key 1 is not base64",
        "'1=AAAA'                   | key 1 is 3 octets; a data key is 32 random octets (AES-256)",
        "'1=K1\n1=K2'               | line 2: key 1 is set twice",
        "'1=K1\nactive=2'           | active key 2 is not in the ring",
        "'1=K1\nactive=1\nactive=1' | line 3: active is set twice",
      })
  void should_refuse_a_ring_with_a_message_naming_no_key_when_it_is_malformed(
      String text, String problem) {
    String ring = text.replace("\\n", "\n").replace("K1", K1).replace("K2", K2);

    assertThatThrownBy(() -> KeyRing.parse(ring))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(problem)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(K1).doesNotContain(K2));
  }

  @Test
  void should_show_ids_only_when_printed() {
    KeyRing ring = KeyRing.parse("1=" + K1 + "\n2=" + K2);

    assertThat(ring.toString()).isEqualTo("KeyRing[ids=[1, 2], active=2]");
  }

  @Test
  void should_make_a_parseable_entry_when_asked_for_a_new_key() {
    String line = KeyRing.newEntry(9, new SecureRandom());

    assertThat(KeyRing.parse(line).ids()).containsExactly(9);
    assertThat(line).startsWith("9=").hasSize(2 + 44);
  }

  private static byte[] filled(int value) {
    byte[] b = new byte[32];
    java.util.Arrays.fill(b, (byte) value);
    return b;
  }
}
