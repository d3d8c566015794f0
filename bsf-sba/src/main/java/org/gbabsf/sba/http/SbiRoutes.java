package org.gbabsf.sba.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The operations a producer serves: method and path template (segments, {@code {name}} matching one
 * non-empty segment) to a {@link SbiService}, and the API name each is counted under. Matching is a
 * pure function of the request line.
 */
public final class SbiRoutes {

  /**
   * One operation.
   *
   * @param method the HTTP method
   * @param template the path template, e.g. {@code /nbsp-gba/v1/bootstrapping-info-retrieval}
   * @param api the API name for metrics, e.g. {@code nbsp-gba}
   * @param service what answers it
   * @param otherMediaTypes request media types it takes besides JSON (lower case, no parameters),
   *     e.g. {@code application/x-www-form-urlencoded} for an NRF's token endpoint; empty for every
   *     operation of the BSF: any other body gets 415 before it is read
   */
  public record Route(
      String method, String template, String api, SbiService service, Set<String> otherMediaTypes) {

    /** Copies the set. */
    public Route {
      otherMediaTypes = Set.copyOf(otherMediaTypes);
    }

    /** An operation whose bodies are JSON only. */
    public Route(String method, String template, String api, SbiService service) {
      this(method, template, api, service, Set.of());
    }

    /**
     * Whether a request body of {@code contentType} is taken: JSON ({@code application/json} or a
     * {@code +json} type), or one of {@link #otherMediaTypes()}; parameters are ignored.
     */
    public boolean accepts(String contentType) {
      return SbiStreamHandler.isJson(contentType)
          || otherMediaTypes.contains(SbiStreamHandler.mediaType(contentType));
    }

    List<String> segments() {
      return PathSegments.split(template);
    }
  }

  /** What a request line matched. */
  public sealed interface Match {
    /** An operation, with the values of its template's parameters. */
    record Found(Route route, Map<String, String> params) implements Match {}

    /** No operation has this path: 404. */
    record NoResource() implements Match {}

    /** The path exists for other methods only: 405. */
    record WrongMethod(Set<String> allowed) implements Match {}
  }

  private final List<Route> routes;

  private SbiRoutes(List<Route> routes) {
    this.routes = List.copyOf(routes);
  }

  /** A table of {@code routes}. */
  public static SbiRoutes of(List<Route> routes) {
    return new SbiRoutes(routes);
  }

  /** This table and {@code other}'s routes. */
  public SbiRoutes and(SbiRoutes other) {
    List<Route> all = new ArrayList<>(routes);
    all.addAll(other.routes);
    return new SbiRoutes(all);
  }

  /** The routes. */
  public List<Route> routes() {
    return routes;
  }

  /** Matches a method and a path's decoded segments ({@link PathSegments#decode}). */
  public Match match(String method, List<String> segments) {
    Set<String> allowed = new TreeSet<>();
    for (Route r : routes) {
      Map<String, String> params = bind(r.segments(), segments);
      if (params == null) {
        continue;
      }
      if (r.method().equals(method)) {
        return new Match.Found(r, params);
      }
      allowed.add(r.method());
    }
    return allowed.isEmpty() ? new Match.NoResource() : new Match.WrongMethod(allowed);
  }

  private static Map<String, String> bind(List<String> template, List<String> path) {
    if (template.size() != path.size()) {
      return null;
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 0; i < template.size(); i++) {
      String t = template.get(i);
      String p = path.get(i);
      if (t.startsWith("{") && t.endsWith("}")) {
        if (p.isEmpty()) {
          return null;
        }
        params.put(t.substring(1, t.length() - 1), p);
      } else if (!t.equals(p)) {
        return null;
      }
    }
    return params;
  }
}
