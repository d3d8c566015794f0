package org.gbabsf.server.config;

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

/**
 * The value types of keys written as one line of entries: peer lists, NAF → group maps, FQDN
 * grants, source networks, contact points, USS lists, TLS peers and versions ({@link SbiEntryTypes}
 * has apiRoots, routes and routing indicators). Each parses its text once, at load, into an
 * immutable value that the assemblies use as it is; nothing splits a value again.
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
        EntryType.eachEntry(EntryTypes::hostPort));
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
        EntryType.eachEntry(EntryTypes::peerEntry)
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
          for (String e : EntryType.entries(text)) {
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
          for (String host : EntryType.entries(text)) {
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
          for (String name : EntryType.entries(text)) {
            if (!HostNameRule.LABELS.accepts(name)) {
              return null;
            }
            out.add(name.toLowerCase(Locale.ROOT));
          }
          return Collections.unmodifiableSet(out);
        });
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
          for (String e : EntryType.entries(text)) {
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

  /** A port in 1..65535 written in at most five digits, or null. */
  private static Integer port(String text) {
    if (!text.matches("[0-9]{1,5}")) {
      return null;
    }
    int port = Integer.parseInt(text);
    return port >= 1 && port <= 65535 ? port : null;
  }
}
