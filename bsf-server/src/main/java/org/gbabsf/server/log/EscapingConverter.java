package org.gbabsf.server.log;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.pattern.CompositeConverter;

/**
 * {@code %escape(...)} in a logback pattern: the enclosed text with every control character written
 * as an escape, so that one log event stays one line whatever a peer put into it. Peers reach the
 * logs through strings the BSF does not write itself: a Destination-Realm that jdiameter quotes in
 * its own WARN, a NAF's Origin-Host in the name of the thread that serves it. A line feed in such a
 * string would forge a second log line (OWASP: log injection); an ESC could drive the terminal of
 * whoever reads the log.
 *
 * <p>Escaped: C0 controls and DEL ({@code \n}, {@code \r}, {@code \t} by name, the rest as {@code
 * \}{@code u00XX}), C1 controls (U+0080 to U+009F, NEL among them) and the Unicode line and
 * paragraph separators. A backslash is left alone: the escapes are for a reader, not a parser.
 */
public final class EscapingConverter extends CompositeConverter<ILoggingEvent> {

  @Override
  protected String transform(ILoggingEvent event, String in) {
    return escape(in);
  }

  /** {@code in} with its control characters escaped; {@code in} itself if it has none. */
  public static String escape(String in) {
    int first = firstControl(in);
    if (first < 0) {
      return in;
    }
    StringBuilder out = new StringBuilder(in.length() + 16).append(in, 0, first);
    for (int i = first; i < in.length(); i++) {
      char c = in.charAt(i);
      if (!control(c)) {
        out.append(c);
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c == '\t') {
        out.append("\\t");
      } else {
        out.append(String.format("\\u%04x", (int) c));
      }
    }
    return out.toString();
  }

  private static int firstControl(String in) {
    for (int i = 0; i < in.length(); i++) {
      if (control(in.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  private static boolean control(char c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029';
  }
}
