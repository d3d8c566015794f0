package org.gbabsf.server.config;

/**
 * How the text of a configuration value becomes a typed value, and back.
 *
 * <p>Implementations are stateless and immutable; the standard ones are made by {@link ValueTypes}.
 *
 * @param <T> the Java type the text is parsed into
 */
public interface ValueType<T> {

  /**
   * What a valid value looks like, phrased to follow "is not", e.g. {@code an integer in 1..65535}.
   * Used in error messages and in the configuration reference.
   */
  String expectation();

  /**
   * Parses a value's text, already stripped of surrounding white space.
   *
   * @throws IllegalArgumentException if the text is not {@link #expectation() what is expected}
   */
  T parse(String text);

  /** Renders a value in the syntax {@link #parse} accepts, for logs and documentation. */
  String format(T value);

  /**
   * Whether {@code bsf config} and the start-up log show this type's values as written (stripped)
   * rather than by {@link #format}: true for lists and maps, whose spacing the parsed value does
   * not keep.
   */
  default boolean shownAsWritten() {
    return false;
  }

  /**
   * A refusal whose message is the whole problem, phrased to follow the quoted value, e.g. {@code
   * must be origin-host=naf-group entries, comma-separated}. The types of lists and maps throw it;
   * for any other {@link IllegalArgumentException} the key says the value "is not" what it expects.
   */
  final class Refusal extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** A refusal with {@code problem} as its message. */
    public Refusal(String problem) {
      super(problem);
    }
  }
}
