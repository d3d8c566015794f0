package org.gbabsf.http.codec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parser and writer of HTTP authentication parameters (RFC 7235 §2.1, RFC 2617 §3.2): {@code
 * Authorization: Digest …}, {@code WWW-Authenticate: Digest …} and {@code Authentication-Info: …}.
 * A pure function of its input.
 *
 * <p>Accepted, deliberately liberal where it is safe (docs/ub-conformance.md):
 *
 * <ul>
 *   <li>the scheme in any case; parameter names in any case (returned lower-cased);
 *   <li>spaces and tabs around {@code =} and {@code ,}; empty list elements ({@code a=1,,b=2});
 *   <li>quoted-string values with backslash escapes (commas and escaped quotes inside);
 *   <li>unquoted values that run to the next comma or whitespace, including {@code = / +} as found
 *       in base64 nonces written without quotes.
 * </ul>
 *
 * Rejected: another scheme, a parameter without {@code =}, an unterminated quoted string, text
 * after a value other than a comma, duplicate parameter names, control characters, more than
 * {@value #MAX_PARAMETERS} parameters.
 */
public final class DigestHeader {

  /** The scheme of RFC 2617. */
  public static final String SCHEME = "Digest";

  /** Most parameters accepted in one header. */
  public static final int MAX_PARAMETERS = 32;

  /** The outcome of parsing, as a value. */
  public sealed interface Parsed {

    /**
     * Parameters by lower-cased name, in order of appearance, values unquoted.
     *
     * @param values the parameters
     */
    record Params(Map<String, String> values) implements Parsed {
      /** Copies into an unmodifiable map that keeps the order. */
      public Params {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
      }

      /** The value of {@code name} (lower case), or null. */
      public String get(String name) {
        return values.get(name);
      }
    }

    /**
     * Why the header could not be parsed.
     *
     * @param reason a short explanation, safe to send back
     */
    record Malformed(String reason) implements Parsed {}
  }

  private DigestHeader() {}

  /** Parses {@code Digest p1=v1, p2="v2"}; the scheme must be Digest. */
  public static Parsed parse(String header) {
    if (header == null) {
      return new Parsed.Malformed("no header");
    }
    int i = skipWhitespace(header, 0);
    int schemeEnd = i;
    while (schemeEnd < header.length() && isTokenChar(header.charAt(schemeEnd))) {
      schemeEnd++;
    }
    if (!header.substring(i, schemeEnd).equalsIgnoreCase(SCHEME)) {
      return new Parsed.Malformed("scheme must be Digest");
    }
    if (schemeEnd < header.length() && !isWhitespace(header.charAt(schemeEnd))) {
      return new Parsed.Malformed("space expected after Digest");
    }
    return parseParameters(header, schemeEnd);
  }

  /** Parses a bare parameter list such as {@code Authentication-Info} (RFC 2617 §3.2.3). */
  public static Parsed parseParameters(String text) {
    if (text == null) {
      return new Parsed.Malformed("no header");
    }
    return parseParameters(text, 0);
  }

  private static Parsed parseParameters(String s, int start) {
    Map<String, String> out = new LinkedHashMap<>();
    int i = start;
    int n = s.length();
    while (true) {
      while (i < n && (isWhitespace(s.charAt(i)) || s.charAt(i) == ',')) {
        i++;
      }
      if (i >= n) {
        return new Parsed.Params(out);
      }
      int nameStart = i;
      while (i < n && isTokenChar(s.charAt(i))) {
        i++;
      }
      if (i == nameStart) {
        return new Parsed.Malformed("parameter name expected at offset " + i);
      }
      String name = s.substring(nameStart, i).toLowerCase(Locale.ROOT);
      i = skipWhitespace(s, i);
      if (i >= n || s.charAt(i) != '=') {
        return new Parsed.Malformed("'=' expected after " + echo(name));
      }
      i = skipWhitespace(s, i + 1);
      StringBuilder value = new StringBuilder();
      if (i < n && s.charAt(i) == '"') {
        i++;
        boolean closed = false;
        while (i < n) {
          char c = s.charAt(i);
          if (c == '\\') {
            if (i + 1 >= n) {
              break;
            }
            // RFC 7230 §3.2.6: quoted-pair escapes HTAB, SP, VCHAR or obs-text, never a control.
            if (isControl(s.charAt(i + 1))) {
              return new Parsed.Malformed("control character in " + echo(name));
            }
            value.append(s.charAt(i + 1));
            i += 2;
          } else if (c == '"') {
            closed = true;
            i++;
            break;
          } else if (isControl(c)) {
            return new Parsed.Malformed("control character in " + echo(name));
          } else {
            value.append(c);
            i++;
          }
        }
        if (!closed) {
          return new Parsed.Malformed("unterminated quoted string in " + echo(name));
        }
      } else {
        while (i < n && s.charAt(i) != ',' && !isWhitespace(s.charAt(i))) {
          char c = s.charAt(i);
          if (isControl(c) || c == '"') {
            return new Parsed.Malformed("bad character in " + echo(name));
          }
          value.append(c);
          i++;
        }
      }
      if (out.containsKey(name)) {
        return new Parsed.Malformed("duplicate parameter " + echo(name));
      }
      if (out.size() == MAX_PARAMETERS) {
        return new Parsed.Malformed("too many parameters");
      }
      out.put(name, value.toString());
      i = skipWhitespace(s, i);
      if (i < n && s.charAt(i) != ',') {
        return new Parsed.Malformed("',' expected after " + echo(name));
      }
    }
  }

  /** The most of a parameter name a refusal repeats back to the sender. */
  static final int ECHO_MAX = 24;

  /** A name from the input, cut to {@link #ECHO_MAX} characters for a refusal's text. */
  private static String echo(String name) {
    return name.length() <= ECHO_MAX ? name : name.substring(0, ECHO_MAX) + "…";
  }

  /** Starts a header value; {@code scheme} may be empty for Authentication-Info. */
  public static Writer writer(String scheme) {
    return new Writer(scheme);
  }

  /** Builds a header value with parameters in the order added. */
  public static final class Writer {
    private final StringBuilder out = new StringBuilder(192);
    private boolean first = true;

    private Writer(String scheme) {
      if (!scheme.isEmpty()) {
        out.append(scheme).append(' ');
      }
    }

    /** Adds {@code name="value"}, escaping quotes and backslashes. */
    public Writer quoted(String name, String value) {
      separator();
      out.append(name).append("=\"");
      for (int i = 0; i < value.length(); i++) {
        char c = value.charAt(i);
        if (c == '"' || c == '\\') {
          out.append('\\');
        }
        out.append(c);
      }
      out.append('"');
      return this;
    }

    /** Adds {@code name=token}; the value must be a token (e.g. algorithm, nc). */
    public Writer token(String name, String value) {
      separator();
      out.append(name).append('=').append(value);
      return this;
    }

    private void separator() {
      if (!first) {
        out.append(", ");
      }
      first = false;
    }

    @Override
    public String toString() {
      return out.toString();
    }
  }

  private static int skipWhitespace(String s, int i) {
    while (i < s.length() && isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isWhitespace(char c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isControl(char c) {
    return (c < 0x20 && c != '\t') || c == 0x7f;
  }

  /** RFC 7230 §3.2.6 tchar. */
  private static boolean isTokenChar(char c) {
    if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
      return true;
    }
    return "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
  }
}
