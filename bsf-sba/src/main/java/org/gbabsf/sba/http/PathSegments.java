package org.gbabsf.sba.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A request path split into segments, each percent-decoded (RFC 3986 §2.1) after splitting, so that
 * an encoded {@code /} inside an IMPI stays inside its segment. Pure functions.
 */
public final class PathSegments {

  private PathSegments() {}

  /**
   * The raw path's segments, decoded; empty for a malformed escape, invalid UTF-8 or a character
   * that is not ASCII (RFC 3986 §2: those must be percent-encoded).
   */
  public static Optional<List<String>> decode(String rawPath) {
    List<String> out = new ArrayList<>();
    for (String raw : split(rawPath)) {
      Optional<String> d = decodeSegment(raw);
      if (d.isEmpty()) {
        return Optional.empty();
      }
      out.add(d.get());
    }
    return Optional.of(out);
  }

  /** Percent-encodes one segment: unreserved characters, sub-delims, ':' and '@' stay. */
  public static String encodeSegment(String segment) {
    StringBuilder b = new StringBuilder();
    for (byte x : segment.getBytes(StandardCharsets.UTF_8)) {
      int c = x & 0xff;
      if (c >= 'a' && c <= 'z'
          || c >= 'A' && c <= 'Z'
          || c >= '0' && c <= '9'
          || "-._~!$&'()*+,;=:@".indexOf(c) >= 0) {
        b.append((char) c);
      } else {
        b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
        b.append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
      }
    }
    return b.toString();
  }

  static List<String> split(String path) {
    List<String> out = new ArrayList<>();
    int start = path.startsWith("/") ? 1 : 0;
    for (int i = start; i <= path.length(); i++) {
      if (i == path.length() || path.charAt(i) == '/') {
        out.add(path.substring(start, i));
        start = i + 1;
      }
    }
    return out;
  }

  private static Optional<String> decodeSegment(String raw) {
    if (raw.indexOf('%') < 0 && raw.chars().allMatch(c -> c <= 0x7f)) {
      return Optional.of(raw);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c != '%') {
        if (c > 0x7f) {
          return Optional.empty();
        }
        bytes.write(c);
        continue;
      }
      if (i + 2 >= raw.length()) {
        return Optional.empty();
      }
      // HEXDIG is ASCII: Character.digit also takes other scripts' and full-width digits.
      int hi = raw.charAt(i + 1) > 0x7f ? -1 : Character.digit(raw.charAt(i + 1), 16);
      int lo = raw.charAt(i + 2) > 0x7f ? -1 : Character.digit(raw.charAt(i + 2), 16);
      if (hi < 0 || lo < 0) {
        return Optional.empty();
      }
      bytes.write(hi << 4 | lo);
      i += 2;
    }
    return Utf8.decode(bytes.toByteArray());
  }
}
