package org.gbabsf.server.config;

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
    pair(v, UbConfig.TLS_CERTIFICATE, UbConfig.TLS_PRIVATE_KEY, problems);
    pair(v, AdminConfig.TLS_CERTIFICATE, AdminConfig.TLS_PRIVATE_KEY, problems);
    pair(v, CassandraConfig.TLS_CERTIFICATE, CassandraConfig.TLS_PRIVATE_KEY, problems);
    pair(v, DiameterConfig.TLS_CERTIFICATE, DiameterConfig.TLS_PRIVATE_KEY, problems);
    pair(v, SbiConfig.TLS_CERTIFICATE, SbiConfig.TLS_PRIVATE_KEY, problems);
    pair(v, SbiClientConfig.TLS_CERTIFICATE, SbiClientConfig.TLS_PRIVATE_KEY, problems);
    requires(v, SbiConfig.TLS_ENABLED, "true", SbiConfig.TLS_CERTIFICATE, problems);
    sba(v, problems);
    nafsAreNotHss(v, problems);
    sourcesNameKnownPeers(v, problems);
    hybridStore(v, problems);
    nrf(v, problems);
    requires(v, UbConfig.TLS_ENABLED, "true", UbConfig.TLS_CERTIFICATE, problems);
    requires(v, AdminConfig.TLS_ENABLED, "true", AdminConfig.TLS_CERTIFICATE, problems);
    if (!v.has(
        DiameterConfig.TLS_PORT,
        DiameterConfig.TLS_PEERS,
        DiameterConfig.TLS_CERTIFICATE,
        DiameterConfig.TLS_TRUST,
        DiameterConfig.LISTEN_PORT,
        StoreConfig.TYPE,
        StoreConfig.SEAL_ENABLED,
        StoreConfig.SEAL_KEY_RING_FILE,
        CassandraConfig.PASSWORD,
        CassandraConfig.PASSWORD_FILE)) {
      return; // a key failed on its own: its problem is reported, not repeated here
    }
    boolean diameterTls =
        v.get(DiameterConfig.TLS_PORT) != 0 || !v.get(DiameterConfig.TLS_PEERS).none();
    if (diameterTls) {
      String why =
          v.get(DiameterConfig.TLS_PORT) != 0
              ? "diameter.tls.port " + v.get(DiameterConfig.TLS_PORT)
              : "diameter.tls.peers " + v.written(DiameterConfig.TLS_PEERS);
      for (ConfigKey<Optional<java.nio.file.Path>> k :
          List.of(DiameterConfig.TLS_CERTIFICATE, DiameterConfig.TLS_TRUST)) {
        if (v.get(k).isEmpty()) {
          problems.add(
              k.name() + ": required with " + why + " (Diameter TLS is mutual: RFC 6733 §13.1)");
        }
      }
    }
    if (v.get(DiameterConfig.TLS_PORT) != 0
        && v.get(DiameterConfig.TLS_PORT).equals(v.get(DiameterConfig.LISTEN_PORT))) {
      problems.add(
          "diameter.tls.port ("
              + v.source(DiameterConfig.TLS_PORT)
              + "): must differ from diameter.listen-port");
    }
    if (v.get(StoreConfig.TYPE).equals("cassandra")
        && v.get(StoreConfig.SEAL_ENABLED)
        && v.get(StoreConfig.SEAL_KEY_RING_FILE).isEmpty()) {
      problems.add(
          "store.seal.key-ring-file: required with store.type=cassandra, which seals every key it"
              + " stores (docs/security.md); make one with 'bsf keyring new > FILE', or set"
              + " store.seal.enabled=false to store keys in clear");
    }
    if (!v.get(CassandraConfig.PASSWORD).isEmpty()
        && v.get(CassandraConfig.PASSWORD_FILE).isPresent()) {
      problems.add(
          "cassandra.password-file ("
              + v.source(CassandraConfig.PASSWORD_FILE)
              + "): set together with cassandra.password; give the password once");
    }
  }

  /**
   * Every identity of diameter.peer-sources is an HSS of zh.peers, a NAF of zn.nafs or a realm of
   * zn.naf-realms: a misspelt one would leave the peer it meant bound to nothing, silently.
   */
  private static void sourcesNameKnownPeers(View v, List<String> problems) {
    if (!v.has(DiameterConfig.PEER_SOURCES, ZhConfig.PEERS, ZnConfig.NAFS, ZnConfig.NAF_REALMS)) {
      return;
    }
    java.util.Set<String> known = new java.util.HashSet<>();
    v.get(ZhConfig.PEERS).forEach(peer -> known.add(lower(peer.host())));
    v.get(ZnConfig.NAFS).keySet().forEach(host -> known.add(lower(host)));
    v.get(ZnConfig.NAF_REALMS).keySet().forEach(realm -> known.add(lower(realm)));
    java.util.Set<String> named = new java.util.LinkedHashSet<>();
    v.get(DiameterConfig.PEER_SOURCES).keySet().forEach(name -> named.add(lower(name)));
    for (String name : named) {
      if (!known.contains(name)) {
        problems.add(
            "diameter.peer-sources ("
                + v.source(DiameterConfig.PEER_SOURCES)
                + "): "
                + name
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
    if (!v.has(ZhConfig.PEERS, ZnConfig.NAFS, HssConfig.TYPE)
        || !v.get(HssConfig.TYPE).equals("zh")) {
      return;
    }
    java.util.Set<String> hss = new java.util.HashSet<>();
    v.get(ZhConfig.PEERS).forEach(peer -> hss.add(lower(peer.host())));
    for (String host : v.get(ZnConfig.NAFS).keySet()) {
      if (hss.contains(lower(host))) {
        problems.add(
            "zn.nafs ("
                + v.source(ZnConfig.NAFS)
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
        StoreConfig.HYBRID_WRITE_DELAY, StoreConfig.HYBRID_MISS_WAIT, UbConfig.STORE_TIMEOUT)) {
      return;
    }
    java.time.Duration delay = v.get(StoreConfig.HYBRID_WRITE_DELAY);
    java.time.Duration wait = v.get(StoreConfig.HYBRID_MISS_WAIT);
    java.time.Duration budget = v.get(UbConfig.STORE_TIMEOUT);
    if (!wait.isZero() && wait.compareTo(delay.plusMillis(50)) < 0) {
      problems.add(
          "store.hybrid.miss-wait: "
              + ValueTypes.formatDuration(wait)
              + " is shorter than store.hybrid.write-delay + 50ms ("
              + ValueTypes.formatDuration(delay.plusMillis(50))
              + "); an answer reaching another instance could miss its challenge");
    }
    below(StoreConfig.HYBRID_MISS_WAIT, wait, budget, problems);
    if (v.has(CassandraConfig.SESSION_MISS_WAIT)) {
      // A lookup's re-reads must end within the store budget of KeyService (Zn, Nbsp_GBA), or an
      // unknown B-TID becomes a timeout (a transient error to the NAF) instead of "unknown".
      below(
          CassandraConfig.SESSION_MISS_WAIT,
          v.get(CassandraConfig.SESSION_MISS_WAIT),
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
        HssConfig.TYPE,
        N65Config.INSTANCES,
        UdmConfig.INSTANCES,
        SbiConfig.ENABLED,
        SbiConfig.TLS_ENABLED,
        SbiConfig.TLS_CLIENT_AUTH,
        NbspConfig.NAFS,
        NbspConfig.OAUTH2_NRF_KEYS,
        NbspConfig.OAUTH2_NF_INSTANCE_ID)) {
      return;
    }
    String hss = v.get(HssConfig.TYPE);
    List<java.net.URI> instances =
        hss.equals("n65")
            ? v.get(N65Config.INSTANCES)
            : hss.equals("udm") ? v.get(UdmConfig.INSTANCES) : List.of();
    boolean discovered =
        v.has(NrfConfig.ENABLED, NrfConfig.DISCOVER_HSS)
            && v.get(NrfConfig.ENABLED)
            && v.get(NrfConfig.DISCOVER_HSS);
    boolean several =
        instances.size() > 1 || discovered && (hss.equals("n65") || hss.equals("udm"));
    if (several
        && v.has(SbiClientConfig.REQUEST_TIMEOUT, UbConfig.HSS_TIMEOUT)
        && v.get(SbiClientConfig.REQUEST_TIMEOUT).compareTo(v.get(UbConfig.HSS_TIMEOUT)) >= 0) {
      problems.add(
          "sbi.client.request-timeout: must be shorter than ub.hss-timeout, which all attempts of"
              + " a request share, or no other instance is ever tried");
    }
    if (hss.equals("n65") && v.get(N65Config.INSTANCES).isEmpty() && !discovered) {
      problems.add(
          "n65.instances: required with hss.type=n65 (the HSS apiRoots), unless the NRF discovers"
              + " them (nrf.enabled=true)");
    }
    if (hss.equals("udm") && v.get(UdmConfig.INSTANCES).isEmpty() && !discovered) {
      problems.add(
          "udm.instances: required with hss.type=udm (the UDM apiRoots), unless the NRF discovers"
              + " them (nrf.enabled=true)");
    }
    if (v.get(NbspConfig.OAUTH2_NRF_KEYS).isPresent()
        && v.get(NbspConfig.OAUTH2_NF_INSTANCE_ID).isEmpty()
        && !(v.has(NrfConfig.NF_INSTANCE_ID) && !v.get(NrfConfig.NF_INSTANCE_ID).isEmpty())) {
      problems.add(
          "nbsp.oauth2.nf-instance-id: required with nbsp.oauth2.nrf-keys (the audience tokens"
              + " must name; or set nrf.nf-instance-id)");
    }
    if (!v.get(SbiConfig.ENABLED)) {
      return;
    }
    if (v.has(UbConfig.STORE_TIMEOUT, SbiConfig.REQUEST_TIMEOUT)
        && v.get(UbConfig.STORE_TIMEOUT).compareTo(v.get(SbiConfig.REQUEST_TIMEOUT)) >= 0) {
      problems.add(
          "sbi.request-timeout: must be longer than ub.store-timeout, or a NAF gets 503"
              + " NF_CONGESTION where the store's own answer was due");
    }
    if (v.get(SbiConfig.TLS_ENABLED)
        && !v.get(SbiConfig.TLS_CLIENT_AUTH).equals("none")
        && v.has(SbiConfig.TLS_TRUST)
        && v.get(SbiConfig.TLS_TRUST).isEmpty()) {
      problems.add(
          "sbi.tls.trust: required with sbi.tls.client-auth "
              + v.get(SbiConfig.TLS_CLIENT_AUTH)
              + " (the CA of NAF certificates; the JVM's public CAs would admit anyone with a"
              + " certificate for a name in nbsp.nafs)");
    }
    if (v.get(NbspConfig.NAFS).isEmpty()) {
      problems.add(
          "nbsp.nafs: required with sbi.enabled=true (identity=naf-group of each NAF allowed on"
              + " Nbsp_GBA)");
    }
    boolean certificates =
        v.get(SbiConfig.TLS_ENABLED) && !v.get(SbiConfig.TLS_CLIENT_AUTH).equals("none");
    if (!certificates && v.get(NbspConfig.OAUTH2_NRF_KEYS).isEmpty()) {
      problems.add(
          "sbi.enabled=true: NAFs could not be identified; set sbi.tls.enabled=true with"
              + " sbi.tls.client-auth optional or require, or nbsp.oauth2.nrf-keys");
    }
  }

  /** The NRF's rules (docs/sba.md, "NRF"). */
  private static void nrf(View v, List<String> problems) {
    if (!v.has(
        NrfConfig.ENABLED,
        NrfConfig.API_ROOT,
        NrfConfig.NF_INSTANCE_ID,
        NrfConfig.REGISTER,
        NrfConfig.PROFILE_FQDN,
        NrfConfig.PROFILE_IPV4,
        NbspConfig.OAUTH2_NF_INSTANCE_ID,
        SbiConfig.ENABLED,
        SbiConfig.LISTEN_ADDRESS,
        HssConfig.TYPE)) {
      return;
    }
    if (!v.get(NrfConfig.ENABLED)) {
      return;
    }
    if (v.get(NrfConfig.API_ROOT).isEmpty()) {
      problems.add(
          "nrf.api-root: required with nrf.enabled=true (the NRF's apiRoot, e.g."
              + " https://nrf.5gc.home1.net:443)");
    }
    String own = v.get(NrfConfig.NF_INSTANCE_ID);
    String nbsp = v.get(NbspConfig.OAUTH2_NF_INSTANCE_ID);
    if (own.isEmpty() && nbsp.isEmpty()) {
      problems.add(
          "nrf.nf-instance-id: required with nrf.enabled=true (this BSF's NF instance id, a UUID;"
              + " or set nbsp.oauth2.nf-instance-id)");
    } else if (!own.isEmpty() && !nbsp.isEmpty() && !own.equalsIgnoreCase(nbsp)) {
      problems.add(
          "nrf.nf-instance-id ("
              + v.source(NrfConfig.NF_INSTANCE_ID)
              + "): differs from nbsp.oauth2.nf-instance-id; a BSF has one NF instance id (set"
              + " one of them)");
    }
    String hss = v.get(HssConfig.TYPE);
    boolean hssOnSba = hss.equals("n65") || hss.equals("udm");
    if (!v.get(NrfConfig.REGISTER)) {
      if (!hssOnSba) {
        problems.add(
            "nrf.enabled=true: nothing would use the NRF (nrf.register=false, and hss.type="
                + hss
                + " takes no instances or tokens from it)");
      }
      return;
    }
    if (!v.get(SbiConfig.ENABLED)) {
      problems.add(
          "nrf.register=true: needs sbi.enabled=true (the service registered, nbsp-gba, is served"
              + " by the SBI server); set nrf.register=false to use the NRF for discovery and"
              + " tokens only");
      return;
    }
    if (NrfConfig.profileAddress(
            v.get(NrfConfig.PROFILE_FQDN),
            v.get(NrfConfig.PROFILE_IPV4),
            v.get(SbiConfig.LISTEN_ADDRESS))
        .isEmpty()) {
      problems.add(
          "nrf.profile.fqdn or nrf.profile.ipv4: required with nrf.register=true when"
              + " sbi.listen-address ("
              + v.get(SbiConfig.LISTEN_ADDRESS)
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
