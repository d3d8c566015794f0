package org.gbabsf.loadtest;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations on the command line as {@code 500ms}, {@code 2s}, {@code 5m}, {@code 1h} or ISO-8601.
 */
final class DurationConverter implements ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    String v = value.strip();
    try {
      if (v.startsWith("P") || v.startsWith("p")) {
        return Duration.parse(v);
      }
      if (v.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
      }
      long n = Long.parseLong(v.substring(0, v.length() - 1));
      return switch (v.charAt(v.length() - 1)) {
        case 's' -> Duration.ofSeconds(n);
        case 'm' -> Duration.ofMinutes(n);
        case 'h' -> Duration.ofHours(n);
        case 'd' -> Duration.ofDays(n);
        default -> throw new TypeConversionException("'" + value + "' is not a duration");
      };
    } catch (NumberFormatException
        | java.time.format.DateTimeParseException
        | StringIndexOutOfBoundsException e) {
      throw new TypeConversionException("'" + value + "' is not a duration (500ms, 2s, 5m, 1h)");
    }
  }
}
