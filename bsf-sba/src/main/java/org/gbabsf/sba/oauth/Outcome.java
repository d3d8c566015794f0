package org.gbabsf.sba.oauth;

/**
 * A step of token checking: a value, or the rejection that ends the check. Lets each step report
 * bad input as a value rather than an exception.
 *
 * @param <T> the value of a step that went through
 */
sealed interface Outcome<T> permits Outcome.Ok, Outcome.Failed {

  /** The step went through with {@code value}. */
  record Ok<T>(T value) implements Outcome<T> {}

  /** The step rejected the token. */
  record Failed<T>(TokenCheck.Rejected rejected) implements Outcome<T> {}

  static <T> Outcome<T> ok(T value) {
    return new Ok<>(value);
  }

  static <T> Outcome<T> failed(TokenCheck.Reason reason, String detail) {
    return new Failed<>(new TokenCheck.Rejected(reason, detail));
  }
}
