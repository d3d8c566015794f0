package org.gbabsf.server.admin;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The admin endpoints as a pure function of the request path: {@code /metrics} (Prometheus text
 * format), {@code /health} (the process answers) and {@code /ready} (every dependency is up; 503
 * otherwise, with the state of each). The Netty adapter only moves bytes.
 */
public final class AdminRoutes {

  /** An answer. */
  public record Answer(int status, String contentType, byte[] body) {}

  private static final String TEXT = "text/plain; charset=utf-8";
  private static final String PROMETHEUS = "text/plain; version=0.0.4; charset=utf-8";

  private final Supplier<String> metrics;
  private final Readiness readiness;

  /** Routes serving {@code metrics} (a Prometheus scrape) and {@code readiness}. */
  public AdminRoutes(Supplier<String> metrics, Readiness readiness) {
    this.metrics = metrics;
    this.readiness = readiness;
  }

  /** The answer to {@code GET path}; {@code method} other than GET gives 405. */
  public Answer answer(String method, String path) {
    if (!method.equals("GET")) {
      return text(405, "GET only\n");
    }
    String p = path.indexOf('?') >= 0 ? path.substring(0, path.indexOf('?')) : path;
    switch (p) {
      case "/metrics":
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
        return text(ready ? 200 : 503, body.toString());
      default:
        return text(404, "unknown path; try /metrics, /health or /ready\n");
    }
  }

  private static Answer text(int status, String body) {
    return new Answer(status, TEXT, body.getBytes(StandardCharsets.UTF_8));
  }
}
