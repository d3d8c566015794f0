package org.gbabsf.server.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value types configuration keys are declared with: bounded integers, durations, booleans,
 * strings, fixed choices, host names and addresses, optional paths.
 *
 * <p>Every type receives the value's text already stripped of surrounding white space.
 */
public final class ValueTypes {

  /** The longest duration any key accepts, so that every duration fits in milliseconds. */
  static final Duration MAX_DURATION = Duration.ofDays(36_500);

  private static final Pattern SHORT_DURATION = Pattern.compile("(\\d{1,18})(ms|s|m|h|d)");
  private static final Pattern IPV4 =
      Pattern.compile(
          "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
  private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

  private ValueTypes() {}

  /** An integer in {@code min..max}, both included. */
  public static ValueType<Integer> integer(int min, int max) {
    if (min > max) {
      throw new IllegalArgumentException("empty range " + min + ".." + max);
    }
    String expectation = "an integer in " + min + ".." + max;
    return new SimpleType<>(expectation) {
      @Override
      public Integer parse(String text) {
        int value;
        try {
          value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(expectation, e);
        }
        if (value < min || value > max) {
          throw new IllegalArgumentException(expectation);
        }
        return value;
      }
    };
  }

  /**
   * A strictly positive duration: a whole number followed by {@code ms}, {@code s}, {@code m},
   * {@code h} or {@code d}, or an ISO-8601 duration such as {@code PT5M}.
   */
  public static ValueType<Duration> positiveDuration() {
    return new DurationType(false);
  }

  /** Like {@link #positiveDuration()} but zero ({@code 0ms}, {@code 0s}, ...) is allowed. */
  public static ValueType<Duration> nonNegativeDuration() {
    return new DurationType(true);
  }

  /** {@code true} or {@code false} (any case); nothing else, not even {@code yes} or {@code 1}. */
  public static ValueType<Boolean> bool() {
    return new SimpleType<>("true or false") {
      @Override
      public Boolean parse(String text) {
        if (text.equalsIgnoreCase("true")) {
          return true;
        }
        if (text.equalsIgnoreCase("false")) {
          return false;
        }
        throw new IllegalArgumentException(expectation());
      }
    };
  }

  /** Any text that is not empty (values are stripped, so not blank either). */
  public static ValueType<String> string() {
    return new SimpleType<>("a non-blank string") {
      @Override
      public String parse(String text) {
        if (text.isBlank()) {
          throw new IllegalArgumentException(expectation());
        }
        return text;
      }
    };
  }

  /** Any text, including the empty string. */
  public static ValueType<String> optionalString() {
    return new SimpleType<>("a string, possibly empty") {
      @Override
      public String parse(String text) {
        return text;
      }
    };
  }

  /**
   * One of a fixed set of lower-case words, compared ignoring case; the value is the word as
   * declared.
   */
  public static ValueType<String> oneOf(String... choices) {
    if (choices.length == 0) {
      throw new IllegalArgumentException("no choices");
    }
    List<String> allowed = List.of(choices);
    String expectation = "one of: " + String.join(", ", allowed);
    return new SimpleType<>(expectation) {
      @Override
      public String parse(String text) {
        for (String choice : allowed) {
          if (choice.equalsIgnoreCase(text)) {
            return choice;
          }
        }
        throw new IllegalArgumentException(expectation);
      }
    };
  }

  /**
   * A DNS host name (RFC 1123 labels of letters, digits and inner hyphens, at most 253 characters,
   * last label not all digits). Not resolved.
   */
  public static ValueType<String> hostname() {
    return new SimpleType<>("a hostname such as bsf.home1.net") {
      @Override
      public String parse(String text) {
        if (!HostNameRule.NOT_NUMERIC.accepts(text)) {
          throw new IllegalArgumentException(expectation());
        }
        return text;
      }
    };
  }

  /**
   * A host name (as {@link #hostname()}), a dotted IPv4 address or an IPv6 address (optionally in
   * brackets). Not resolved.
   */
  public static ValueType<String> hostOrAddress() {
    return new SimpleType<>("a hostname, IPv4 or IPv6 address such as 0.0.0.0 or ::") {
      @Override
      public String parse(String text) {
        if (!HostNameRule.NOT_NUMERIC.accepts(text)
            && !IPV4.matcher(text).matches()
            && ipv6Literal(text).isEmpty()) {
          throw new IllegalArgumentException(expectation());
        }
        return text;
      }
    };
  }

  /** A file system path, or the empty string for "none". Whether the file exists is not checked. */
  public static ValueType<Optional<Path>> optionalPath() {
    return new ValueType<>() {
      @Override
      public String expectation() {
        return "a file path, or empty";
      }

      @Override
      public Optional<Path> parse(String text) {
        // InvalidPathException is an IllegalArgumentException.
        return text.isEmpty() ? Optional.empty() : Optional.of(Path.of(text));
      }

      @Override
      public String format(Optional<Path> value) {
        return value.map(Path::toString).orElse("");
      }
    };
  }

  /**
   * Renders a duration in the short syntax using the largest unit that represents it exactly
   * ({@code 90s} rather than {@code 1m30s}, {@code 5m}, {@code 0ms}); falls back to ISO-8601 for
   * sub-millisecond precision or negative values.
   */
  public static String formatDuration(Duration duration) {
    if (duration.isNegative() || duration.getNano() % 1_000_000 != 0) {
      return duration.toString();
    }
    if (duration.isZero()) {
      return "0ms";
    }
    long millis = duration.toMillis();
    long[] units = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    String[] suffixes = {"d", "h", "m", "s", "ms"};
    for (int i = 0; i < units.length; i++) {
      if (millis % units[i] == 0) {
        return millis / units[i] + suffixes[i];
      }
    }
    throw new AssertionError("unreachable: every whole number of ms is a multiple of 1ms");
  }

  /** The address {@code text} is an IPv6 literal of (optionally in brackets), if it is one. */
  private static Optional<InetAddress> ipv6Literal(String text) {
    String bare =
        text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
    // Only hex digits, dots and at least one colon: InetAddress treats such text as a literal and
    // never consults DNS.
    if (!IPV6_CHARACTERS.matcher(bare).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(InetAddress.getByName(bare));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }

  private abstract static class SimpleType<T> implements ValueType<T> {
    private final String expectation;

    SimpleType(String expectation) {
      this.expectation = expectation;
    }

    @Override
    public String expectation() {
      return expectation;
    }

    @Override
    public String format(T value) {
      return String.valueOf(value);
    }
  }

  private static final class DurationType implements ValueType<Duration> {
    private final boolean zeroAllowed;

    DurationType(boolean zeroAllowed) {
      this.zeroAllowed = zeroAllowed;
    }

    @Override
    public String expectation() {
      return zeroAllowed
          ? "a duration of zero or more such as 0ms, 500ms, 2s, 5m, 1h, 1d or PT5M"
          : "a positive duration such as 500ms, 2s, 5m, 1h, 1d or PT5M";
    }

    @Override
    public Duration parse(String text) {
      Duration duration = parseAny(text);
      if (duration.isNegative()
          || (duration.isZero() && !zeroAllowed)
          || duration.compareTo(MAX_DURATION) > 0) {
        throw new IllegalArgumentException(expectation());
      }
      return duration;
    }

    private Duration parseAny(String text) {
      Matcher shortForm = SHORT_DURATION.matcher(text);
      try {
        if (shortForm.matches()) {
          long amount = Long.parseLong(shortForm.group(1));
          switch (shortForm.group(2)) {
            case "ms":
              return Duration.ofMillis(amount);
            case "s":
              return Duration.ofSeconds(amount);
            case "m":
              return Duration.ofMinutes(amount);
            case "h":
              return Duration.ofHours(amount);
            case "d":
              return Duration.ofDays(amount);
            default:
              throw new AssertionError("unit not in pattern: " + shortForm.group(2));
          }
        }
        if (text.toUpperCase(Locale.ROOT).startsWith("P")) {
          return Duration.parse(text);
        }
      } catch (ArithmeticException | DateTimeParseException e) {
        throw new IllegalArgumentException(expectation(), e);
      }
      throw new IllegalArgumentException(expectation());
    }

    @Override
    public String format(Duration value) {
      return formatDuration(value);
    }
  }
}
