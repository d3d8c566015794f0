package org.gbabsf.diameter;

/**
 * The 20-byte message header of RFC 6733 §3, read without the AVPs: what the transport decides on
 * (which requests to answer itself, which answer is its own DWA) before anything parses a body. A
 * pure function of the bytes; nothing is checked but that there are 20 of them.
 *
 * @param version the Version octet (1 for RFC 6733)
 * @param length Message Length, the 24-bit field as received
 * @param flags the Command Flags octet
 * @param commandCode the 24-bit Command Code
 * @param applicationId Application-ID, unsigned
 * @param hopByHop Hop-by-Hop Identifier, unsigned
 * @param endToEnd End-to-End Identifier, unsigned
 */
public record DiameterHeader(
    int version,
    int length,
    int flags,
    int commandCode,
    long applicationId,
    long hopByHop,
    long endToEnd) {

  /** Length of the header in bytes. */
  public static final int LENGTH = 20;

  /** Command flag R, Request (§3). */
  public static final int FLAG_R = 0x80;

  /** Command flag P, Proxiable. */
  public static final int FLAG_P = 0x40;

  /** Command flag E, Error. */
  public static final int FLAG_E = 0x20;

  /** Command flag T, potentially reTransmitted. */
  public static final int FLAG_T = 0x10;

  /**
   * The header at the start of {@code message}.
   *
   * @throws IllegalArgumentException if {@code message} is shorter than {@link #LENGTH}: callers
   *     read framed messages, or check {@link #fits} first
   */
  public static DiameterHeader of(byte[] message) {
    if (!fits(message)) {
      throw new IllegalArgumentException("a Diameter header takes " + LENGTH + " bytes");
    }
    return new DiameterHeader(
        message[0] & 0xFF,
        (int) word(message, 0) & 0xFF_FFFF,
        message[4] & 0xFF,
        (int) word(message, 4) & 0xFF_FFFF,
        word(message, 8),
        word(message, 12),
        word(message, 16));
  }

  /** Whether {@code bytes} hold at least a whole header. */
  public static boolean fits(byte[] bytes) {
    return bytes.length >= LENGTH;
  }

  /** The R bit: a request. */
  public boolean request() {
    return (flags & FLAG_R) != 0;
  }

  /** The P bit. */
  public boolean proxiable() {
    return (flags & FLAG_P) != 0;
  }

  /** The E bit. */
  public boolean error() {
    return (flags & FLAG_E) != 0;
  }

  /** The T bit. */
  public boolean retransmitted() {
    return (flags & FLAG_T) != 0;
  }

  private static long word(byte[] b, int at) {
    return ((b[at] & 0xFFL) << 24)
        | ((b[at + 1] & 0xFFL) << 16)
        | ((b[at + 2] & 0xFFL) << 8)
        | (b[at + 3] & 0xFFL);
  }
}
