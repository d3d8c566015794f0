package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The SBI client toward N65/N68 instances and the NRF: timeouts, connections and TLS.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param requestTimeout {@code sbi.client.request-timeout}: Time per attempt
 * @param backoff {@code sbi.client.backoff}: Backoff
 * @param connectionsPerOrigin {@code sbi.client.connections-per-origin}: Connections per instance
 * @param connectTimeout {@code sbi.client.connect-timeout}: Connect timeout
 * @param maxRedirects {@code sbi.client.max-redirects}: Redirects
 * @param tlsTrust {@code sbi.client.tls.trust}: Trust for https instances
 * @param tlsCertificate {@code sbi.client.tls.certificate}: Client certificate
 * @param tlsPrivateKey {@code sbi.client.tls.private-key}: Its key
 */
public record SbiClientConfig(
    Duration requestTimeout,
    Duration backoff,
    int connectionsPerOrigin,
    Duration connectTimeout,
    int maxRedirects,
    Optional<Path> tlsTrust,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Time per attempt. */
  public static final ConfigKey<Duration> REQUEST_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.request-timeout",
              ValueTypes.positiveDuration(),
              "1s",
              "Time one N65/N68 attempt waits for its answer; all attempts of one request share"
                  + " ub.hss-timeout."));

  /** Backoff. */
  public static final ConfigKey<Duration> BACKOFF =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.backoff",
              ValueTypes.positiveDuration(),
              "10s",
              "Time an HSS/UDM instance that failed (timeout, 429, 5xx, transport) is avoided;"
                  + " also the interval of re-connecting to instances that are down."));

  /** Connections per instance. */
  public static final ConfigKey<Integer> CONNECTIONS_PER_ORIGIN =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.connections-per-origin",
              ValueTypes.integer(1, 64),
              "2",
              "HTTP/2 connections kept to each HSS/UDM instance; streams are multiplexed on them."));

  /** Connect timeout. */
  public static final ConfigKey<Duration> CONNECT_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.connect-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Time to connect to an HSS/UDM instance, TLS included."));

  /** Redirects. */
  public static final ConfigKey<Integer> MAX_REDIRECTS =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.max-redirects",
              ValueTypes.integer(0, 10),
              "3",
              "307/308 redirects (Location: another instance, TS 29.500 §6.10.9) followed per"
                  + " request."));

  /** Trust for https instances. */
  public static final ConfigKey<Optional<Path>> TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "sbi.client.tls.trust",
              "CA certificates (PEM) HSS/UDM certificates must chain to, for https apiRoots;"
                  + " empty: the JVM's."));

  /** Client certificate. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "sbi.client.tls.certificate",
              "Certificate chain (PEM) the BSF presents to HSS/UDM instances (mutual TLS)."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "sbi.client.tls.private-key", "Private key of sbi.client.tls.certificate (PEM)."));

  /** The section from validated values. */
  static SbiClientConfig from(ResolvedConfig r) {
    return new SbiClientConfig(
        r.get(REQUEST_TIMEOUT),
        r.get(BACKOFF),
        r.get(CONNECTIONS_PER_ORIGIN),
        r.get(CONNECT_TIMEOUT),
        r.get(MAX_REDIRECTS),
        r.get(TLS_TRUST),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
