package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The keys that protect the BSF's interfaces and stored keys: TLS on Ub, the admin port, Diameter
 * and Cassandra; the key ring that seals keys at rest; secrets read from files; their reload. Each
 * is documented in its section of {@code docs/configuration.md} (listed with the other keys of its
 * prefix by {@link BsfConfigKeys#all()}) and, as a whole, in {@code docs/security.md}.
 */
public final class SecurityConfigKeys {

  // Must stay first: the constants below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  private static final String PEM_CERT =
      " PEM, leaf first, then any intermediate CAs; reloaded when it changes"
          + " (security.reload-interval, SIGHUP).";
  private static final String PEM_KEY =
      " Unencrypted PEM: PKCS#8, PKCS#1 (RSA) or SEC1 (EC); keep it readable by the BSF only.";

  /** Whether Ub is served over HTTPS. */
  public static final ConfigKey<Boolean> UB_TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "ub.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve Ub over HTTPS on ub.port (TLS 1.3 and 1.2 with the TS 33.310 Annex E"
                  + " profile, docs/security.md), with ub.tls.certificate and"
                  + " ub.tls.private-key; never falls back to plain HTTP."));

  /** Ub's certificate chain. */
  public static final ConfigKey<Optional<Path>> UB_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path("ub.tls.certificate", "Certificate chain Ub presents to UEs." + PEM_CERT));

  /** Ub's private key. */
  public static final ConfigKey<Optional<Path>> UB_TLS_PRIVATE_KEY =
      KEYS.add(KeyGroup.path("ub.tls.private-key", "Private key of ub.tls.certificate." + PEM_KEY));

  /** Whether the admin port is HTTPS. */
  public static final ConfigKey<Boolean> ADMIN_TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "admin.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve the admin port over HTTPS with admin.tls.certificate and"
                  + " admin.tls.private-key (probes then use scheme HTTPS)."));

  /** The admin port's certificate chain. */
  public static final ConfigKey<Optional<Path>> ADMIN_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "admin.tls.certificate", "Certificate chain of the admin port." + PEM_CERT));

  /** The admin port's private key. */
  public static final ConfigKey<Optional<Path>> ADMIN_TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "admin.tls.private-key", "Private key of admin.tls.certificate." + PEM_KEY));

  /** The bearer token /metrics requires. */
  public static final ConfigKey<Optional<Path>> ADMIN_METRICS_TOKEN_FILE =
      KEYS.add(
          KeyGroup.path(
              "admin.metrics-token-file",
              "File holding the bearer token /metrics requires (Authorization: Bearer <token>;"
                  + " a Prometheus bearer_token_file); empty: /metrics is open. /health and"
                  + " /ready stay open for probes. Reloaded when it changes."));

  /** Whether keys are sealed at rest. */
  public static final ConfigKey<Boolean> STORE_SEAL_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "store.seal.enabled",
              ValueTypes.bool(),
              "true",
              "Seal every key written to Cassandra (Ks; XRES, CK, IK) with AES-256-GCM under"
                  + " store.seal.key-ring-file, bound to its row (docs/security.md). With"
                  + " store.type=cassandra the key ring is then required; false stores keys in"
                  + " clear, with a WARN at every start."));

  /** The key ring file. */
  public static final ConfigKey<Optional<Path>> STORE_SEAL_KEY_RING_FILE =
      KEYS.add(
          KeyGroup.path(
              "store.seal.key-ring-file",
              "Key ring sealing stored keys: lines <id>=<base64 of 32 random octets> and an"
                  + " optional active=<id> (default: the highest id); make a key with 'bsf"
                  + " keyring new'. Mount it from a Secret; reloaded when it changes, so a key is"
                  + " rotated without downtime (docs/security.md)."));

  /** Cassandra password from a file. */
  public static final ConfigKey<Optional<Path>> CASSANDRA_PASSWORD_FILE =
      KEYS.add(
          KeyGroup.path(
              "cassandra.password-file",
              "File holding the Cassandra password (a mounted Secret), instead of"
                  + " cassandra.password; surrounding white space is ignored. Read at start: the"
                  + " driver authenticates its connections with it, so a new password needs a"
                  + " (rolling) restart."));

  /** Cassandra client TLS. */
  public static final ConfigKey<Boolean> CASSANDRA_TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "cassandra.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Connect to Cassandra over TLS (client_encryption_options on the nodes), trusting"
                  + " cassandra.tls.trust; a node that does not speak TLS is not reachable,"
                  + " never used in clear."));

  /** CAs for Cassandra's certificates. */
  public static final ConfigKey<Optional<Path>> CASSANDRA_TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "cassandra.tls.trust",
              "PEM CA certificates the nodes' certificates must lead to; empty: the JVM's"
                  + " default CAs. Reloaded when it changes."));

  /** Client certificate for Cassandra. */
  public static final ConfigKey<Optional<Path>> CASSANDRA_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "cassandra.tls.certificate",
              "Client certificate for mutual TLS (require_client_auth on the nodes); empty:"
                  + " none."
                  + PEM_CERT));

  /** Private key of the Cassandra client certificate. */
  public static final ConfigKey<Optional<Path>> CASSANDRA_TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "cassandra.tls.private-key", "Private key of cassandra.tls.certificate." + PEM_KEY));

  /** Whether node certificates must name the address connected to. */
  public static final ConfigKey<Boolean> CASSANDRA_TLS_HOSTNAME_VERIFICATION =
      KEYS.add(
          ConfigKey.of(
              "cassandra.tls.hostname-verification",
              ValueTypes.bool(),
              "true",
              "Check that each node's certificate names the host or IP address connected to"
                  + " (RFC 2818; nodes found through system.peers are IPs, so their certificates"
                  + " need IP SANs). false only trusts the chain."));

  /** The Diameter TLS port. */
  public static final ConfigKey<Integer> DIAMETER_TLS_PORT =
      KEYS.add(
          ConfigKey.of(
              "diameter.tls.port",
              ValueTypes.integer(0, 65535),
              "0",
              "Port for Diameter over TLS from the first byte (RFC 6733 §2.1: 5658; IANA, Wireshark"
                  + " and freeDiameter use 5868), beside diameter.listen-port; peers must present a"
                  + " certificate naming their Origin-Host. 0: no TLS listener."));

  /** The Diameter node's certificate. */
  public static final ConfigKey<Optional<Path>> DIAMETER_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "diameter.tls.certificate",
              "Certificate of the BSF's Diameter node, naming diameter.origin-host; presented"
                  + " on diameter.tls.port and to the peers of diameter.tls.peers."
                  + PEM_CERT));

  /** Its private key. */
  public static final ConfigKey<Optional<Path>> DIAMETER_TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "diameter.tls.private-key", "Private key of diameter.tls.certificate." + PEM_KEY));

  /** CAs for Diameter peers. */
  public static final ConfigKey<Optional<Path>> DIAMETER_TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "diameter.tls.trust",
              "PEM CA certificates that Diameter peers' certificates (HSS, NAFs) must lead to."
                  + " Reloaded when it changes."));

  /** Which Diameter peers must use TLS. */
  public static final ConfigKey<TlsPeers> DIAMETER_TLS_PEERS =
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
  public static final ConfigKey<Boolean> DIAMETER_TLS_ALLOW_WILDCARD_CERTIFICATES =
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

  /** How often security files are checked. */
  public static final ConfigKey<Duration> SECURITY_RELOAD_INTERVAL =
      KEYS.add(
          ConfigKey.of(
                  "security.reload-interval",
                  ValueTypes.nonNegativeDuration(),
                  "30s",
                  "How often certificate, key, token and key-ring files are checked for changes"
                      + " and reloaded (also at once on SIGHUP); 0: only on SIGHUP.")
              .withValidator(Validators.atMost(Duration.ofHours(1))));

  private SecurityConfigKeys() {}

  /** Every key of this class, in declaration order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
