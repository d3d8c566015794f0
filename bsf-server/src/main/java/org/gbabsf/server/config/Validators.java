package org.gbabsf.server.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** Common {@link Validator}s for configuration keys. */
public final class Validators {

  private Validators() {}

  /** Durations of at least {@code min}. */
  public static Validator<Duration> atLeast(Duration min) {
    String bound = ValueTypes.formatDuration(min);
    return Validator.of(
        "at least " + bound, value -> value.compareTo(min) >= 0, "must be at least " + bound);
  }

  /** Durations of at most {@code max}. */
  public static Validator<Duration> atMost(Duration max) {
    String bound = ValueTypes.formatDuration(max);
    return Validator.of(
        "at most " + bound, value -> value.compareTo(max) <= 0, "must be at most " + bound);
  }

  /** Durations that are a whole number of seconds. */
  public static Validator<Duration> wholeSeconds() {
    return Validator.of(
        "whole seconds", value -> value.getNano() == 0, "must be a whole number of seconds");
  }

  /** Absent paths, or paths naming a regular file this process can read. */
  public static Validator<Optional<Path>> readableFileIfPresent() {
    return Validator.of(
        "if set, a readable file",
        value ->
            value.map(path -> Files.isRegularFile(path) && Files.isReadable(path)).orElse(true),
        "is not a readable file (" + ConfigException.UNREADABLE + ")");
  }
}
