package org.gbabsf.sba.json;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** TS 29.571 DateTime: RFC 3339 {@code date-time}, written in UTC to the second. */
public final class SbiTime {

  private SbiTime() {}

  /** {@code instant} as e.g. {@code 2026-11-25T08:00:00Z}. */
  public static String format(Instant instant) {
    return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.SECONDS));
  }

  /** Parses an RFC 3339 date-time with any offset; empty if it is not one. */
  public static Optional<Instant> parse(String text) {
    try {
      return Optional.of(
          OffsetDateTime.parse(text).withOffsetSameInstant(ZoneOffset.UTC).toInstant());
    } catch (DateTimeParseException notADateTime) {
      return Optional.empty();
    }
  }
}
