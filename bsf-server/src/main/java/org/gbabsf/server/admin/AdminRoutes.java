package org.gbabsf.server.admin;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The admin endpoints as a pure function of the request path: {@code /metrics} (Prometheus text
 * format; behind a bearer token when one is configured), {@code /health} (the process answers) and
 * {@code /ready} (every dependency is up; 503 otherwise, with the state of each, then the {@link
 * Readiness#note notes} as lines starting with {@code #}, which do not count). The Netty adapter
 * only moves bytes.
 */
public final class AdminRoutes {

  /**
   * An answer.
   *
   * @param status HTTP status
   * @param contentType its Content-Type
   * @param body its body
   * @param challenge the WWW-Authenticate of a 401, else empty
   */
  public record Answer(int status, String contentType, byte[] body, String challenge) {
    /** An answer without a challenge. */
    public Answer(int status, String contentType, byte[] body) {
      this(status, contentType, body, "");
    }
  }

  private static final String TEXT = "text/plain; charset=utf-8";
  private static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";

  private final Supplier<String> metrics;
  private final Readiness readiness;
  private final Predicate<String> metricsAuthorization;

  /** Routes serving {@code metrics} (a Prometheus scrape) to anyone, and {@code readiness}. */
  public AdminRoutes(Supplier<String> metrics, Readiness readiness) {
    this(metrics, readiness, authorization -> true);
  }

  /**
   * Routes serving {@code metrics} to requests whose Authorization header {@code
   * metricsAuthorization} admits (others get 401 with a Bearer challenge), and {@code readiness}.
   */
  public AdminRoutes(
      Supplier<String> metrics, Readiness readiness, Predicate<String> metricsAuthorization) {
    this.metrics = metrics;
    this.readiness = readiness;
    this.metricsAuthorization = metricsAuthorization;
  }

  /** The answer to {@code GET path} without credentials. */
  public Answer answer(String method, String path) {
    return answer(method, path, null);
  }

  /**
   * The answer to {@code GET path} with the request's {@code authorization} header (null if
   * absent); {@code method} other than GET gives 405.
   */
  public Answer answer(String method, String path, String authorization) {
    if (!method.equals("GET")) {
      return text(405, "GET only\n");
    }
    String p = path.indexOf('?') >= 0 ? path.substring(0, path.indexOf('?')) : path;
    switch (p) {
      case "/metrics":
        if (!metricsAuthorization.test(authorization)) {
          return new Answer(
              401,
              TEXT,
              "a bearer token is required (admin.metrics-token-file)\n"
                  .getBytes(StandardCharsets.UTF_8),
              "Bearer realm=\"bsf-metrics\"");
        }
        return new Answer(200, PROMETHEUS, metrics.get().getBytes(StandardCharsets.UTF_8));
      case "/health":
        return text(200, "UP\n");
      case "/ready":
        Map<String, Boolean> states = readiness.states();
        boolean ready = states.values().stream().allMatch(Boolean::booleanValue);
        StringBuilder body = new StringBuilder(ready ? "READY\n" : "NOT READY\n");
        states.forEach(
            (k, v) -> {
              body.append(k).append(": ").append(v ? "up" : "down");
              if (!v) {
                readiness.whyDown(k).ifPresent(why -> body.append(" (").append(why).append(')'));
              }
              body.append('\n');
            });
        readiness
            .notes()
            .forEach((k, v) -> body.append("# ").append(k).append(": ").append(v).append('\n'));
        return text(ready ? 200 : 503, body.toString());
      default:
        return text(404, "unknown path; try /metrics, /health or /ready\n");
    }
  }

  private static Answer text(int status, String body) {
    return new Answer(status, TEXT, body.getBytes(StandardCharsets.UTF_8));
  }
}
