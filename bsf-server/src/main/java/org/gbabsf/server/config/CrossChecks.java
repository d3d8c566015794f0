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
    SbaChecks.sba(v, problems);
    nafsAreNotHss(v, problems);
    sourcesNameKnownPeers(v, problems);
    hybridStore(v, problems);
    tmpiOutlivesSessions(v, problems);
    SbaChecks.nrf(v, problems);
    SbaChecks.aanf(v, problems);
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

  static String lower(String name) {
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

  /** A TMPI is presented once the session of its Ks has expired: it must outlive it. */
  private static void tmpiOutlivesSessions(View v, List<String> problems) {
    if (!v.has(UbConfig.TMPI_ENABLED, UbConfig.TMPI_LIFETIME, StoreConfig.SESSION_MAX_LIFETIME)
        || !v.get(UbConfig.TMPI_ENABLED)) {
      return;
    }
    java.time.Duration tmpi = v.get(UbConfig.TMPI_LIFETIME);
    java.time.Duration session = v.get(StoreConfig.SESSION_MAX_LIFETIME);
    if (tmpi.compareTo(session) <= 0) {
      problems.add(
          "ub.tmpi.lifetime ("
              + v.source(UbConfig.TMPI_LIFETIME)
              + "): "
              + ValueTypes.formatDuration(tmpi)
              + " must exceed session.max-lifetime ("
              + ValueTypes.formatDuration(session)
              + "): a UE presents its TMPI at its next bootstrap, once its key has expired");
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
  record View(Map<ConfigKey<?>, ResolvedConfig.Value> values) {
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
