package org.gbabsf.diameter;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which peers not listed in the peer table may connect to us, decided on their CER (RFC 6733 §5.3):
 * by Origin-Host or by Origin-Realm. Listed peers are always admitted. A refused peer gets a CEA
 * with Result-Code 3010 DIAMETER_UNKNOWN_PEER and its connection is closed.
 *
 * <p>Diameter identities compare case-insensitively (RFC 6733 §4.3.1 DiameterIdentity is an FQDN).
 *
 * <p>Where an admitted identity may connect from is {@code sources}' part ({@link SourceBinding}):
 * a configured peer only from its own address, its listed networks or over TLS; a listed host or
 * realm only from its networks.
 *
 * @param any true to admit every peer (simulators, test tools)
 * @param hosts Origin-Hosts admitted
 * @param realms Origin-Realms whose every host is admitted
 * @param sources Origin-Host or Origin-Realm → the networks it may connect from (besides a
 *     configured peer's own address)
 */
public record PeerAdmission(
    boolean any, Set<String> hosts, Set<String> realms, Map<String, List<SourceNetwork>> sources) {

  /** Normalises the identities to lower case. */
  public PeerAdmission {
    hosts = lower(hosts);
    realms = lower(realms);
    sources =
        sources.entrySet().stream()
            .collect(
                Collectors.toUnmodifiableMap(
                    e -> e.getKey().toLowerCase(Locale.ROOT),
                    e -> List.copyOf(e.getValue()),
                    (a, b) ->
                        java.util.stream.Stream.concat(a.stream(), b.stream())
                            .toList())); // the same identity listed in two cases
  }

  /** Every peer may connect. */
  public static PeerAdmission anyPeer() {
    return new PeerAdmission(true, Set.of(), Set.of(), Map.of());
  }

  /** Only the listed peers (and the configured peer table) may connect. */
  public static PeerAdmission only(Set<String> hosts, Set<String> realms) {
    return new PeerAdmission(false, hosts, realms, Map.of());
  }

  /** This policy, with identities bound to the networks of {@code bound}. */
  public PeerAdmission withSources(Map<String, List<SourceNetwork>> bound) {
    return new PeerAdmission(any, hosts, realms, bound);
  }

  /** Only the configured peer table may connect. */
  public static PeerAdmission peerTableOnly() {
    return only(Set.of(), Set.of());
  }

  /** Whether a peer announcing {@code originHost} and {@code originRealm} in its CER may join. */
  public boolean admits(String originHost, String originRealm) {
    return any
        || (originHost != null && hosts.contains(originHost.toLowerCase(Locale.ROOT)))
        || (originRealm != null && realms.contains(originRealm.toLowerCase(Locale.ROOT)));
  }

  /** This policy plus the hosts of the peer table. */
  public PeerAdmission withHosts(Set<String> more) {
    if (any) {
      return this;
    }
    return new PeerAdmission(
        false,
        java.util.stream.Stream.concat(hosts.stream(), more.stream()).collect(Collectors.toSet()),
        realms,
        sources);
  }

  private static Set<String> lower(Set<String> names) {
    return names.stream()
        .map(n -> n.toLowerCase(Locale.ROOT))
        .collect(Collectors.toUnmodifiableSet());
  }
}
