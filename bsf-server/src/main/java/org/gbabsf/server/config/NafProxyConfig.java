package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.naf.Routes;

/**
 * The NAF authentication proxy (TS 24.109 §7, `bsf naf-proxy`): Ua listener, routes, its Zn link to
 * the BSF, and AKMA beside GBA (TS 33.535 Annex B: its Naanf link to the AAnF).
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param listenAddress {@code naf-proxy.listen-address}: Where the proxy listens
 * @param port {@code naf-proxy.port}: Its port
 * @param ioThreads {@code naf-proxy.io-threads}: Its event loops
 * @param routes {@code naf-proxy.routes}: Which application servers
 * @param tlsEnabled {@code naf-proxy.tls.enabled}: HTTPS toward UEs
 * @param tlsCertificate {@code naf-proxy.tls.certificate}: Its certificate
 * @param tlsPrivateKey {@code naf-proxy.tls.private-key}: Its key
 * @param nonceValidity {@code naf-proxy.nonce-validity}: Nonce validity
 * @param maxNonces {@code naf-proxy.max-nonces}: Nonces held
 * @param maxKeys {@code naf-proxy.max-keys}: Keys cached
 * @param maxBody {@code naf-proxy.max-body}: Largest request body
 * @param idleTimeout {@code naf-proxy.idle-timeout}: Idle keep-alive
 * @param upstreamConnectTimeout {@code naf-proxy.upstream-connect-timeout}: Upstream connect
 *     timeout
 * @param upstreamTimeout {@code naf-proxy.upstream-timeout}: Upstream answer timeout
 * @param upstreamConnections {@code naf-proxy.upstream-connections}: Upstream connections
 * @param retryAfter {@code naf-proxy.retry-after}: Retry-After of 503
 * @param forwardedFor {@code naf-proxy.forwarded-for}: What becomes of the X-Forwarded-For a UE
 *     sends
 * @param originHost {@code naf-proxy.origin-host}: Our Diameter identity
 * @param originRealm {@code naf-proxy.origin-realm}: Our realm
 * @param diameterAddress {@code naf-proxy.diameter-address}: Where our node listens
 * @param diameterPort {@code naf-proxy.diameter-port}: Its port
 * @param bsfPeer {@code naf-proxy.bsf-peer}: The BSF
 * @param bsfRealm {@code naf-proxy.bsf-realm}: The BSF's realm
 * @param znTimeout {@code naf-proxy.zn-timeout}: Zn answer timeout
 * @param diameterTlsCertificate {@code naf-proxy.diameter-tls.certificate}: Zn over TLS
 * @param diameterTlsPrivateKey {@code naf-proxy.diameter-tls.private-key}: Its key
 * @param diameterTlsTrust {@code naf-proxy.diameter-tls.trust}: CAs of the BSF's certificate
 * @param akma {@code naf-proxy.akma.*}: AKMA beside GBA ({@link NafProxyAkmaConfig})
 */
public record NafProxyConfig(
    String listenAddress,
    int port,
    int ioThreads,
    Optional<Routes> routes,
    boolean tlsEnabled,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    Duration nonceValidity,
    int maxNonces,
    int maxKeys,
    int maxBody,
    Duration idleTimeout,
    Duration upstreamConnectTimeout,
    Duration upstreamTimeout,
    int upstreamConnections,
    Duration retryAfter,
    String forwardedFor,
    String originHost,
    String originRealm,
    String diameterAddress,
    int diameterPort,
    PeerConfig bsfPeer,
    String bsfRealm,
    Duration znTimeout,
    Optional<Path> diameterTlsCertificate,
    Optional<Path> diameterTlsPrivateKey,
    Optional<Path> diameterTlsTrust,
    NafProxyAkmaConfig akma) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Where the proxy listens. */
  public static final ConfigKey<String> LISTEN_ADDRESS =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.listen-address",
              ValueTypes.hostOrAddress(),
              "0.0.0.0",
              "Address the NAF proxy's Ua listener binds."));

  /** Its port. */
  public static final ConfigKey<Integer> PORT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.port",
              ValueTypes.integer(0, 65535),
              "8088",
              "Ua port of the NAF proxy (HTTP, or HTTPS with naf-proxy.tls.enabled); 0 = ephemeral."));

  /** Its event loops. */
  public static final ConfigKey<Integer> IO_THREADS =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.io-threads",
              ValueTypes.integer(0, 256),
              "0",
              "Netty event loops of the proxy (Ua and upstream); 0 means 2 × available processors."));

  /** Which application servers. */
  public static final ConfigKey<Optional<Routes>> ROUTES =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.routes",
              SbiEntryTypes.routes(),
              "",
              "Application servers as host[/path]=http://address:port, comma-separated: the"
                  + " NAF FQDN a UE addresses (each is a NAF_Id of its own), an optional path"
                  + " prefix (the longest matching wins), the upstream. Required by"
                  + " 'bsf naf-proxy'."));

  /** HTTPS toward UEs. */
  public static final ConfigKey<Boolean> TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve Ua over HTTPS (TS 33.222 §5.3: the NAF authenticated by its certificate, the"
                  + " UE by GBA Digest), TLS 1.3/1.2 with the TS 33.310 profile; the certificate"
                  + " must name every host of naf-proxy.routes."));

  /** Its certificate. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.tls.certificate", "Certificate chain of the Ua listener (PEM)."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.tls.private-key", "Private key of naf-proxy.tls.certificate (PEM)."));

  /** Nonce validity. */
  public static final ConfigKey<Duration> NONCE_VALIDITY =
      KEYS.add(
          ConfigKey.of(
                  "naf-proxy.nonce-validity",
                  ValueTypes.positiveDuration(),
                  "5m",
                  "How long a Digest nonce may be used; each nonce count once, increasing.")
              .withValidator(Validators.atMost(Duration.ofHours(1))));

  /** Nonces held. */
  public static final ConfigKey<Integer> MAX_NONCES =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.max-nonces",
              ValueTypes.integer(1, 10_000_000),
              "200000",
              "Nonces held at most; the oldest is dropped when full (bsf.naf.nonces.evicted)."));

  /** Keys cached. */
  public static final ConfigKey<Integer> MAX_KEYS =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.max-keys",
              ValueTypes.integer(1, 10_000_000),
              "100000",
              "NAF keys cached until their expiry; when full, the cache is emptied (keys are a Zn"
                  + " query away)."));

  /** Largest request body. */
  public static final ConfigKey<Integer> MAX_BODY =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.max-body",
              ValueTypes.integer(1024, 64 * 1024 * 1024),
              "1048576",
              "Largest request body in bytes (XCAP documents); larger gets 413."));

  /** Idle keep-alive. */
  public static final ConfigKey<Duration> IDLE_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.idle-timeout",
              ValueTypes.positiveDuration(),
              "60s",
              "Closes a UE's keep-alive connection idle this long."));

  /** Upstream connect timeout. */
  public static final ConfigKey<Duration> UPSTREAM_CONNECT_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.upstream-connect-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Connecting to an application server, and waiting for a free connection to it; a"
                  + " refused connection gives the UE 502, no free connection 503."));

  /** Upstream answer timeout. */
  public static final ConfigKey<Duration> UPSTREAM_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.upstream-timeout",
              ValueTypes.positiveDuration(),
              "10s",
              "Waiting for an application server's answer; beyond it the UE gets 504."));

  /** Upstream connections. */
  public static final ConfigKey<Integer> UPSTREAM_CONNECTIONS =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.upstream-connections",
              ValueTypes.integer(1, 10_000),
              "64",
              "Keep-alive connections per application server, each one request at a time."));

  /** Retry-After of 503. */
  public static final ConfigKey<Duration> RETRY_AFTER =
      KEYS.add(
          ConfigKey.of(
                  "naf-proxy.retry-after",
                  ValueTypes.positiveDuration(),
                  "5s",
                  "Retry-After of 503 answers (BSF unreachable, no free upstream connection).")
              .withValidator(Validators.wholeSeconds()));

  /** What becomes of the X-Forwarded-For a UE sends. */
  public static final ConfigKey<String> FORWARDED_FOR =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.forwarded-for",
              ValueTypes.oneOf("replace", "append"),
              "replace",
              "The X-Forwarded-For the application server sees: replace (the UE's address only;"
                  + " whatever the UE sent, and any Forwarded or X-Forwarded-* field, is removed)"
                  + " or append (the UE's address after the X-Forwarded-For that reached the proxy:"
                  + " only behind a load balancer that sets it, for a UE can write anything"
                  + " there)."));

  /** Our Diameter identity. */
  public static final ConfigKey<String> ORIGIN_HOST =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.origin-host",
              ValueTypes.hostname(),
              "naf.home1.net",
              "The proxy's Diameter Origin-Host toward the BSF: a NAF the BSF admits (zn.nafs);"
                  + " the BSF gives keys for this FQDN, and for the other route hosts only if"
                  + " zn.naf-fqdns grants them (docs/zn.md)."));

  /** Our realm. */
  public static final ConfigKey<String> ORIGIN_REALM =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.origin-realm",
              ValueTypes.hostname(),
              "home1.net",
              "The proxy's Diameter Origin-Realm."));

  /** Where our node listens. */
  public static final ConfigKey<String> DIAMETER_ADDRESS =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.diameter-address",
              ValueTypes.hostOrAddress(),
              "127.0.0.1",
              "The proxy's Diameter address (a specific one: it is also the CER's"
                  + " Host-IP-Address)."));

  /** Its port. */
  public static final ConfigKey<Integer> DIAMETER_PORT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.diameter-port",
              ValueTypes.integer(1, 65535),
              "3870",
              "The proxy's Diameter listening port (it connects to the BSF; nobody else is"
                  + " admitted)."));

  /** The BSF. */
  public static final ConfigKey<PeerConfig> BSF_PEER =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.bsf-peer",
              EntryTypes.peer(),
              "bsf.home1.net=127.0.0.1:3868",
              "The BSF as host=address:port: its Origin-Host and its Diameter port (its TLS"
                  + " port with naf-proxy.diameter-tls.*)."));

  /** The BSF's realm. */
  public static final ConfigKey<String> BSF_REALM =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.bsf-realm",
              ValueTypes.hostname(),
              "home1.net",
              "Destination-Realm of the BIRs: the BSF's realm."));

  /** Zn answer timeout. */
  public static final ConfigKey<Duration> ZN_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.zn-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Waiting for a BIA; beyond it (or with the BSF unreachable) the UE gets 503."));

  /** Zn over TLS. */
  public static final ConfigKey<Optional<Path>> DIAMETER_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.diameter-tls.certificate",
              "Certificate naming naf-proxy.origin-host: set it (with the key and trust) to reach"
                  + " the BSF over Diameter TLS (its certificate must name the bsf-peer host)."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> DIAMETER_TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.diameter-tls.private-key", "Private key of the Zn certificate (PEM)."));

  /** CAs of the BSF's certificate. */
  public static final ConfigKey<Optional<Path>> DIAMETER_TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.diameter-tls.trust", "CA certificates the BSF's certificate leads to."));

  /** The section from validated values. */
  static NafProxyConfig from(ResolvedConfig r) {
    return new NafProxyConfig(
        r.get(LISTEN_ADDRESS),
        r.get(PORT),
        r.get(IO_THREADS),
        r.get(ROUTES),
        r.get(TLS_ENABLED),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY),
        r.get(NONCE_VALIDITY),
        r.get(MAX_NONCES),
        r.get(MAX_KEYS),
        r.get(MAX_BODY),
        r.get(IDLE_TIMEOUT),
        r.get(UPSTREAM_CONNECT_TIMEOUT),
        r.get(UPSTREAM_TIMEOUT),
        r.get(UPSTREAM_CONNECTIONS),
        r.get(RETRY_AFTER),
        r.get(FORWARDED_FOR),
        r.get(ORIGIN_HOST),
        r.get(ORIGIN_REALM),
        r.get(DIAMETER_ADDRESS),
        r.get(DIAMETER_PORT),
        r.get(BSF_PEER),
        r.get(BSF_REALM),
        r.get(ZN_TIMEOUT),
        r.get(DIAMETER_TLS_CERTIFICATE),
        r.get(DIAMETER_TLS_PRIVATE_KEY),
        r.get(DIAMETER_TLS_TRUST),
        NafProxyAkmaConfig.from(r));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    List<ConfigKey<?>> all = new java.util.ArrayList<>(KEYS.keys());
    all.addAll(NafProxyAkmaConfig.keys());
    return List.copyOf(all);
  }
}
