package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The SBI server (HTTP/2, TS 29.500) that serves Nbsp_GBA: listener, limits and TLS.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param enabled {@code sbi.enabled}: Whether the SBI server (Nbsp_GBA) runs
 * @param listenAddress {@code sbi.listen-address}: Where it listens
 * @param port {@code sbi.port}: Its port
 * @param ioThreads {@code sbi.io-threads}: Its event loops
 * @param maxBody {@code sbi.max-body}: Largest request body
 * @param maxConcurrentStreams {@code sbi.max-concurrent-streams}: Streams per connection
 * @param maxInFlight {@code sbi.max-in-flight}: Requests in flight
 * @param maxConnections {@code sbi.max-connections}: Connections
 * @param requestTimeout {@code sbi.request-timeout}: Time per request
 * @param idleTimeout {@code sbi.idle-timeout}: Idle connections
 * @param retryAfter {@code sbi.retry-after}: Retry-After
 * @param tlsEnabled {@code sbi.tls.enabled}: TLS on the SBI server
 * @param tlsCertificate {@code sbi.tls.certificate}: Its certificate
 * @param tlsPrivateKey {@code sbi.tls.private-key}: Its key
 * @param tlsTrust {@code sbi.tls.trust}: Which CAs NAF certificates must come from
 * @param tlsClientAuth {@code sbi.tls.client-auth}: Client certificates
 * @param tlsProtocols {@code sbi.tls.protocols}: TLS versions
 */
public record SbiConfig(
    boolean enabled,
    String listenAddress,
    int port,
    int ioThreads,
    int maxBody,
    int maxConcurrentStreams,
    int maxInFlight,
    int maxConnections,
    Duration requestTimeout,
    Duration idleTimeout,
    Duration retryAfter,
    boolean tlsEnabled,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    Optional<Path> tlsTrust,
    String tlsClientAuth,
    List<String> tlsProtocols) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Whether the SBI server (Nbsp_GBA) runs. */
  public static final ConfigKey<Boolean> ENABLED =
      KEYS.add(
          ConfigKey.of(
              "sbi.enabled",
              ValueTypes.bool(),
              "false",
              "Serve Nbsp_GBA (TS 29.309) to NAFs over HTTP/2 on sbi.port: h2c with prior"
                  + " knowledge, or h2 over TLS with sbi.tls.enabled. NAFs are admitted by"
                  + " nbsp.nafs."));

  /** Where it listens. */
  public static final ConfigKey<String> LISTEN_ADDRESS =
      KEYS.add(
          ConfigKey.of(
              "sbi.listen-address",
              ValueTypes.hostOrAddress(),
              "0.0.0.0",
              "Address the SBI server binds."));

  /** Its port. */
  public static final ConfigKey<Integer> PORT =
      KEYS.add(
          ConfigKey.of(
              "sbi.port",
              ValueTypes.integer(0, 65535),
              "8082",
              "Port of the SBI server; 0 = ephemeral."));

  /** Its event loops. */
  public static final ConfigKey<Integer> IO_THREADS =
      KEYS.add(
          ConfigKey.of(
              "sbi.io-threads",
              ValueTypes.integer(0, 256),
              "2",
              "Event loops of the SBI server; 0 means 2 × available processors."));

  /** Largest request body. */
  public static final ConfigKey<Integer> MAX_BODY =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-body",
              ValueTypes.integer(256, 16 * 1024 * 1024),
              "65536",
              "Largest SBI request body in bytes; a larger content-length gets 413 before the body"
                  + " is read."));

  /** Streams per connection. */
  public static final ConfigKey<Integer> MAX_CONCURRENT_STREAMS =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-concurrent-streams",
              ValueTypes.integer(1, 10_000),
              "100",
              "SETTINGS_MAX_CONCURRENT_STREAMS of each SBI connection; more are refused with"
                  + " RST_STREAM(REFUSED_STREAM)."));

  /** Requests in flight. */
  public static final ConfigKey<Integer> MAX_IN_FLIGHT =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-in-flight",
              ValueTypes.integer(1, 1_000_000),
              "1000",
              "SBI requests admitted at once over all connections, from their head to their"
                  + " answer; more get 429 (NF_CONGESTION_RISK) with Retry-After. Bodies held are"
                  + " at most sbi.max-in-flight × sbi.max-body bytes."));

  /** Connections. */
  public static final ConfigKey<Integer> MAX_CONNECTIONS =
      KEYS.add(
          ConfigKey.of(
              "sbi.max-connections",
              ValueTypes.integer(1, 1_000_000),
              "1000",
              "SBI connections open at once; more are closed as they are accepted"
                  + " (bsf.sbi.server.connections.refused)."));

  /** Time per request. */
  public static final ConfigKey<Duration> REQUEST_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
                  "sbi.request-timeout",
                  ValueTypes.positiveDuration(),
                  "5s",
                  "Time from a stream's opening to its answer: a request still arriving then is"
                      + " reset, an answer not ready gets 503.")
              .withValidator(Validators.atMost(Duration.ofMinutes(5))));

  /** Idle connections. */
  public static final ConfigKey<Duration> IDLE_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "sbi.idle-timeout",
              ValueTypes.positiveDuration(),
              "5m",
              "An SBI connection without traffic this long is closed with GOAWAY."));

  /** Retry-After. */
  public static final ConfigKey<Duration> RETRY_AFTER =
      KEYS.add(
          ConfigKey.of(
                  "sbi.retry-after",
                  ValueTypes.positiveDuration(),
                  "1s",
                  "Retry-After of an SBI 429 or 503, in whole seconds.")
              .withValidator(Validators.wholeSeconds()));

  /** TLS on the SBI server. */
  public static final ConfigKey<Boolean> TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "sbi.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve the SBI over TLS (ALPN h2, TS 33.501 §13.1 with the TS 33.310 profile) with"
                  + " sbi.tls.certificate and sbi.tls.private-key; never falls back to h2c."));

  /** Its certificate. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(KeyGroup.path("sbi.tls.certificate", "Certificate chain of the SBI server (PEM)."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(KeyGroup.path("sbi.tls.private-key", "Private key of sbi.tls.certificate (PEM)."));

  /** Which CAs NAF certificates must come from. */
  public static final ConfigKey<Optional<Path>> TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "sbi.tls.trust",
              "CA certificates (PEM) NAF client certificates must chain to; empty: the JVM's."));

  /** Client certificates. */
  public static final ConfigKey<String> TLS_CLIENT_AUTH =
      KEYS.add(
          ConfigKey.of(
              "sbi.tls.client-auth",
              ValueTypes.oneOf("none", "optional", "require"),
              "optional",
              "Whether NAFs present a certificate (mutual TLS): require, optional (a NAF without"
                  + " one must then bring an access token), none. Its dNSNames identify the NAF."));

  /** TLS versions. */
  public static final ConfigKey<List<String>> TLS_PROTOCOLS =
      KEYS.add(
          ConfigKey.of(
              "sbi.tls.protocols",
              EntryTypes.tlsProtocols(),
              "TLSv1.3",
              "TLS versions of the SBI server and client: TLSv1.3, or TLSv1.3,TLSv1.2 for peers"
                  + " without 1.3."));

  /** The section from validated values. */
  static SbiConfig from(ResolvedConfig r) {
    return new SbiConfig(
        r.get(ENABLED),
        r.get(LISTEN_ADDRESS),
        r.get(PORT),
        r.get(IO_THREADS),
        r.get(MAX_BODY),
        r.get(MAX_CONCURRENT_STREAMS),
        r.get(MAX_IN_FLIGHT),
        r.get(MAX_CONNECTIONS),
        r.get(REQUEST_TIMEOUT),
        r.get(IDLE_TIMEOUT),
        r.get(RETRY_AFTER),
        r.get(TLS_ENABLED),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY),
        r.get(TLS_TRUST),
        r.get(TLS_CLIENT_AUTH),
        r.get(TLS_PROTOCOLS));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
