package org.gbabsf.sba.http;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.ProblemJson;

/**
 * One SBI answer as a value: status, headers, body. The server adds {@code content-length}.
 *
 * @param status the HTTP status
 * @param headers response headers by lower-case name ({@code content-type} among them)
 * @param body the body (empty for none)
 */
public record SbiResponse(int status, Map<String, String> headers, byte[] body) {

  /** JSON media type (TS 29.500 §5.4). */
  public static final String JSON = "application/json";

  /** ProblemDetails media type (RFC 7807, TS 29.500 §5.2.7). */
  public static final String PROBLEM_JSON = "application/problem+json";

  /** Copies the map and the body. */
  public SbiResponse {
    headers = Map.copyOf(headers);
    body = body.clone();
  }

  /** A JSON answer. */
  public static SbiResponse json(int status, byte[] json) {
    return new SbiResponse(status, Map.of("content-type", JSON), json);
  }

  /** A ProblemDetails answer with the problem's status. */
  public static SbiResponse problem(Problem problem) {
    return new SbiResponse(
        problem.status(), Map.of("content-type", PROBLEM_JSON), ProblemJson.encode(problem));
  }

  /** An answer without a body. */
  public static SbiResponse empty(int status) {
    return new SbiResponse(status, Map.of(), new byte[0]);
  }

  /** This answer with one more header. */
  public SbiResponse withHeader(String lowerCaseName, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(lowerCaseName, value);
    return new SbiResponse(status, h, body);
  }

  @Override
  public byte[] body() {
    return body.clone();
  }

  /** The body length, without copying it. */
  public int bodyLength() {
    return body.length;
  }

  @Override
  public String toString() {
    return "SbiResponse[" + status + ", " + body.length + " bytes]";
  }
}
