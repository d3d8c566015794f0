package org.gbabsf.core.crypto;

import java.util.HexFormat;

/**
 * Base16 encoding as in RFC 4648 §8, lower case on output, as used for the test data of TS 35.208
 * and for the LHEX digests of RFC 2617 §3.1.3.
 */
public final class Hex {

  private static final HexFormat HEX = HexFormat.of();

  private Hex() {}

  /**
   * Encodes bytes as lower-case hexadecimal (RFC 4648 §8; RFC 2617 §3.1.3 LHEX).
   *
   * @param bytes the bytes to encode
   * @return two lower-case hex digits per byte
   */
  public static String encode(byte[] bytes) {
    return HEX.formatHex(bytes);
  }

  /**
   * Decodes hexadecimal (RFC 4648 §8), accepting upper and lower case.
   *
   * @param hex an even number of ASCII hex digits
   * @return the decoded bytes
   * @throws IllegalArgumentException if the length is odd or a character is not a hex digit
   */
  public static byte[] decode(String hex) {
    return HEX.parseHex(hex);
  }
}
