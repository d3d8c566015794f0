package org.gbabsf.naf;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which application server serves a request: by the NAF host the UE addressed (each host is a NAF
 * FQDN of its own, with keys of its own) and the longest matching path prefix.
 */
public final class Routes {

  /**
   * One route.
   *
   * @param host the NAF FQDN (lower case)
   * @param pathPrefix a path prefix, "/" for all
   * @param upstream the application server, http://host:port (a path, if any, is prepended)
   */
  public record Route(String host, String pathPrefix, URI upstream) {}

  private final List<Route> routes;

  /** Routes, longest prefix first within a host. */
  public Routes(List<Route> routes) {
    List<Route> sorted = new ArrayList<>(routes);
    sorted.sort(Comparator.comparingInt((Route r) -> r.pathPrefix().length()).reversed());
    this.routes = List.copyOf(sorted);
  }

  /**
   * Parses {@code host[/path]=url} entries separated by commas, e.g. {@code
   * xcap.home1.net=http://10.0.0.5:8080,xcap.home1.net/avatars=http://10.0.0.6:8080}.
   *
   * @throws IllegalArgumentException naming the bad entry
   */
  public static Routes parse(String text) {
    List<Route> out = new ArrayList<>();
    for (String entry : text.split(",")) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("route '" + e + "': expected host[/path]=url");
      }
      String left = e.substring(0, eq).strip();
      int slash = left.indexOf('/');
      String host = (slash < 0 ? left : left.substring(0, slash)).toLowerCase(Locale.ROOT);
      String prefix = slash < 0 ? "/" : left.substring(slash);
      URI url;
      try {
        url = URI.create(e.substring(eq + 1).strip());
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException("route '" + e + "': not a URL");
      }
      if (!"http".equalsIgnoreCase(url.getScheme()) || url.getHost() == null) {
        throw new IllegalArgumentException(
            "route '" + e + "': the upstream must be http://host:port");
      }
      out.add(new Route(host, prefix, url));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no route");
    }
    return new Routes(out);
  }

  /** The route of {@code path} on {@code host}, if any. */
  public Optional<Route> find(String host, String path) {
    for (Route r : routes) {
      if (r.host().equals(host)
          && (r.pathPrefix().equals("/")
              || path.equals(r.pathPrefix())
              || path.startsWith(
                  r.pathPrefix().endsWith("/") ? r.pathPrefix() : r.pathPrefix() + "/")
              || path.startsWith(r.pathPrefix() + "?"))) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** Every route. */
  public List<Route> all() {
    return routes;
  }
}
