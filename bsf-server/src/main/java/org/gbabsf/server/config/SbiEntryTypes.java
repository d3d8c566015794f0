package org.gbabsf.server.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;
import org.gbabsf.naf.Routes;

/**
 * The entry-line value types of the HTTP interfaces: apiRoots of SBI peers, the NAF proxy's routes,
 * routing indicators. Parsed once, at load, like {@link EntryTypes}.
 */
final class SbiEntryTypes {

  private SbiEntryTypes() {}

  /** {@code http(s)://host:port[/prefix],…}, possibly empty, in order of preference. */
  static ValueType<List<URI>> apiRoots() {
    return new EntryType<>(
        "http(s)://host:port[/prefix],…",
        "must be http:// or https:// apiRoots, comma-separated",
        EntryType.eachEntry(SbiEntryTypes::apiRoot));
  }

  /** One {@code http(s)://host:port[/prefix]}, or empty. */
  static ValueType<Optional<URI>> optionalApiRoot() {
    return new EntryType<>(
        "http(s)://host:port[/prefix]",
        "must be one http:// or https:// apiRoot",
        text -> {
          if (text.isEmpty()) {
            return Optional.empty();
          }
          URI uri = text.contains(",") ? null : apiRoot(text);
          return uri == null ? null : Optional.of(uri);
        });
  }

  /** {@code host[/path]=http://address:port,…}, possibly empty: the NAF proxy's upstreams. */
  static ValueType<Optional<Routes>> routes() {
    return new EntryType<>(
        "host[/path]=http://address:port,…",
        "must be host[/path]=http://address:port entries, comma-separated",
        text -> {
          if (text.isBlank()) {
            return Optional.empty();
          }
          try {
            return Optional.of(Routes.parse(text));
          } catch (IllegalArgumentException bad) {
            return null;
          }
        });
  }

  /** {@code [0-9]{1,4},…}, possibly empty: routing indicators (TS 23.003 §2.2B). */
  static ValueType<List<String>> routingIndicators() {
    return new EntryType<>(
        "rid,rid…",
        "must be routing indicators of 1 to 4 digits, comma-separated",
        EntryType.eachEntry(rid -> rid.matches("[0-9]{1,4}") ? rid : null));
  }

  /** An http or https URI with a host and neither query nor fragment, or null. */
  static URI apiRoot(String text) {
    try {
      URI u = new URI(text.strip());
      boolean http = "http".equals(u.getScheme()) || "https".equals(u.getScheme());
      return http && u.getHost() != null && u.getQuery() == null && u.getFragment() == null
          ? u
          : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }
}
