package org.gbabsf.server.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.SourceNetwork;
import org.gbabsf.naf.Routes;

/**
 * The value types of keys written as one line of entries: peer lists, NAF → group maps, FQDN
 * grants, source networks, contact points, USS lists, apiRoots, routes. Each parses its text once,
 * at load, into an immutable value that the assemblies use as it is; nothing splits a value again.
 *
 * <p>A value that breaks the entry rule is refused with the key's problem phrase ({@link
 * ValueType.Refusal}). {@code bsf config} shows these values as written.
 */
final class EntryTypes {

  private EntryTypes() {}

  /** {@code host:port[,host:port…]}, at least one. */
  static ValueType<List<HostPort>> contactPoints() {
    return new EntryType<>(
        true,
        "host:port[,host:port…]",
        "must be host:port[,host:port…] with ports 1..65535",
        eachEntry(EntryTypes::hostPort));
  }

  private static HostPort hostPort(String p) {
    int colon = p.lastIndexOf(':');
    Integer port = colon <= 0 || colon == p.length() - 1 ? null : port(p.substring(colon + 1));
    return port == null ? null : new HostPort(p.substring(0, colon), port);
  }

  /** {@code host=address:port[:priority],…}, at least one; highest priority first. */
  static ValueType<List<PeerConfig>> peers() {
    return new EntryType<>(
        true,
        "host=address:port[:priority],…",
        "must be host=address:port[:priority][,…] with ports 1..65535",
        eachEntry(EntryTypes::peerEntry)
            .andThen(
                peers ->
                    peers == null
                        ? null
                        : peers.stream()
                            .sorted(
                                java.util.Comparator.comparingInt(PeerConfig::priority).reversed())
                            .toList()));
  }

  private static PeerConfig peerEntry(String e) {
    int eq = e.indexOf('=');
    if (eq <= 0 || !HostNameRule.LABELS.accepts(e.substring(0, eq))) {
      return null;
    }
    String[] parts = e.substring(eq + 1).split(":", -1);
    if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty()) {
      return null;
    }
    Integer port = port(parts[1]);
    if (port == null || parts.length == 3 && !parts[2].matches("[0-9]{1,3}")) {
      return null;
    }
    int priority = parts.length == 3 ? Integer.parseInt(parts[2]) : 1;
    return new PeerConfig(e.substring(0, eq), parts[0], port, priority);
  }

  /** One {@code host=address:port}: the one Diameter peer the NAF proxy dials. */
  static ValueType<PeerConfig> peer() {
    ValueType<List<PeerConfig>> list = peers();
    return new EntryType<>(
        true,
        "host=address:port",
        "must be host=address:port",
        text -> {
          try {
            List<PeerConfig> one = list.parse(text);
            return one.size() == 1 ? one.get(0) : null;
          } catch (IllegalArgumentException bad) {
            return null; // this key's own phrase, not the list's
          }
        });
  }

  /** {@code name=group,…} with {@code name} a host or realm, possibly empty. */
  static ValueType<Map<String, String>> groups(String form, String problem) {
    return new EntryType<>(
        form,
        problem,
        text -> {
          Map<String, String> out = new LinkedHashMap<>();
          for (String e : entries(text)) {
            int eq = e.indexOf('=');
            if (eq <= 0
                || eq == e.length() - 1
                || !HostNameRule.LABELS.accepts(e.substring(0, eq))) {
              return null;
            }
            out.put(e.substring(0, eq), e.substring(eq + 1).strip());
          }
          return Collections.unmodifiableMap(out);
        });
  }

  /** {@code who=fqdn|fqdn,…}, possibly empty: NAF_Id FQDNs granted to a NAF or a NAF group. */
  static ValueType<Map<String, Set<String>>> fqdnGrants(String form, String problem) {
    return grants(
        form,
        problem,
        fqdn -> HostNameRule.LABELS.accepts(fqdn) ? Optional.of(fqdn) : Optional.empty());
  }

  /** {@code host-or-realm=cidr|cidr,…}, possibly empty: where Diameter identities may come from. */
  static ValueType<Map<String, List<SourceNetwork>>> sourceNetworks(String form, String problem) {
    ValueType<Map<String, Set<SourceNetwork>>> sets = grants(form, problem, SourceNetwork::parse);
    return new EntryType<>(
        form,
        problem,
        text -> {
          Map<String, List<SourceNetwork>> out = new LinkedHashMap<>();
          sets.parse(text).forEach((who, networks) -> out.put(who, List.copyOf(networks)));
          return Collections.unmodifiableMap(out);
        });
  }

  /** {@code TYPE[:GROUP[:FLAG+FLAG]];…}: the USSs of a GUSS the BSF makes up. */
  static ValueType<List<SimulatedGuss.Uss>> ussList() {
    return new EntryType<>(
        true,
        "TYPE[:GROUP[:FLAG+FLAG]];…",
        "must be TYPE[:GROUP[:FLAG+FLAG]] entries separated by ';'",
        text -> {
          if (text.isBlank()) {
            return null;
          }
          try {
            return List.copyOf(SimulatedGuss.Uss.parseList(text));
          } catch (IllegalArgumentException bad) {
            return null;
          }
        });
  }

  /** {@code http(s)://host:port[/prefix],…}, possibly empty, in order of preference. */
  static ValueType<List<URI>> apiRoots() {
    return new EntryType<>(
        "http(s)://host:port[/prefix],…",
        "must be http:// or https:// apiRoots, comma-separated",
        eachEntry(EntryTypes::apiRoot));
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

  /** Empty, {@code *}, or Origin-Hosts separated by commas (compared in lower case). */
  static ValueType<TlsPeers> tlsPeers() {
    return new EntryType<>(
        "empty, * or host,host…",
        "must be *, or Origin-Hosts separated by commas",
        text -> {
          if (text.equals("*")) {
            return new TlsPeers(true, Set.of());
          }
          Set<String> hosts = new LinkedHashSet<>();
          for (String host : entries(text)) {
            if (!HostNameRule.LABELS.accepts(host)) {
              return null;
            }
            hosts.add(host.toLowerCase(Locale.ROOT));
          }
          return new TlsPeers(false, hosts);
        });
  }

  /**
   * {@code name,name…}, possibly empty: identities (certificate dNSNames, token subjects), kept in
   * lower case.
   */
  static ValueType<Set<String>> identities(String form, String problem) {
    return new EntryType<>(
        form,
        problem,
        text -> {
          Set<String> out = new LinkedHashSet<>();
          for (String name : entries(text)) {
            if (!HostNameRule.LABELS.accepts(name)) {
              return null;
            }
            out.add(name.toLowerCase(Locale.ROOT));
          }
          return Collections.unmodifiableSet(out);
        });
  }

  /** {@code [0-9]{1,4},…}, possibly empty: routing indicators (TS 23.003 §2.2B). */
  static ValueType<List<String>> routingIndicators() {
    return new EntryType<>(
        "rid,rid…",
        "must be routing indicators of 1 to 4 digits, comma-separated",
        eachEntry(rid -> rid.matches("[0-9]{1,4}") ? rid : null));
  }

  /** TLS versions: {@code TLSv1.3}, or {@code TLSv1.3,TLSv1.2}. */
  static ValueType<List<String>> tlsProtocols() {
    return new EntryType<>(
        "one of: TLSv1.3, TLSv1.3,TLSv1.2",
        "is not one of: TLSv1.3, TLSv1.3,TLSv1.2",
        text ->
            text.equalsIgnoreCase("TLSv1.3")
                ? List.of("TLSv1.3")
                : text.equalsIgnoreCase("TLSv1.3,TLSv1.2") ? List.of("TLSv1.3", "TLSv1.2") : null) {
      @Override
      public String expectation() {
        return "one of: TLSv1.3, TLSv1.3,TLSv1.2"; // as the choice type it replaces
      }

      @Override
      public String format(List<String> value) {
        return String.join(",", value);
      }

      @Override
      public boolean shownAsWritten() {
        return false;
      }
    };
  }

  /** {@code who=item|item,…}, possibly empty, each item parsed by {@code item} (stripped). */
  private static <T> ValueType<Map<String, Set<T>>> grants(
      String form, String problem, Function<String, Optional<T>> item) {
    return new EntryType<>(
        form,
        problem,
        text -> {
          Map<String, Set<T>> out = new LinkedHashMap<>();
          for (String e : entries(text)) {
            int eq = e.indexOf('=');
            if (eq <= 0
                || eq == e.length() - 1
                || !HostNameRule.LABELS.accepts(e.substring(0, eq))) {
              return null;
            }
            Set<T> items = out.computeIfAbsent(e.substring(0, eq), k -> new LinkedHashSet<>());
            for (String part : e.substring(eq + 1).split("\\|", -1)) {
              Optional<T> parsed = item.apply(part.strip());
              if (parsed.isEmpty()) {
                return null;
              }
              items.add(parsed.get());
            }
          }
          Map<String, Set<T>> frozen = new LinkedHashMap<>();
          out.forEach((who, items) -> frozen.put(who, Collections.unmodifiableSet(items)));
          return Collections.unmodifiableMap(frozen);
        });
  }

  /**
   * A parser of comma-separated entries, each parsed by {@code entry} (null for one that breaks the
   * rule): the list in written order, or null if any entry is refused.
   */
  private static <T> Function<String, List<T>> eachEntry(Function<String, T> entry) {
    return text -> {
      List<T> out = new ArrayList<>();
      for (String e : entries(text)) {
        T value = entry.apply(e);
        if (value == null) {
          return null;
        }
        out.add(value);
      }
      return List.copyOf(out);
    };
  }

  /** The stripped, comma-separated entries of {@code text}; none if it is blank. */
  private static List<String> entries(String text) {
    if (text.isBlank()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String entry : text.split(",", -1)) {
      out.add(entry.strip());
    }
    return out;
  }

  /** A port in 1..65535 written in at most five digits, or null. */
  private static Integer port(String text) {
    if (!text.matches("[0-9]{1,5}")) {
      return null;
    }
    int port = Integer.parseInt(text);
    return port >= 1 && port <= 65535 ? port : null;
  }

  /** An http or https URI with a host and neither query nor fragment, or null. */
  private static URI apiRoot(String text) {
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

  /**
   * A type whose parser returns null for text that breaks its rule; values are shown as written.
   */
  private static class EntryType<T> implements ValueType<T> {
    private final boolean required;
    private final String expectation;
    private final String problem;
    private final Function<String, T> parser;

    /**
     * @param form the entries' syntax, e.g. {@code host=group,…}
     * @param problem the refusal of a value that breaks it
     * @param parser the value of a text, or null if it breaks the rule
     */
    EntryType(String form, String problem, Function<String, T> parser) {
      this(false, form, problem, parser);
    }

    /**
     * @param required whether an empty value is refused as such ("is not a non-blank string; …")
     *     rather than read as no entries
     */
    EntryType(boolean required, String form, String problem, Function<String, T> parser) {
      // The phrases of the string types these keys had, so that messages and docs read as before.
      this.required = required;
      this.expectation = (required ? "a non-blank string; " : "a string, possibly empty; ") + form;
      this.problem = problem;
      this.parser = parser;
    }

    @Override
    public String expectation() {
      return expectation;
    }

    @Override
    public T parse(String text) {
      if (required && text.isBlank()) {
        throw new IllegalArgumentException(expectation); // "is not a non-blank string; …"
      }
      T value = parser.apply(text);
      if (value == null) {
        throw new Refusal(problem);
      }
      return value;
    }

    /** Never used for display ({@link #shownAsWritten()}); a readable rendering for debugging. */
    @Override
    public String format(T value) {
      return String.valueOf(value);
    }

    @Override
    public boolean shownAsWritten() {
      return true;
    }
  }
}
