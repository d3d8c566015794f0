package org.gbabsf.server.config;

import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_TLS_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.ADMIN_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_PASSWORD_FILE;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.CASSANDRA_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_PEERS;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_PORT;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_PRIVATE_KEY;
import static org.gbabsf.server.config.SecurityConfigKeys.DIAMETER_TLS_TRUST;
import static org.gbabsf.server.config.SecurityConfigKeys.STORE_SEAL_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.STORE_SEAL_KEY_RING_FILE;
import static org.gbabsf.server.config.SecurityConfigKeys.UB_TLS_CERTIFICATE;
import static org.gbabsf.server.config.SecurityConfigKeys.UB_TLS_ENABLED;
import static org.gbabsf.server.config.SecurityConfigKeys.UB_TLS_PRIVATE_KEY;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rules that span several keys, checked once every key has its own value: a TLS interface has
 * its certificate and key, the Cassandra store has a key ring unless sealing is explicitly off, a
 * secret is not given twice. A rule whose keys include one refused on its own is skipped: that
 * key's problem is reported already.
 */
final class CrossChecks {

  private CrossChecks() {}

  static void check(Map<ConfigKey<?>, ResolvedConfig.Value> values, List<String> problems) {
    View v = new View(values);
    pair(v, UB_TLS_CERTIFICATE, UB_TLS_PRIVATE_KEY, problems);
    pair(v, ADMIN_TLS_CERTIFICATE, ADMIN_TLS_PRIVATE_KEY, problems);
    pair(v, CASSANDRA_TLS_CERTIFICATE, CASSANDRA_TLS_PRIVATE_KEY, problems);
    pair(v, DIAMETER_TLS_CERTIFICATE, DIAMETER_TLS_PRIVATE_KEY, problems);
    pair(v, SbaConfigKeys.SBI_TLS_CERTIFICATE, SbaConfigKeys.SBI_TLS_PRIVATE_KEY, problems);
    pair(
        v,
        SbaClientConfigKeys.SBI_CLIENT_TLS_CERTIFICATE,
        SbaClientConfigKeys.SBI_CLIENT_TLS_PRIVATE_KEY,
        problems);
    requires(v, SbaConfigKeys.SBI_TLS_ENABLED, "true", SbaConfigKeys.SBI_TLS_CERTIFICATE, problems);
    sba(v, problems);
    nafsAreNotHss(v, problems);
    sourcesNameKnownPeers(v, problems);
    hybridStore(v, problems);
    nrf(v, problems);
    requires(v, UB_TLS_ENABLED, "true", UB_TLS_CERTIFICATE, problems);
    requires(v, ADMIN_TLS_ENABLED, "true", ADMIN_TLS_CERTIFICATE, problems);
    if (!v.has(
        DIAMETER_TLS_PORT,
        DIAMETER_TLS_PEERS,
        DIAMETER_TLS_CERTIFICATE,
        DIAMETER_TLS_TRUST,
        BsfConfigKeys.DIAMETER_LISTEN_PORT,
        BsfConfigKeys.STORE_TYPE,
        STORE_SEAL_ENABLED,
        STORE_SEAL_KEY_RING_FILE,
        BsfConfigKeys.CASSANDRA_PASSWORD,
        CASSANDRA_PASSWORD_FILE)) {
      return; // a key failed on its own: its problem is reported, not repeated here
    }
    boolean diameterTls = v.get(DIAMETER_TLS_PORT) != 0 || !v.get(DIAMETER_TLS_PEERS).none();
    if (diameterTls) {
      String why =
          v.get(DIAMETER_TLS_PORT) != 0
              ? "diameter.tls.port " + v.get(DIAMETER_TLS_PORT)
              : "diameter.tls.peers " + v.written(DIAMETER_TLS_PEERS);
      for (ConfigKey<Optional<java.nio.file.Path>> k :
          List.of(DIAMETER_TLS_CERTIFICATE, DIAMETER_TLS_TRUST)) {
        if (v.get(k).isEmpty()) {
          problems.add(
              k.name() + ": required with " + why + " (Diameter TLS is mutual: RFC 6733 §13.1)");
        }
      }
    }
    if (v.get(DIAMETER_TLS_PORT) != 0
        && v.get(DIAMETER_TLS_PORT).equals(v.get(BsfConfigKeys.DIAMETER_LISTEN_PORT))) {
      problems.add(
          "diameter.tls.port ("
              + v.source(DIAMETER_TLS_PORT)
              + "): must differ from diameter.listen-port");
    }
    if (v.get(BsfConfigKeys.STORE_TYPE).equals("cassandra")
        && v.get(STORE_SEAL_ENABLED)
        && v.get(STORE_SEAL_KEY_RING_FILE).isEmpty()) {
      problems.add(
          "store.seal.key-ring-file: required with store.type=cassandra, which seals every key it"
              + " stores (docs/security.md); make one with 'bsf keyring new > FILE', or set"
              + " store.seal.enabled=false to store keys in clear");
    }
    if (!v.get(BsfConfigKeys.CASSANDRA_PASSWORD).isEmpty()
        && v.get(CASSANDRA_PASSWORD_FILE).isPresent()) {
      problems.add(
          "cassandra.password-file ("
              + v.source(CASSANDRA_PASSWORD_FILE)
              + "): set together with cassandra.password; give the password once");
    }
  }

  /**
   * Every identity of diameter.peer-sources is an HSS of zh.peers, a NAF of zn.nafs or a realm of
   * zn.naf-realms: a misspelt one would leave the peer it meant bound to nothing, silently.
   */
  private static void sourcesNameKnownPeers(View v, List<String> problems) {
    if (!v.has(
        BsfConfigKeys.DIAMETER_PEER_SOURCES,
        BsfConfigKeys.ZH_PEERS,
        BsfConfigKeys.ZN_NAFS,
        BsfConfigKeys.ZN_NAF_REALMS)) {
      return;
    }
    java.util.Set<String> known = new java.util.HashSet<>();
    v.get(BsfConfigKeys.ZH_PEERS).forEach(peer -> known.add(lower(peer.host())));
    v.get(BsfConfigKeys.ZN_NAFS).keySet().forEach(host -> known.add(lower(host)));
    v.get(BsfConfigKeys.ZN_NAF_REALMS).keySet().forEach(realm -> known.add(lower(realm)));
    for (String name : v.get(BsfConfigKeys.DIAMETER_PEER_SOURCES).keySet()) {
      if (!known.contains(lower(name))) {
        problems.add(
            "diameter.peer-sources ("
                + v.source(BsfConfigKeys.DIAMETER_PEER_SOURCES)
                + "): "
                + lower(name)
                + " is no host of zh.peers or zn.nafs, nor a realm of zn.naf-realms");
      }
    }
  }

  private static String lower(String name) {
    return name.toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * A NAF never takes an HSS peer's identity: no zn.nafs entry names a zh.peers host (its
   * connections would be admitted and served on the HSS's name).
   */
  private static void nafsAreNotHss(View v, List<String> problems) {
    if (!v.has(BsfConfigKeys.ZH_PEERS, BsfConfigKeys.ZN_NAFS, BsfConfigKeys.HSS_TYPE)
        || !v.get(BsfConfigKeys.HSS_TYPE).equals("zh")) {
      return;
    }
    java.util.Set<String> hss = new java.util.HashSet<>();
    v.get(BsfConfigKeys.ZH_PEERS).forEach(peer -> hss.add(lower(peer.host())));
    for (String host : v.get(BsfConfigKeys.ZN_NAFS).keySet()) {
      if (hss.contains(lower(host))) {
        problems.add(
            "zn.nafs ("
                + v.source(BsfConfigKeys.ZN_NAFS)
                + "): "
                + host
                + " is an HSS of zh.peers; a NAF may never take an HSS's identity");
      }
    }
  }

  /**
   * The re-reads of a hybrid instance that missed a challenge must outlast the other instances'
   * write delay, and end within the store budget of the request that waits for them.
   */
  private static void hybridStore(View v, List<String> problems) {
    if (!v.has(
        BsfConfigKeys.STORE_HYBRID_WRITE_DELAY,
        BsfConfigKeys.STORE_HYBRID_MISS_WAIT,
        BsfConfigKeys.UB_STORE_TIMEOUT)) {
      return;
    }
    java.time.Duration delay = v.get(BsfConfigKeys.STORE_HYBRID_WRITE_DELAY);
    java.time.Duration wait = v.get(BsfConfigKeys.STORE_HYBRID_MISS_WAIT);
    java.time.Duration budget = v.get(BsfConfigKeys.UB_STORE_TIMEOUT);
    if (!wait.isZero() && wait.compareTo(delay.plusMillis(50)) < 0) {
      problems.add(
          "store.hybrid.miss-wait: "
              + ValueTypes.formatDuration(wait)
              + " is shorter than store.hybrid.write-delay + 50ms ("
              + ValueTypes.formatDuration(delay.plusMillis(50))
              + "); an answer reaching another instance could miss its challenge");
    }
    below(BsfConfigKeys.STORE_HYBRID_MISS_WAIT, wait, budget, problems);
    if (v.has(BsfConfigKeys.CASSANDRA_SESSION_MISS_WAIT)) {
      // A lookup's re-reads must end within the store budget of KeyService (Zn, Nbsp_GBA), or an
      // unknown B-TID becomes a timeout (a transient error to the NAF) instead of "unknown".
      below(
          BsfConfigKeys.CASSANDRA_SESSION_MISS_WAIT,
          v.get(BsfConfigKeys.CASSANDRA_SESSION_MISS_WAIT),
          budget,
          problems);
    }
  }

  private static void below(
      ConfigKey<java.time.Duration> key,
      java.time.Duration wait,
      java.time.Duration budget,
      List<String> problems) {
    if (wait.compareTo(budget) >= 0) {
      problems.add(
          key.name()
              + ": "
              + ValueTypes.formatDuration(wait)
              + " must be below ub.store-timeout ("
              + ValueTypes.formatDuration(budget)
              + ")");
    }
  }

  /** The SBA's rules (docs/sba.md). */
  private static void sba(View v, List<String> problems) {
    if (!v.has(
        BsfConfigKeys.HSS_TYPE,
        SbaClientConfigKeys.N65_INSTANCES,
        SbaClientConfigKeys.UDM_INSTANCES,
        SbaConfigKeys.SBI_ENABLED,
        SbaConfigKeys.SBI_TLS_ENABLED,
        SbaConfigKeys.SBI_TLS_CLIENT_AUTH,
        SbaConfigKeys.NBSP_NAFS,
        SbaConfigKeys.NBSP_OAUTH2_NRF_KEYS,
        SbaConfigKeys.NBSP_OAUTH2_NF_INSTANCE_ID)) {
      return;
    }
    String hss = v.get(BsfConfigKeys.HSS_TYPE);
    List<java.net.URI> instances =
        hss.equals("n65")
            ? v.get(SbaClientConfigKeys.N65_INSTANCES)
            : hss.equals("udm") ? v.get(SbaClientConfigKeys.UDM_INSTANCES) : List.of();
    boolean discovered =
        v.has(NrfConfigKeys.NRF_ENABLED, NrfConfigKeys.NRF_DISCOVER_HSS)
            && v.get(NrfConfigKeys.NRF_ENABLED)
            && v.get(NrfConfigKeys.NRF_DISCOVER_HSS);
    boolean several =
        instances.size() > 1 || discovered && (hss.equals("n65") || hss.equals("udm"));
    if (several
        && v.has(SbaClientConfigKeys.SBI_CLIENT_REQUEST_TIMEOUT, BsfConfigKeys.UB_HSS_TIMEOUT)
        && v.get(SbaClientConfigKeys.SBI_CLIENT_REQUEST_TIMEOUT)
                .compareTo(v.get(BsfConfigKeys.UB_HSS_TIMEOUT))
            >= 0) {
      problems.add(
          "sbi.client.request-timeout: must be shorter than ub.hss-timeout, which all attempts of"
              + " a request share, or no other instance is ever tried");
    }
    if (hss.equals("n65") && v.get(SbaClientConfigKeys.N65_INSTANCES).isEmpty() && !discovered) {
      problems.add(
          "n65.instances: required with hss.type=n65 (the HSS apiRoots), unless the NRF discovers"
              + " them (nrf.enabled=true)");
    }
    if (hss.equals("udm") && v.get(SbaClientConfigKeys.UDM_INSTANCES).isEmpty() && !discovered) {
      problems.add(
          "udm.instances: required with hss.type=udm (the UDM apiRoots), unless the NRF discovers"
              + " them (nrf.enabled=true)");
    }
    if (v.get(SbaConfigKeys.NBSP_OAUTH2_NRF_KEYS).isPresent()
        && v.get(SbaConfigKeys.NBSP_OAUTH2_NF_INSTANCE_ID).isEmpty()
        && !(v.has(NrfConfigKeys.NRF_NF_INSTANCE_ID)
            && !v.get(NrfConfigKeys.NRF_NF_INSTANCE_ID).isEmpty())) {
      problems.add(
          "nbsp.oauth2.nf-instance-id: required with nbsp.oauth2.nrf-keys (the audience tokens"
              + " must name; or set nrf.nf-instance-id)");
    }
    if (!v.get(SbaConfigKeys.SBI_ENABLED)) {
      return;
    }
    if (v.has(BsfConfigKeys.UB_STORE_TIMEOUT, SbaConfigKeys.SBI_REQUEST_TIMEOUT)
        && v.get(BsfConfigKeys.UB_STORE_TIMEOUT).compareTo(v.get(SbaConfigKeys.SBI_REQUEST_TIMEOUT))
            >= 0) {
      problems.add(
          "sbi.request-timeout: must be longer than ub.store-timeout, or a NAF gets 503"
              + " NF_CONGESTION where the store's own answer was due");
    }
    if (v.get(SbaConfigKeys.SBI_TLS_ENABLED)
        && !v.get(SbaConfigKeys.SBI_TLS_CLIENT_AUTH).equals("none")
        && v.has(SbaConfigKeys.SBI_TLS_TRUST)
        && v.get(SbaConfigKeys.SBI_TLS_TRUST).isEmpty()) {
      problems.add(
          "sbi.tls.trust: required with sbi.tls.client-auth "
              + v.get(SbaConfigKeys.SBI_TLS_CLIENT_AUTH)
              + " (the CA of NAF certificates; the JVM's public CAs would admit anyone with a"
              + " certificate for a name in nbsp.nafs)");
    }
    if (v.get(SbaConfigKeys.NBSP_NAFS).isEmpty()) {
      problems.add(
          "nbsp.nafs: required with sbi.enabled=true (identity=naf-group of each NAF allowed on"
              + " Nbsp_GBA)");
    }
    boolean certificates =
        v.get(SbaConfigKeys.SBI_TLS_ENABLED)
            && !v.get(SbaConfigKeys.SBI_TLS_CLIENT_AUTH).equals("none");
    if (!certificates && v.get(SbaConfigKeys.NBSP_OAUTH2_NRF_KEYS).isEmpty()) {
      problems.add(
          "sbi.enabled=true: NAFs could not be identified; set sbi.tls.enabled=true with"
              + " sbi.tls.client-auth optional or require, or nbsp.oauth2.nrf-keys");
    }
  }

  /** The NRF's rules (docs/sba.md, "NRF"). */
  private static void nrf(View v, List<String> problems) {
    if (!v.has(
        NrfConfigKeys.NRF_ENABLED,
        NrfConfigKeys.NRF_API_ROOT,
        NrfConfigKeys.NRF_NF_INSTANCE_ID,
        NrfConfigKeys.NRF_REGISTER,
        NrfConfigKeys.NRF_PROFILE_FQDN,
        NrfConfigKeys.NRF_PROFILE_IPV4,
        SbaConfigKeys.NBSP_OAUTH2_NF_INSTANCE_ID,
        SbaConfigKeys.SBI_ENABLED,
        SbaConfigKeys.SBI_LISTEN_ADDRESS,
        BsfConfigKeys.HSS_TYPE)) {
      return;
    }
    if (!v.get(NrfConfigKeys.NRF_ENABLED)) {
      return;
    }
    if (v.get(NrfConfigKeys.NRF_API_ROOT).isEmpty()) {
      problems.add(
          "nrf.api-root: required with nrf.enabled=true (the NRF's apiRoot, e.g."
              + " https://nrf.5gc.home1.net:443)");
    }
    String own = v.get(NrfConfigKeys.NRF_NF_INSTANCE_ID);
    String nbsp = v.get(SbaConfigKeys.NBSP_OAUTH2_NF_INSTANCE_ID);
    if (own.isEmpty() && nbsp.isEmpty()) {
      problems.add(
          "nrf.nf-instance-id: required with nrf.enabled=true (this BSF's NF instance id, a UUID;"
              + " or set nbsp.oauth2.nf-instance-id)");
    } else if (!own.isEmpty() && !nbsp.isEmpty() && !own.equalsIgnoreCase(nbsp)) {
      problems.add(
          "nrf.nf-instance-id ("
              + v.source(NrfConfigKeys.NRF_NF_INSTANCE_ID)
              + "): differs from nbsp.oauth2.nf-instance-id; a BSF has one NF instance id (set"
              + " one of them)");
    }
    String hss = v.get(BsfConfigKeys.HSS_TYPE);
    boolean hssOnSba = hss.equals("n65") || hss.equals("udm");
    if (!v.get(NrfConfigKeys.NRF_REGISTER)) {
      if (!hssOnSba) {
        problems.add(
            "nrf.enabled=true: nothing would use the NRF (nrf.register=false, and hss.type="
                + hss
                + " takes no instances or tokens from it)");
      }
      return;
    }
    if (!v.get(SbaConfigKeys.SBI_ENABLED)) {
      problems.add(
          "nrf.register=true: needs sbi.enabled=true (the service registered, nbsp-gba, is served"
              + " by the SBI server); set nrf.register=false to use the NRF for discovery and"
              + " tokens only");
      return;
    }
    if (NrfConfigKeys.profileAddress(
            v.get(NrfConfigKeys.NRF_PROFILE_FQDN),
            v.get(NrfConfigKeys.NRF_PROFILE_IPV4),
            v.get(SbaConfigKeys.SBI_LISTEN_ADDRESS))
        .isEmpty()) {
      problems.add(
          "nrf.profile.fqdn or nrf.profile.ipv4: required with nrf.register=true when"
              + " sbi.listen-address ("
              + v.get(SbaConfigKeys.SBI_LISTEN_ADDRESS)
              + ") is no address NAFs can use (the address registered at the NRF)");
    }
  }

  private static void pair(
      View v,
      ConfigKey<Optional<java.nio.file.Path>> cert,
      ConfigKey<Optional<java.nio.file.Path>> key,
      List<String> problems) {
    if (v.has(cert, key) && v.get(cert).isPresent() != v.get(key).isPresent()) {
      ConfigKey<?> missing = v.get(cert).isPresent() ? key : cert;
      ConfigKey<?> set = v.get(cert).isPresent() ? cert : key;
      problems.add(missing.name() + ": required with " + set.name() + " (" + v.source(set) + ")");
    }
  }

  private static void requires(
      View v,
      ConfigKey<Boolean> flag,
      String when,
      ConfigKey<Optional<java.nio.file.Path>> file,
      List<String> problems) {
    if (v.has(flag, file) && v.get(flag) && v.get(file).isEmpty()) {
      problems.add(file.name() + ": required with " + flag.name() + "=" + when);
    }
  }

  /** Typed reads of the resolved values. */
  private record View(Map<ConfigKey<?>, ResolvedConfig.Value> values) {
    boolean has(ConfigKey<?>... keys) {
      return java.util.Arrays.stream(keys).allMatch(values::containsKey);
    }

    @SuppressWarnings("unchecked")
    <T> T get(ConfigKey<T> key) {
      return (T) values.get(key).value();
    }

    ConfigSource source(ConfigKey<?> key) {
      return values.get(key).source();
    }

    /** The text a list or map was parsed from. */
    String written(ConfigKey<?> key) {
      return values.get(key).written();
    }
  }
}
