package org.gbabsf.server.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a configuration value came from: the default, a line of the config file, an environment
 * variable or an explicit override (the CLI's {@code --set key=value}).
 *
 * @param kind the kind of source
 * @param detail the file and line, or the variable name, or the override; empty for defaults
 */
public record ConfigSource(Kind kind, String detail) {

  /** The kinds of sources, from lowest to highest precedence. */
  public enum Kind {
    /** The key's declared default. */
    DEFAULT,
    /** The YAML config file. */
    FILE,
    /** An environment variable {@code BSF_...}. */
    ENV,
    /** An explicit override such as the CLI's {@code --set key=value}. */
    OVERRIDE
  }

  /** Validates the components. */
  public ConfigSource {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(detail, "detail");
  }

  /** The key's default. */
  public static ConfigSource ofDefault() {
    return new ConfigSource(Kind.DEFAULT, "");
  }

  /** A line of the config file. */
  public static ConfigSource ofFile(Path file, int line) {
    return new ConfigSource(Kind.FILE, file + (line > 0 ? ":" + line : ""));
  }

  /** An environment variable. */
  public static ConfigSource ofEnv(String variable) {
    return new ConfigSource(Kind.ENV, variable);
  }

  /** An explicit override of the named key. */
  public static ConfigSource ofOverride(String key) {
    return new ConfigSource(Kind.OVERRIDE, key);
  }

  /**
   * A short human description: {@code default}, {@code file /etc/bsf.yaml:12}, {@code env
   * BSF_UB_PORT} or {@code override --set ub.port}.
   */
  @Override
  public String toString() {
    return switch (kind) {
      case DEFAULT -> "default";
      case FILE -> "file " + detail;
      case ENV -> "env " + detail;
      case OVERRIDE -> "override --set " + detail;
    };
  }
}
