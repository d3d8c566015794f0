package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.CommonTypes;

/**
 * The keys of the SBI server and its Nbsp_GBA producer for NAFs (docs/sba.md), with their TLS and
 * OAuth2; {@link SbaClientConfigKeys} has those of the client toward the HSS or UDM. Listed with
 * the other keys of their prefix by {@link BsfConfigKeys#all()}.
 */
public final class SbaConfigKeys {

  // Must stay first: the constants below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Whether the SBI server (Nbsp_GBA) runs. */
  public static final ConfigKey<Boolean> SBI_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "sbi.enabled",
              ValueTypes.bool(),
              "false",
              "Serve Nbsp_GBA (TS 29.309) to NAFs over HTTP/2 on sbi.port: h2c with prior"
                  + " knowledge, or h2 over TLS with sbi.tls.enabled. NAFs are admitted by"
                  + " nbsp.nafs."));

  /** Where it listens. */
  public static final ConfigKey<String> SBI_LISTEN_ADDRESS =
      KEYS.add(
          ConfigKey.of(
              "sbi.listen-address",
              ValueTypes.hostOrAddress(),
              "0.0.0.0",
              "Address the SBI server binds."));

  /** Its port. */
  public static final ConfigKey<Integer> SBI_PORT =
      KEYS.add(
          ConfigKey.of(
              "sbi.port",
              ValueTypes.integer(0, 65535),
              "8082",
              "Port of the SBI server; 0 = ephemeral."));

  /** Its event loops. */
  public static final ConfigKey<Integer> SBI_IO_THREADS =
      KEYS.add(
          ConfigKey.of(
              "sbi.io-threads",
              ValueTypes.integer(0, 256),
              "2",
              "Event loops of the SBI server; 0 means 2 × available processors."));

  /** Largest request body. */
  public static final ConfigKey<Integer> SBI_MAX_BODY =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-body",
              ValueTypes.integer(256, 16 * 1024 * 1024),
              "65536",
              "Largest SBI request body in bytes; a larger content-length gets 413 before the body"
                  + " is read."));

  /** Streams per connection. */
  public static final ConfigKey<Integer> SBI_MAX_CONCURRENT_STREAMS =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-concurrent-streams",
              ValueTypes.integer(1, 10_000),
              "100",
              "SETTINGS_MAX_CONCURRENT_STREAMS of each SBI connection; more are refused with"
                  + " RST_STREAM(REFUSED_STREAM)."));

  /** Requests in flight. */
  public static final ConfigKey<Integer> SBI_MAX_IN_FLIGHT =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-in-flight",
              ValueTypes.integer(1, 1_000_000),
              "1000",
              "SBI requests admitted at once over all connections, from their head to their"
                  + " answer; more get 429 (NF_CONGESTION_RISK) with Retry-After. Bodies held are"
                  + " at most sbi.max-in-flight × sbi.max-body bytes."));

  /** Connections. */
  public static final ConfigKey<Integer> SBI_MAX_CONNECTIONS =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-connections",
              ValueTypes.integer(1, 1_000_000),
              "1000",
              "SBI connections open at once; more are closed as they are accepted"
                  + " (bsf.sbi.server.connections.refused)."));

  /** Time per request. */
  public static final ConfigKey<Duration> SBI_REQUEST_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
                  "sbi.request-timeout",
                  ValueTypes.positiveDuration(),
                  "5s",
                  "Time from a stream's opening to its answer: a request still arriving then is"
                      + " reset, an answer not ready gets 503.")
              .withValidator(Validators.atMost(Duration.ofMinutes(5))));

  /** Idle connections. */
  public static final ConfigKey<Duration> SBI_IDLE_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "sbi.idle-timeout",
              ValueTypes.positiveDuration(),
              "5m",
              "An SBI connection without traffic this long is closed with GOAWAY."));

  /** Retry-After. */
  public static final ConfigKey<Duration> SBI_RETRY_AFTER =
      KEYS.add(
          ConfigKey.of(
                  "sbi.retry-after",
                  ValueTypes.positiveDuration(),
                  "1s",
                  "Retry-After of an SBI 429 or 503, in whole seconds.")
              .withValidator(Validators.wholeSeconds()));

  /** TLS on the SBI server. */
  public static final ConfigKey<Boolean> SBI_TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "sbi.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve the SBI over TLS (ALPN h2, TS 33.501 §13.1 with the TS 33.310 profile) with"
                  + " sbi.tls.certificate and sbi.tls.private-key; never falls back to h2c."));

  /** Its certificate. */
  public static final ConfigKey<Optional<Path>> SBI_TLS_CERTIFICATE =
      KEYS.add(KeyGroup.path("sbi.tls.certificate", "Certificate chain of the SBI server (PEM)."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> SBI_TLS_PRIVATE_KEY =
      KEYS.add(KeyGroup.path("sbi.tls.private-key", "Private key of sbi.tls.certificate (PEM)."));

  /** Which CAs NAF certificates must come from. */
  public static final ConfigKey<Optional<Path>> SBI_TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "sbi.tls.trust",
              "CA certificates (PEM) NAF client certificates must chain to; empty: the JVM's."));

  /** Client certificates. */
  public static final ConfigKey<String> SBI_TLS_CLIENT_AUTH =
      KEYS.add(
          ConfigKey.of(
              "sbi.tls.client-auth",
              ValueTypes.oneOf("none", "optional", "require"),
              "optional",
              "Whether NAFs present a certificate (mutual TLS): require, optional (a NAF without"
                  + " one must then bring an access token), none. Its dNSNames identify the NAF."));

  /** TLS versions. */
  public static final ConfigKey<List<String>> SBI_TLS_PROTOCOLS =
      KEYS.add(
          ConfigKey.of(
              "sbi.tls.protocols",
              EntryTypes.tlsProtocols(),
              "TLSv1.3",
              "TLS versions of the SBI server and client: TLSv1.3, or TLSv1.3,TLSv1.2 for peers"
                  + " without 1.3."));

  /** NAFs admitted on Nbsp. */
  public static final ConfigKey<java.util.Map<String, String>> NBSP_NAFS =
      KEYS.add(
          ConfigKey.of(
              "nbsp.nafs",
              EntryTypes.groups(
                  "identity=group,…", "must be identity=group entries, comma-separated"),
              "",
              "NAFs admitted on Nbsp_GBA as identity=naf-group, comma-separated; the identity"
                  + " is a dNSName of the NAF's client certificate or the subject (NF"
                  + " instance id) of its access token. Others get 403."));

  /** FQDNs beyond a NAF's own. */
  public static final ConfigKey<java.util.Map<String, java.util.Set<String>>> NBSP_NAF_FQDNS =
      KEYS.add(
          ConfigKey.of(
              "nbsp.naf-fqdns",
              EntryTypes.fqdnGrants(
                  "who=fqdn|fqdn,…",
                  "must be identity-or-group=fqdn|fqdn entries, comma-separated"),
              "",
              "NAF_Id FQDNs a NAF may use on Nbsp besides its own identity, as"
                  + " identity-or-group=fqdn|fqdn, comma-separated (the rule of zn.naf-fqdns);"
                  + " any other gets 403."));

  /** Whether answers carry the IMPI. */
  public static final ConfigKey<Boolean> NBSP_SEND_IMPI =
      KEYS.add(
          ConfigKey.of(
              "nbsp.send-impi",
              ValueTypes.bool(),
              "true",
              "Whether Nbsp answers carry the user's IMPI (Zn's BIA always does); false keeps it"
                  + " from NAFs that must not learn it."));

  /** Access tokens. */
  public static final ConfigKey<Optional<Path>> NBSP_OAUTH2_NRF_KEYS =
      KEYS.add(
          ConfigKey.of(
                  "nbsp.oauth2.nrf-keys",
                  ValueTypes.optionalPath(),
                  "",
                  "The NRF's public keys (a PEM file, or a directory of <kid>.pem files) that sign"
                      + " access tokens (TS 33.501 §13.4.1). When set, every Nbsp request needs a"
                      + " valid token with scope nbsp-gba for this BSF; empty: no tokens checked.")
              .withValidator(
                  Validator.of(
                      "a readable file or directory",
                      p -> p.isEmpty() || java.nio.file.Files.isReadable(p.get()),
                      "must be a readable file or directory")));

  /** This BSF's NF instance id. */
  public static final ConfigKey<String> NBSP_OAUTH2_NF_INSTANCE_ID =
      KEYS.add(
          ConfigKey.of(
                  "nbsp.oauth2.nf-instance-id",
                  ValueTypes.optionalString(),
                  "",
                  "This BSF's NF instance id (a UUID); tokens must name it or the NF type GBA_BSF"
                      + " as audience. Required with nbsp.oauth2.nrf-keys; empty:"
                      + " nrf.nf-instance-id.")
              .withValidator(
                  Validator.of(
                      "a UUID", v -> v.isEmpty() || CommonTypes.isUuid(v), "must be a UUID")));

  /** Clock skew. */
  public static final ConfigKey<Duration> NBSP_OAUTH2_CLOCK_SKEW =
      KEYS.add(
          ConfigKey.of(
                  "nbsp.oauth2.clock-skew",
                  ValueTypes.nonNegativeDuration(),
                  "30s",
                  "Clock difference allowed when checking a token's exp, nbf and iat.")
              .withValidator(Validators.atMost(Duration.ofMinutes(10))));

  private SbaConfigKeys() {}

  /** Every key of this class, in declaration order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
