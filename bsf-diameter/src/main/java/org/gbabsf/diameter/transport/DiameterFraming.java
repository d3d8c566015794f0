package org.gbabsf.diameter.transport;

import java.util.Arrays;
import java.util.Set;
import org.gbabsf.diameter.DiameterHeader;

/**
 * The framing rules of RFC 6733 (§3 header, §4.1 AVP header and padding) as pure functions, checked
 * before any parser sees a message. jdiameter's own reader loops forever on a zero message length
 * and its AVP parser on a missing padding; nothing reaches it that these rules did not accept.
 *
 * <p>Grouped AVPs are checked recursively where the stack itself opens them ({@link
 * #GROUPED_BY_STACK}); the AVPs of applications are opened by our own codecs, which check them.
 */
public final class DiameterFraming {

  /** The default largest message accepted (64 KiB; a BIR or MAA is under 2 KiB). */
  public static final int DEFAULT_MAX_LENGTH = 64 * 1024;

  /**
   * Base grouped AVPs the stack opens itself: Vendor-Specific-Application-Id (260), Failed-AVP
   * (279), Proxy-Info (284), Experimental-Result (297). Their children are checked, and theirs,
   * four levels deep (the stack opens one).
   */
  static final Set<Integer> GROUPED_BY_STACK = Set.of(260, 279, 284, 297);

  private static final int VERSION = 1;
  private static final int AVP_FLAG_V = 0x80;
  private static final int MAX_DEPTH = 4;

  private DiameterFraming() {}

  /** What is wrong with a frame, and the result code that answers it (RFC 6733 §7.1.5). */
  public enum Violation {
    /** The version is not 1: DIAMETER_UNSUPPORTED_VERSION. */
    UNSUPPORTED_VERSION(5011),
    /** Length under 20, not a multiple of 4, or not filled exactly by whole AVPs. */
    INVALID_MESSAGE_LENGTH(5015),
    /** Over the configured maximum (answered as an invalid message length). */
    MESSAGE_TOO_LARGE(5015),
    /** An AVP whose length is under its header or runs past its container. */
    INVALID_AVP_LENGTH(5014);

    private final long resultCode;

    Violation(long resultCode) {
      this.resultCode = resultCode;
    }

    /** The Result-Code of the answer. */
    public long resultCode() {
      return resultCode;
    }

    /** The metric tag. */
    public String tag() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The outcome of a check: accepted, or refused with a violation. */
  public sealed interface Check permits Accepted, Refused {}

  /** Accepted; {@code length} is the message length the header announces. */
  public record Accepted(int length) implements Check {}

  /**
   * Refused. {@code failedAvp} is the offending AVP's bytes as received (header and data, at most
   * {@link #FAILED_AVP_MAX} bytes), for the Failed-AVP of a 5014 answer; empty otherwise.
   */
  public record Refused(Violation violation, byte[] failedAvp) implements Check {
    /** Copies the bytes. */
    public Refused {
      failedAvp = failedAvp.clone();
    }

    @Override
    public byte[] failedAvp() {
      return failedAvp.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Refused r
          && r.violation == violation
          && Arrays.equals(r.failedAvp, failedAvp);
    }

    @Override
    public int hashCode() {
      return violation.hashCode() * 31 + Arrays.hashCode(failedAvp);
    }

    @Override
    public String toString() {
      return "Refused[" + violation + ", failedAvp " + failedAvp.length + " bytes]";
    }
  }

  /** The most of an offending AVP copied into a Failed-AVP. */
  public static final int FAILED_AVP_MAX = 64;

  /**
   * Checks the first word of a header (version and message length) before the rest is read, so that
   * a frame announcing more than {@code maxLength} is refused without being buffered.
   */
  public static Check header(int firstWord, int maxLength) {
    if ((firstWord >>> 24) != VERSION) {
      return new Refused(Violation.UNSUPPORTED_VERSION, new byte[0]);
    }
    int length = firstWord & 0xFF_FFFF;
    if (length < DiameterHeader.LENGTH || (length & 3) != 0) {
      return new Refused(Violation.INVALID_MESSAGE_LENGTH, new byte[0]);
    }
    if (length > maxLength) {
      return new Refused(Violation.MESSAGE_TOO_LARGE, new byte[0]);
    }
    return new Accepted(length);
  }

  /**
   * Checks a whole message whose header passed {@link #header}: its AVPs, with their padding, fill
   * it exactly, and so do the children of the grouped AVPs the stack opens.
   */
  public static Check message(byte[] message) {
    Check avps = avps(message, DiameterHeader.LENGTH, message.length, 0);
    return avps instanceof Refused ? avps : new Accepted(message.length);
  }

  private static Check avps(byte[] m, int from, int to, int depth) {
    int at = from;
    while (at < to) {
      if (to - at < 8) {
        return new Refused(Violation.INVALID_MESSAGE_LENGTH, new byte[0]);
      }
      int code = readInt(m, at);
      int flags = m[at + 4] & 0xFF;
      int length = readInt(m, at + 4) & 0xFF_FFFF;
      int header = (flags & AVP_FLAG_V) != 0 ? 12 : 8;
      int padded = (length + 3) & ~3;
      if (length < header || padded > to - at) {
        return new Refused(
            Violation.INVALID_AVP_LENGTH,
            Arrays.copyOfRange(
                m, at, Math.min(to, at + Math.min(FAILED_AVP_MAX, Math.max(8, length)))));
      }
      // Whatever its V bit: jdiameter opens these codes ignoring the vendor (a vendor-flagged 297
      // whose children were not checked made its parser spin; found by DiameterFramingFuzzTest).
      if (depth < MAX_DEPTH && GROUPED_BY_STACK.contains(code)) {
        Check children = avps(m, at + header, at + length, depth + 1);
        if (children instanceof Refused r) {
          return r;
        }
      }
      at += padded;
    }
    return new Accepted(to - from);
  }

  private static int readInt(byte[] b, int at) {
    return ((b[at] & 0xFF) << 24)
        | ((b[at + 1] & 0xFF) << 16)
        | ((b[at + 2] & 0xFF) << 8)
        | (b[at + 3] & 0xFF);
  }
}
