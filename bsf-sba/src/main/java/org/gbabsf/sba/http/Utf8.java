package org.gbabsf.sba.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Octets read as UTF-8, strictly: a sequence that is not UTF-8 gives nothing, never U+FFFD. */
public final class Utf8 {

  private Utf8() {}

  /** {@code octets} as UTF-8 text; empty for any byte sequence that is not UTF-8. */
  public static Optional<String> decode(byte[] octets) {
    try {
      return Optional.of(
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(octets))
              .toString());
    } catch (CharacterCodingException notUtf8) {
      return Optional.empty();
    }
  }
}
