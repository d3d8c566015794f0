package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.diameter.SourceNetwork;

/**
 * The BSF's Diameter node (RFC 6733): its identity, listener, watchdog, limits, TLS and the sources
 * peers may connect from.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param originHost {@code diameter.origin-host}: Our Diameter identity, already defaulted:
 *     bsf.name when empty
 * @param originRealm {@code diameter.origin-realm}: Our Diameter realm
 * @param listenAddress {@code diameter.listen-address}: Diameter listen address
 * @param listenPort {@code diameter.listen-port}: Diameter listen port
 * @param watchdogInterval {@code diameter.watchdog-interval}: Device watchdog interval
 * @param reconnectInterval {@code diameter.reconnect-interval}: Reconnection interval
 * @param tcpNodelay {@code diameter.tcp-nodelay}: TCP_NODELAY on Diameter connections
 * @param maxMessageLength {@code diameter.max-message-length}: The largest Diameter message read
 * @param cerTimeout {@code diameter.cer-timeout}: How long a connecting peer may take to send its
 *     CER
 * @param maxPendingConnections {@code diameter.max-pending-connections}: Accepted connections still
 *     waiting for their CER, at most
 * @param maxPendingRequests {@code diameter.max-pending-requests}: Application requests of one
 *     Diameter connection held unanswered, at most
 * @param peerSources {@code diameter.peer-sources}: Where Diameter identities may connect from
 * @param tlsPort {@code diameter.tls.port}: The Diameter TLS port
 * @param tlsCertificate {@code diameter.tls.certificate}: The Diameter node's certificate
 * @param tlsPrivateKey {@code diameter.tls.private-key}: Its private key
 * @param tlsTrust {@code diameter.tls.trust}: CAs for Diameter peers
 * @param tlsPeers {@code diameter.tls.peers}: Which Diameter peers must use TLS
 * @param tlsAllowWildcardCertificates {@code diameter.tls.allow-wildcard-certificates}: Whether
 *     wildcard certificate names count as Diameter identities
 */
public record DiameterConfig(
    String originHost,
    String originRealm,
    String listenAddress,
    int listenPort,
    Duration watchdogInterval,
    Duration reconnectInterval,
    boolean tcpNodelay,
    int maxMessageLength,
    Duration cerTimeout,
    int maxPendingConnections,
    int maxPendingRequests,
    Map<String, List<SourceNetwork>> peerSources,
    int tlsPort,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    Optional<Path> tlsTrust,
    TlsPeers tlsPeers,
    boolean tlsAllowWildcardCertificates) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Our Diameter identity. */
  public static final ConfigKey<String> ORIGIN_HOST =
      KEYS.add(
          ConfigKey.of(
                  "diameter.origin-host",
                  ValueTypes.optionalString(),
                  "",
                  "Origin-Host of the BSF's Diameter node (its FQDN, as the HSS knows it); empty"
                      + " means the same as bsf.name.")
              .withValidator(
                  Validator.of(
                      "hostname or empty",
                      v -> v.isEmpty() || HostNameRule.LABELS.accepts(v),
                      "must be a hostname")));

  /** Our Diameter realm. */
  public static final ConfigKey<String> ORIGIN_REALM =
      KEYS.add(
          ConfigKey.of(
              "diameter.origin-realm",
              ValueTypes.hostname(),
              "home1.net",
              "Origin-Realm of the BSF's Diameter node."));

  /** Diameter listen address. */
  public static final ConfigKey<String> LISTEN_ADDRESS =
      KEYS.add(
          ConfigKey.of(
                  "diameter.listen-address",
                  ValueTypes.hostOrAddress(),
                  "127.0.0.1",
                  "IP address the Diameter node listens on and connects from (also sent in CER as"
                      + " Host-IP-Address): the BSF's own address.")
              .withValidator(
                  Validator.of(
                      "a specific address",
                      v -> !v.equals("0.0.0.0") && !v.equals("::") && !v.equals("[::]"),
                      "must be a specific address: it is also the source address and the"
                          + " Host-IP-Address of CER")));

  /** Diameter listen port. */
  public static final ConfigKey<Integer> LISTEN_PORT =
      KEYS.add(
          ConfigKey.of(
              "diameter.listen-port",
              ValueTypes.integer(1, 65535),
              "3868",
              "Diameter (TCP) port of the BSF."));

  /** Device watchdog interval. */
  public static final ConfigKey<Duration> WATCHDOG_INTERVAL =
      KEYS.add(
          ConfigKey.of(
                  "diameter.watchdog-interval",
                  ValueTypes.positiveDuration(),
                  "30s",
                  "Idle time before a Device-Watchdog-Request (Tw of RFC 3539).")
              .withValidator(Validators.atLeast(Duration.ofSeconds(6))));

  /** Reconnection interval. */
  public static final ConfigKey<Duration> RECONNECT_INTERVAL =
      KEYS.add(
          ConfigKey.of(
              "diameter.reconnect-interval",
              ValueTypes.positiveDuration(),
              "5s",
              "Pause between reconnection attempts to a lost peer."));

  /** TCP_NODELAY on Diameter connections. */
  public static final ConfigKey<Boolean> TCP_NODELAY =
      KEYS.add(
          ConfigKey.of(
              "diameter.tcp-nodelay",
              ValueTypes.bool(),
              "true",
              "Set TCP_NODELAY on Diameter connections; false restores jdiameter's default"
                  + " (Nagle), which adds up to 40 ms to some answers (docs/diameter.md)."));

  /** The largest Diameter message read. */
  public static final ConfigKey<Integer> MAX_MESSAGE_LENGTH =
      KEYS.add(
          ConfigKey.of(
              "diameter.max-message-length",
              ValueTypes.integer(1024, 16_777_215),
              "65536",
              "Largest Diameter message read, in bytes: a longer one is answered 5015"
                  + " DIAMETER_INVALID_MESSAGE_LENGTH on its header alone and its connection"
                  + " closed (a BIR or MAA is under 2 KiB)."));

  /** How long a connecting peer may take to send its CER. */
  public static final ConfigKey<Duration> CER_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "diameter.cer-timeout",
              ValueTypes.positiveDuration(),
              "5s",
              "An accepted Diameter connection without a valid CER within this time is closed"
                  + " (counted as bsf.diameter.peers.refused{reason=cer_timeout}). It also bounds"
                  + " how long an admitted CER waits for the stack to finish with its host's"
                  + " earlier connection, and an admitted connection on which the stack sends no"
                  + " CEA within twice this time is closed (reason=no_cea); docs/diameter.md, \"A"
                  + " peer that reconnects at once\"."));

  /** Accepted connections still waiting for their CER, at most. */
  public static final ConfigKey<Integer> MAX_PENDING_CONNECTIONS =
      KEYS.add(
          ConfigKey.of(
              "diameter.max-pending-connections",
              ValueTypes.integer(1, 100_000),
              "64",
              "Accepted Diameter connections that have not yet sent a valid CER, at most; more"
                  + " are closed at once (reason too_many_pending). They cost a buffer each, no"
                  + " thread."));

  /** Application requests of one Diameter connection held unanswered, at most. */
  public static final ConfigKey<Integer> MAX_PENDING_REQUESTS =
      KEYS.add(
          ConfigKey.of(
              "diameter.max-pending-requests",
              ValueTypes.integer(1, 9_000),
              "1000",
              "Requests (BIRs, say) of one Diameter connection that the BSF holds unanswered, at"
                  + " most; a request past it is answered 3004 DIAMETER_TOO_BUSY by the transport"
                  + " (bsf.diameter.requests.refused{result=3004}) and the connection stays open."
                  + " At most 9000: jdiameter queues a peer's events in a queue of 10,000, and a full"
                  + " queue would stop the node's I/O thread, which serves every connection. Keep the"
                  + " sum over the NAFs that may flood at once under 10,240, jdiameter's node-wide"
                  + " table of requests being answered; docs/diameter.md, \"Requests a peer may"
                  + " leave unanswered\"."));

  /** Where Diameter identities may connect from. */
  public static final ConfigKey<Map<String, List<SourceNetwork>>> PEER_SOURCES =
      KEYS.add(
          ConfigKey.of(
              "diameter.peer-sources",
              EntryTypes.sourceNetworks(
                  "host-or-realm=cidr|cidr,…",
                  "must be origin-host-or-realm=cidr|cidr entries, comma-separated, with"
                      + " literal IPv4 or IPv6 networks"),
              "",
              "Source networks Diameter identities may connect from, as"
                  + " origin-host-or-realm=cidr|cidr, comma-separated (10.1.0.0/16,"
                  + " 2001:db8::/32, or one address). An HSS of zh.peers is always admitted"
                  + " from the addresses its configured address resolves to at start-up, or"
                  + " over TLS with a certificate naming it; list it here for more (a"
                  + " multi-homed HSS, a relay agent). A NAF of zn.nafs (by host) or"
                  + " zn.naf-realms (by realm) listed here is admitted only from its networks,"
                  + " TLS or not; an unlisted one from anywhere, with a WARN at start-up unless"
                  + " diameter.tls.peers requires TLS of it. A CER from elsewhere gets CEA 3010"
                  + " (bsf.diameter.peers.refused{reason=source_not_allowed}). Each identity"
                  + " listed must be a host of zh.peers or zn.nafs or a realm of zn.naf-realms"
                  + " (a misspelt one is refused at start-up). Empty: NAFs unbound;"
                  + " docs/security.md."));

  /** The Diameter TLS port. */
  public static final ConfigKey<Integer> TLS_PORT =
      KEYS.add(
          ConfigKey.of(
              "diameter.tls.port",
              ValueTypes.integer(0, 65535),
              "0",
              "Port for Diameter over TLS from the first byte (RFC 6733 §2.1: 5658; IANA, Wireshark"
                  + " and freeDiameter use 5868), beside diameter.listen-port; peers must present a"
                  + " certificate naming their Origin-Host. 0: no TLS listener."));

  /** The Diameter node's certificate. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "diameter.tls.certificate",
              "Certificate of the BSF's Diameter node, naming diameter.origin-host; presented"
                  + " on diameter.tls.port and to the peers of diameter.tls.peers."
                  + KeyGroup.PEM_CERT));

  /** Its private key. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "diameter.tls.private-key",
              "Private key of diameter.tls.certificate." + KeyGroup.PEM_KEY));

  /** CAs for Diameter peers. */
  public static final ConfigKey<Optional<Path>> TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "diameter.tls.trust",
              "PEM CA certificates that Diameter peers' certificates (HSS, NAFs) must lead to."
                  + " Reloaded when it changes."));

  /** Which Diameter peers must use TLS. */
  public static final ConfigKey<TlsPeers> TLS_PEERS =
      KEYS.add(
          ConfigKey.of(
              "diameter.tls.peers",
              EntryTypes.tlsPeers(),
              "",
              "Diameter peers that must use TLS, as Origin-Hosts, comma-separated, or * for"
                  + " all: HSS peers among them are connected with TLS (their zh.peers port is"
                  + " then their TLS port), and NAFs among them are refused on the plain port"
                  + " (CEA 5017). A peer's certificate must name its Origin-Host."));

  /** Whether wildcard certificate names count as Diameter identities. */
  public static final ConfigKey<Boolean> TLS_ALLOW_WILDCARD_CERTIFICATES =
      KEYS.add(
          ConfigKey.of(
              "diameter.tls.allow-wildcard-certificates",
              ValueTypes.bool(),
              "false",
              "Let a wildcard name in a Diameter peer's certificate (*.naf.example.org) stand for"
                  + " an Origin-Host. false: only an exact dNSName (or, without any, the CN) names"
                  + " a peer, since one wildcard certificate would let a NAF claim every sibling's"
                  + " identity and so, through the own-FQDN rule, their keys. The certificate is"
                  + " refused as certificate_mismatch (CEA 3010)."));

  /** The section from validated values. */
  static DiameterConfig from(ResolvedConfig r) {
    return new DiameterConfig(
        r.get(ORIGIN_HOST).isEmpty() ? r.get(NodeConfig.NAME) : r.get(ORIGIN_HOST),
        r.get(ORIGIN_REALM),
        r.get(LISTEN_ADDRESS),
        r.get(LISTEN_PORT),
        r.get(WATCHDOG_INTERVAL),
        r.get(RECONNECT_INTERVAL),
        r.get(TCP_NODELAY),
        r.get(MAX_MESSAGE_LENGTH),
        r.get(CER_TIMEOUT),
        r.get(MAX_PENDING_CONNECTIONS),
        r.get(MAX_PENDING_REQUESTS),
        r.get(PEER_SOURCES),
        r.get(TLS_PORT),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY),
        r.get(TLS_TRUST),
        r.get(TLS_PEERS),
        r.get(TLS_ALLOW_WILDCARD_CERTIFICATES));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
