package org.gbabsf.sba.oauth;

/**
 * Shows a value taken from a token (a {@code kid}, an {@code alg}, an audience) in a detail string:
 * quoted, cut short, anything but printable ASCII replaced, so that a log line cannot be forged or
 * flooded through it.
 */
final class Printable {

  /** The most characters of a value shown. */
  static final int MAX = 64;

  private Printable() {}

  /**
   * {@code "value"}, cut to {@value #MAX} characters, non-printable ones, quotes and {@code \} as
   * ?.
   */
  static String quoted(String value) {
    StringBuilder b = new StringBuilder(MAX + 6).append('"');
    int n = Math.min(value.length(), MAX);
    for (int i = 0; i < n; i++) {
      char c = value.charAt(i);
      b.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? c : '?');
    }
    if (value.length() > MAX) {
      b.append("...");
    }
    return b.append('"').toString();
  }
}
