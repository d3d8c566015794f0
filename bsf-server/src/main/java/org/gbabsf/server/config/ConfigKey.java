package org.gbabsf.server.config;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One configuration key: its dotted name (e.g. {@code ub.port}), its {@link ValueType}, its
 * default, a one-line description, a {@link Validator} and whether its value is secret.
 *
 * <p>Instances are immutable; the {@code with...} methods return modified copies. The default is
 * parsed and validated when the key is made, so a key with a bad default cannot exist. All the
 * BSF's keys are declared in {@link BsfConfigKeys}.
 *
 * @param <T> the type of the key's value
 */
public final class ConfigKey<T> {

  /** The environment variable prefix: {@code ub.max-in-flight} is {@code BSF_UB_MAX_IN_FLIGHT}. */
  public static final String ENV_PREFIX = "BSF_";

  /** What secret values are shown as in logs and error messages. */
  public static final String MASK = "****";

  private static final Pattern NAME =
      Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*(\\.[a-z][a-z0-9]*(-[a-z0-9]+)*)+");

  private final String name;
  private final ValueType<T> type;
  private final String defaultText;
  private final T defaultValue;
  private final String description;
  private final Validator<T> validator;
  private final boolean secret;

  private ConfigKey(
      String name,
      ValueType<T> type,
      String defaultText,
      String description,
      Validator<T> validator,
      boolean secret) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.defaultText = Objects.requireNonNull(defaultText, "defaultText");
    this.description = Objects.requireNonNull(description, "description");
    this.validator = Objects.requireNonNull(validator, "validator");
    this.secret = secret;
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "key name must be dotted lower-case words with inner dashes, like ub.max-in-flight: "
              + name);
    }
    if (description.isBlank() || description.contains("\n")) {
      throw new IllegalArgumentException(name + ": description must be one non-blank line");
    }
    try {
      this.defaultValue = type.parse(defaultText.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          name + ": default \"" + defaultText + "\" is not " + type.expectation(), e);
    }
    Optional<String> problem = validator.check(defaultValue);
    if (problem.isPresent()) {
      throw new IllegalArgumentException(
          name + ": default \"" + defaultText + "\" " + problem.get());
    }
  }

  /**
   * Makes a key without extra validation that is not secret.
   *
   * @param name dotted lower-case name, e.g. {@code ub.max-in-flight}
   * @param type how values are parsed
   * @param defaultText the default, in the syntax {@code type} parses
   * @param description one line for the reference documentation
   * @throws IllegalArgumentException if the name is malformed or the default does not parse
   */
  public static <T> ConfigKey<T> of(
      String name, ValueType<T> type, String defaultText, String description) {
    return new ConfigKey<>(name, type, defaultText, description, Validator.none(), false);
  }

  /** A copy of this key whose values must also pass {@code extra}. */
  public ConfigKey<T> withValidator(Validator<T> extra) {
    return new ConfigKey<>(name, type, defaultText, description, validator.and(extra), secret);
  }

  /** A copy of this key whose values are masked in logs and error messages. */
  public ConfigKey<T> asSecret() {
    return new ConfigKey<>(name, type, defaultText, description, validator, true);
  }

  /** The dotted name, e.g. {@code ub.max-in-flight}. */
  public String name() {
    return name;
  }

  /** The environment variable that sets this key, e.g. {@code BSF_UB_MAX_IN_FLIGHT}. */
  public String envVar() {
    return envVarFor(name);
  }

  /** The value type. */
  public ValueType<T> type() {
    return type;
  }

  /** The default as written in documentation and the example file. */
  public String defaultText() {
    return defaultText;
  }

  /** The parsed default. */
  public T defaultValue() {
    return defaultValue;
  }

  /** One line describing the key. */
  public String description() {
    return description;
  }

  /** The extra validation beyond the type. */
  public Validator<T> validator() {
    return validator;
  }

  /** Whether the value is masked in logs and error messages. */
  public boolean secret() {
    return secret;
  }

  /**
   * What values are accepted, as one phrase: the type's expectation plus any validator constraint,
   * e.g. {@code a positive duration such as ...; at most 30m}.
   */
  public String expectation() {
    String constraint = validator.description();
    return constraint.isEmpty() ? type.expectation() : type.expectation() + "; " + constraint;
  }

  /**
   * Parses and validates a value's text.
   *
   * @param text the value as given; surrounding white space is ignored
   * @return the value, or the problem phrased to follow the quoted value (e.g. {@code is not an
   *     integer in 1..65535})
   */
  Parsed<T> parse(String text) {
    T value;
    try {
      value = type.parse(text.strip());
    } catch (ValueType.Refusal e) {
      return Parsed.problem(e.getMessage());
    } catch (IllegalArgumentException e) {
      return Parsed.problem("is not " + expectation());
    }
    Optional<String> problem = validator.check(value);
    return problem.isPresent() ? Parsed.problem(problem.get()) : Parsed.value(value);
  }

  /** Renders a value of this key for logs: formatted by the type, masked if secret. */
  String display(T value) {
    return secret ? MASK : type.format(value);
  }

  /** Renders a value's raw text for logs: masked if secret. */
  String displayRaw(String text) {
    return secret ? MASK : text;
  }

  /** Renders a value's raw text for error messages: quoted, masked if secret. */
  String quoteRaw(String text) {
    return "\"" + displayRaw(text) + "\"";
  }

  /** The environment variable name for a dotted key name. */
  static String envVarFor(String dottedName) {
    return ENV_PREFIX + dottedName.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return name;
  }

  /** The outcome of {@link #parse}: a value or a problem. */
  static final class Parsed<T> {
    private final T value;
    private final String problem;

    private Parsed(T value, String problem) {
      this.value = value;
      this.problem = problem;
    }

    static <T> Parsed<T> value(T value) {
      return new Parsed<>(value, null);
    }

    static <T> Parsed<T> problem(String problem) {
      return new Parsed<>(null, problem);
    }

    boolean ok() {
      return problem == null;
    }

    T value() {
      if (problem != null) {
        throw new IllegalStateException("no value: " + problem);
      }
      return value;
    }

    String problem() {
      if (problem == null) {
        throw new IllegalStateException("no problem");
      }
      return problem;
    }
  }
}
