package org.gbabsf.server.config;

import java.time.Duration;
import java.util.List;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;

/**
 * Zh toward the HSS (TS 29.109): peers, realm, timeouts and the GUSS cache.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param destinationRealm {@code zh.destination-realm}: Zh Destination-Realm
 * @param peers {@code zh.peers}: The HSS peers
 * @param requestTimeout {@code zh.request-timeout}: Timeout of one MAR
 * @param peerBackoff {@code zh.peer-backoff}: Backoff of a failing peer
 * @param pinDestinationHost {@code zh.pin-destination-host}: Whether each MAR names the chosen HSS
 *     in Destination-Host
 * @param gussCacheEntries {@code zh.guss-cache.entries}: GUSSs kept for GUSS-Timestamp
 * @param gussCacheMaxAge {@code zh.guss-cache.max-age}: How long a GUSS is used on the HSS's word
 *     that it is unchanged
 */
public record ZhConfig(
    String destinationRealm,
    List<PeerConfig> peers,
    Duration requestTimeout,
    Duration peerBackoff,
    boolean pinDestinationHost,
    int gussCacheEntries,
    Duration gussCacheMaxAge) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Zh Destination-Realm. */
  public static final ConfigKey<String> DESTINATION_REALM =
      KEYS.add(
          ConfigKey.of(
              "zh.destination-realm",
              ValueTypes.hostname(),
              "home1.net",
              "Destination-Realm of MARs: the HSS's realm."));

  /** The HSS peers. */
  public static final ConfigKey<List<PeerConfig>> PEERS =
      KEYS.add(
          ConfigKey.of(
              "zh.peers",
              EntryTypes.peers(),
              "hss1.home1.net=127.0.0.1:3869",
              "HSS peers as host=address:port[:priority], comma-separated; host is the"
                  + " HSS's Origin-Host, higher priority is tried first (default 1)."));

  /** Timeout of one MAR. */
  public static final ConfigKey<Duration> REQUEST_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "zh.request-timeout",
              ValueTypes.positiveDuration(),
              "1s",
              "How long one MAR waits for its MAA before the next HSS peer is tried; all tries"
                  + " together stay within ub.hss-timeout."));

  /** Backoff of a failing peer. */
  public static final ConfigKey<Duration> PEER_BACKOFF =
      KEYS.add(
          ConfigKey.of(
              "zh.peer-backoff",
              ValueTypes.positiveDuration(),
              "10s",
              "How long an HSS peer that timed out or answered too-busy is tried last."));

  /** Whether each MAR names the chosen HSS in Destination-Host. */
  public static final ConfigKey<Boolean> PIN_DESTINATION_HOST =
      KEYS.add(
          ConfigKey.of(
              "zh.pin-destination-host",
              ValueTypes.bool(),
              "true",
              "Put the chosen HSS peer in each MAR's Destination-Host (direct HSS peers); false"
                  + " when zh.peers are Diameter relay/routing agents, which route by realm."));

  /** GUSSs kept for GUSS-Timestamp. */
  public static final ConfigKey<Integer> GUSS_CACHE_ENTRIES =
      KEYS.add(
          ConfigKey.of(
              "zh.guss-cache.entries",
              ValueTypes.integer(0, 1_000_000),
              "10000",
              "How many users' GUSSs the BSF keeps in memory, least recently used out, so that a"
                  + " MAR carries GUSS-Timestamp and the HSS leaves an unchanged GUSS out of the"
                  + " MAA (TS 29.109); a GUSS sent again unchanged is not parsed again either."
                  + " About 1 KB of heap each for a one-USS GUSS; the GUSSs held are also bounded"
                  + " to 1,024 characters each on average, and one over 16 K is never held, so"
                  + " larger GUSSs mean fewer held, not more memory. 0 turns this off."));

  /** How long a GUSS is used on the HSS's word that it is unchanged. */
  public static final ConfigKey<Duration> GUSS_CACHE_MAX_AGE =
      KEYS.add(
          ConfigKey.of(
              "zh.guss-cache.max-age",
              ValueTypes.positiveDuration(),
              "1h",
              "How long after the HSS last sent a user's GUSS in full the BSF sends its"
                  + " GUSS-Timestamp: an HSS that deleted a GUSS also answers without one, so"
                  + " this (plus one ub.hss-timeout) bounds how long a deleted GUSS can still be"
                  + " used."));

  /** The section from validated values. */
  static ZhConfig from(ResolvedConfig r) {
    return new ZhConfig(
        r.get(DESTINATION_REALM),
        r.get(PEERS),
        r.get(REQUEST_TIMEOUT),
        r.get(PEER_BACKOFF),
        r.get(PIN_DESTINATION_HOST),
        r.get(GUSS_CACHE_ENTRIES),
        r.get(GUSS_CACHE_MAX_AGE));
  }

  /**
   * The peers for messages, highest priority first: {@code host=address:port[:priority]} (the
   * priority when it is not the default 1), comma-separated.
   */
  public String peersText() {
    return String.join(",", peers.stream().map(PeerConfig::describe).toList());
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
