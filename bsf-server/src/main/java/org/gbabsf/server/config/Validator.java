package org.gbabsf.server.config;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A constraint on a parsed value beyond what its {@link ValueType} checks, e.g. "at most 30m".
 *
 * @param <T> the type of the values it checks
 */
public interface Validator<T> {

  /**
   * The constraint as a short phrase for the configuration reference, e.g. {@code at most 30m}.
   * Empty for {@link #none()}.
   */
  String description();

  /**
   * Checks a value.
   *
   * @return empty if the value is acceptable, otherwise the problem phrased to follow the quoted
   *     value in an error message, e.g. {@code must be at most 30m}
   */
  Optional<String> check(T value);

  /** A validator that accepts everything. */
  static <T> Validator<T> none() {
    return of("", value -> true, "");
  }

  /**
   * A validator from a predicate.
   *
   * @param description the constraint, for the reference (e.g. {@code at most 30m})
   * @param acceptable true for acceptable values
   * @param problem the problem for unacceptable values (e.g. {@code must be at most 30m})
   */
  static <T> Validator<T> of(String description, Predicate<T> acceptable, String problem) {
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(acceptable, "acceptable");
    Objects.requireNonNull(problem, "problem");
    return new Validator<>() {
      @Override
      public String description() {
        return description;
      }

      @Override
      public Optional<String> check(T value) {
        return acceptable.test(value) ? Optional.empty() : Optional.of(problem);
      }
    };
  }

  /** A validator that applies this one, then (if it passed) {@code next}. */
  default Validator<T> and(Validator<T> next) {
    Validator<T> first = this;
    String combined =
        first.description().isEmpty()
            ? next.description()
            : next.description().isEmpty()
                ? first.description()
                : first.description() + ", " + next.description();
    return new Validator<>() {
      @Override
      public String description() {
        return combined;
      }

      @Override
      public Optional<String> check(T value) {
        Optional<String> problem = first.check(value);
        return problem.isPresent() ? problem : next.check(value);
      }
    };
  }
}
