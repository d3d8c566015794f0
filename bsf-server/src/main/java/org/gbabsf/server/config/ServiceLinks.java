package org.gbabsf.server.config;

import java.util.regex.Pattern;

/**
 * Recognises the variables Kubernetes injects into every pod for every Service of its namespace
 * (service links, on by default): {@code <SVC>_SERVICE_HOST}, {@code <SVC>_SERVICE_PORT}, {@code
 * <SVC>_SERVICE_PORT_<PORTNAME>}, {@code <SVC>_PORT}, {@code <SVC>_PORT_<P>_<PROTO>} and its {@code
 * _PROTO}, {@code _PORT} and {@code _ADDR}, where {@code <SVC>} is the Service's name upper-cased
 * with dashes as underscores. Beside a Service whose name starts with {@code bsf} (the chart's own,
 * or a 5G core's Binding Support Function) they start with {@code BSF_}, and must not stop the BSF.
 *
 * <p>A variable is a service link only if its name <em>and</em> its value have the shapes
 * Kubernetes gives them (an address, a port number, {@code tcp://address:port}, a protocol), so a
 * mistyped key such as {@code BSF_ADMN_PORT=9090} is still refused: a {@code _PORT} link's value is
 * a URL, never a bare number. A pure function.
 */
final class ServiceLinks {

  private static final String ADDRESS = "(\\d{1,3}(\\.\\d{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)";
  private static final String NUMBER = "\\d{1,5}";
  private static final String PROTO = "(TCP|UDP|SCTP)";
  private static final String URL =
      "(tcp|udp|sctp)://(" + ADDRESS + "|\\[[0-9A-Fa-f:.]+\\]):\\d{1,5}";

  private record Shape(Pattern name, Pattern value) {
    boolean matches(String n, String v) {
      return name.matcher(n).matches() && value.matcher(v).matches();
    }
  }

  private static final Shape[] SHAPES = {
    shape("[A-Z0-9_]+_SERVICE_HOST", ADDRESS),
    shape("[A-Z0-9_]+_SERVICE_PORT(_[A-Z0-9_]+)?", NUMBER),
    shape("[A-Z0-9_]+_PORT", URL),
    shape("[A-Z0-9_]+_PORT_\\d{1,5}_" + PROTO, URL),
    shape("[A-Z0-9_]+_PORT_\\d{1,5}_" + PROTO + "_PROTO", "(tcp|udp|sctp)"),
    shape("[A-Z0-9_]+_PORT_\\d{1,5}_" + PROTO + "_PORT", NUMBER),
    shape("[A-Z0-9_]+_PORT_\\d{1,5}_" + PROTO + "_ADDR", ADDRESS),
  };

  private ServiceLinks() {}

  private static Shape shape(String name, String value) {
    return new Shape(Pattern.compile(name), Pattern.compile(value));
  }

  /** Whether {@code name}={@code value} is a Kubernetes service-link variable. */
  static boolean matches(String name, String value) {
    for (Shape s : SHAPES) {
      if (s.matches(name, value.strip())) {
        return true;
      }
    }
    return false;
  }
}
