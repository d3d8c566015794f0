package org.gbabsf.diameter;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;

/**
 * Where a peer claiming an identity in its CER may connect from: the check that keeps a host from
 * becoming the HSS, or a sibling NAF, by claiming its Origin-Host.
 *
 * <ul>
 *   <li>A <b>configured peer</b> (the HSS of {@code zh.peers}) is admitted only from the addresses
 *       its configured address resolves to, from the networks listed for its host, or over TLS (its
 *       certificate must then name it, checked next). No realm admission and no NAF entry can let a
 *       connection speak for it.
 *   <li>Any other admitted identity (a NAF) listed by host or, failing that, by realm is admitted
 *       only from the networks listed for it, over TLS or not.
 *   <li>Any other admitted identity may connect from anywhere: {@link #unbound} names them, for the
 *       start-up warning.
 * </ul>
 *
 * <p>Pure: addresses are resolved once, when the binding is built (the node's start).
 */
public final class SourceBinding {

  private final Map<String, List<SourceNetwork>> configured;
  private final Map<String, List<SourceNetwork>> listed;

  private SourceBinding(
      Map<String, List<SourceNetwork>> configured, Map<String, List<SourceNetwork>> listed) {
    this.configured = configured;
    this.listed = listed;
  }

  /**
   * The binding of {@code peers} (each to what {@code resolve} gives for its address, plus what
   * {@code sources} lists for its host) and of the identities {@code sources} lists (Origin-Hosts
   * or Origin-Realms, any case).
   */
  public static SourceBinding of(
      List<PeerConfig> peers,
      Map<String, List<SourceNetwork>> sources,
      Function<String, List<InetAddress>> resolve) {
    Map<String, List<SourceNetwork>> listed =
        sources.entrySet().stream()
            .collect(
                Collectors.toUnmodifiableMap(
                    e -> lower(e.getKey()), e -> List.copyOf(e.getValue()), SourceBinding::both));
    Map<String, List<SourceNetwork>> configured = new java.util.HashMap<>();
    for (PeerConfig p : peers) {
      List<SourceNetwork> nets = new ArrayList<>();
      resolve.apply(p.address()).stream().map(SourceNetwork::of).forEach(nets::add);
      nets.addAll(listed.getOrDefault(lower(p.host()), List.of()));
      configured.merge(lower(p.host()), List.copyOf(nets), SourceBinding::both);
    }
    return new SourceBinding(Map.copyOf(configured), listed);
  }

  /**
   * Whether a connection from {@code from} may speak for {@code host} (of {@code realm}); {@code
   * overTls} if it came over TLS, where a configured peer's certificate is the proof instead.
   */
  public boolean allows(String host, String realm, InetAddress from, boolean overTls) {
    List<SourceNetwork> own = configured.get(lower(host));
    if (own != null) {
      return overTls || within(own, from);
    }
    List<SourceNetwork> nets = listed.get(lower(host));
    if (nets == null && realm != null) {
      nets = listed.get(lower(realm));
    }
    return nets == null || within(nets, from);
  }

  /** True if {@code host} is a configured peer's identity. */
  public boolean isConfiguredPeer(String host) {
    return configured.containsKey(lower(host));
  }

  /** The networks a configured peer {@code host} may connect from without TLS; empty if none. */
  public List<SourceNetwork> networksOf(String host) {
    return configured.getOrDefault(lower(host), List.of());
  }

  /** Those of {@code identities} (hosts or realms) bound to no network. */
  public Set<String> unbound(Set<String> identities) {
    return identities.stream()
        .map(SourceBinding::lower)
        .filter(i -> !listed.containsKey(i) && !configured.containsKey(i))
        .collect(Collectors.toCollection(java.util.TreeSet::new));
  }

  private static boolean within(List<SourceNetwork> nets, InetAddress from) {
    if (from == null) {
      return false;
    }
    for (SourceNetwork n : nets) {
      if (n.contains(from)) {
        return true;
      }
    }
    return false;
  }

  private static List<SourceNetwork> both(List<SourceNetwork> a, List<SourceNetwork> b) {
    List<SourceNetwork> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }

  private static String lower(String s) {
    return s == null ? "" : s.toLowerCase(Locale.ROOT);
  }
}
