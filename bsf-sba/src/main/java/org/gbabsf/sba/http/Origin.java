package org.gbabsf.sba.http;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Where HTTP/2 connections go: scheme, host and port of a URI (RFC 6454 origin). Connections are
 * pooled per origin.
 *
 * @param tls whether the scheme is {@code https}
 * @param host the host, lower case, without IPv6 brackets
 * @param port the port (the scheme's default when the URI has none)
 */
public record Origin(boolean tls, String host, int port) {

  /** The origin of an absolute {@code http}/{@code https} URI; empty for any other. */
  public static Optional<Origin> of(URI uri) {
    String scheme = uri.getScheme();
    String host = uri.getHost();
    if (scheme == null || host == null) {
      return Optional.empty();
    }
    String s = scheme.toLowerCase(Locale.ROOT);
    if (!s.equals("http") && !s.equals("https")) {
      return Optional.empty();
    }
    boolean tls = s.equals("https");
    int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
    String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    return Optional.of(new Origin(tls, h.toLowerCase(Locale.ROOT), port));
  }

  /** The {@code :authority} (host:port, IPv6 in brackets). */
  public String authority() {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }

  @Override
  public String toString() {
    return (tls ? "https://" : "http://") + authority();
  }
}
