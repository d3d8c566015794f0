package org.gbabsf.server.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The keys of the SBI client toward the HSS over N65 ({@code hss.type=n65}) or the UDM over N68
 * ({@code hss.type=udm}), docs/sba.md: the instances, the default GUSS of N68, timeouts, failover
 * and TLS. Listed with the other keys of their prefix by {@link BsfConfigKeys#all()}.
 */
public final class SbaClientConfigKeys {

  // Must stay first: the constants below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** N65 instances. */
  public static final ConfigKey<List<URI>> N65_INSTANCES =
      KEYS.add(
          ConfigKey.of(
              "n65.instances",
              EntryTypes.apiRoots(),
              "",
              "apiRoots of the HSS instances on N65 (TS 29.562), comma-separated, in order of"
                  + " preference, e.g. http://hss1:8080,https://hss2:443; required with"
                  + " hss.type=n65."));

  /** UDM instances. */
  public static final ConfigKey<List<URI>> UDM_INSTANCES =
      KEYS.add(
          ConfigKey.of(
              "udm.instances",
              EntryTypes.apiRoots(),
              "",
              "apiRoots of the UDM instances on N68 (TS 29.503), comma-separated, in order of"
                  + " preference; required with hss.type=udm."));

  /** The GUSS a UDM user gets. */
  public static final ConfigKey<List<org.gbabsf.core.sim.SimulatedGuss.Uss>> UDM_DEFAULT_USS =
      KEYS.add(
          ConfigKey.of(
              "udm.default-uss",
              EntryTypes.ussList(),
              "1:default:1",
              "N68 carries no GUSS: the USSs every user gets, TYPE[:NAF-GROUP[:FLAG+FLAG]]"
                  + " separated by ';' (user identity sip:<IMPI>)."));

  /** Their key lifetime. */
  public static final ConfigKey<Duration> UDM_DEFAULT_LIFETIME =
      KEYS.add(
          ConfigKey.of(
              "udm.default-lifetime",
              ValueTypes.positiveDuration(),
              "1h",
              "Key lifetime in the default GUSS of N68 users (bounded by session.max-lifetime)."));

  /** Time per attempt. */
  public static final ConfigKey<Duration> SBI_CLIENT_REQUEST_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.request-timeout",
              ValueTypes.positiveDuration(),
              "1s",
              "Time one N65/N68 attempt waits for its answer; all attempts of one request share"
                  + " ub.hss-timeout."));

  /** Backoff. */
  public static final ConfigKey<Duration> SBI_CLIENT_BACKOFF =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.backoff",
              ValueTypes.positiveDuration(),
              "10s",
              "Time an HSS/UDM instance that failed (timeout, 429, 5xx, transport) is avoided;"
                  + " also the interval of re-connecting to instances that are down."));

  /** Connections per instance. */
  public static final ConfigKey<Integer> SBI_CLIENT_CONNECTIONS =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.connections-per-origin",
              ValueTypes.integer(1, 64),
              "2",
              "HTTP/2 connections kept to each HSS/UDM instance; streams are multiplexed on them."));

  /** Connect timeout. */
  public static final ConfigKey<Duration> SBI_CLIENT_CONNECT_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.connect-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Time to connect to an HSS/UDM instance, TLS included."));

  /** Redirects. */
  public static final ConfigKey<Integer> SBI_CLIENT_MAX_REDIRECTS =
      KEYS.add(
          ConfigKey.of(
              "sbi.client.max-redirects",
              ValueTypes.integer(0, 10),
              "3",
              "307/308 redirects (Location: another instance, TS 29.500 §6.10.9) followed per"
                  + " request."));

  /** Trust for https instances. */
  public static final ConfigKey<Optional<Path>> SBI_CLIENT_TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "sbi.client.tls.trust",
              "CA certificates (PEM) HSS/UDM certificates must chain to, for https apiRoots;"
                  + " empty: the JVM's."));

  /** Client certificate. */
  public static final ConfigKey<Optional<Path>> SBI_CLIENT_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "sbi.client.tls.certificate",
              "Certificate chain (PEM) the BSF presents to HSS/UDM instances (mutual TLS)."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> SBI_CLIENT_TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "sbi.client.tls.private-key", "Private key of sbi.client.tls.certificate (PEM)."));

  private SbaClientConfigKeys() {}

  /** Every key of this class, in declaration order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
