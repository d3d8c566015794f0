package org.gbabsf.sba.problem;

import java.util.List;
import java.util.Optional;

/**
 * A ProblemDetails (TS 29.571 §5.2.4.1, RFC 7807) as a value: what an SBI answer says when it is
 * not a success. {@code cause} is the machine-readable application error of TS 29.500 Table
 * 5.2.7.2-1 or of the API's own specification.
 *
 * @param status the HTTP status
 * @param title a short human-readable summary
 * @param cause the application error cause, if any
 * @param detail a human-readable explanation of this occurrence, free of key material
 * @param invalidParams the request's offending attributes (400)
 */
public record Problem(
    int status,
    String title,
    Optional<String> cause,
    Optional<String> detail,
    List<InvalidParam> invalidParams) {

  /**
   * One invalid attribute (TS 29.571 §5.2.4.2).
   *
   * @param param the attribute, as a JSON pointer (RFC 6901) into the request body, or the name of
   *     a header or path parameter
   * @param reason why it is invalid
   */
  public record InvalidParam(String param, String reason) {}

  /** Copies the list. */
  public Problem {
    invalidParams = List.copyOf(invalidParams);
  }

  /** A problem with a cause and a detail. */
  public static Problem of(int status, String title, String cause, String detail) {
    return new Problem(status, title, Optional.of(cause), Optional.of(detail), List.of());
  }

  /** This problem naming {@code params}. */
  public Problem withInvalidParams(List<InvalidParam> params) {
    return new Problem(status, title, cause, detail, params);
  }
}
