package org.gbabsf.server.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The admin server: health, readiness and metrics, with its TLS and the metrics token.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param listenAddress {@code admin.listen-address}: Admin HTTP address
 * @param port {@code admin.port}: Admin HTTP port
 * @param tlsEnabled {@code admin.tls.enabled}: Whether the admin port is HTTPS
 * @param tlsCertificate {@code admin.tls.certificate}: The admin port's certificate chain
 * @param tlsPrivateKey {@code admin.tls.private-key}: The admin port's private key
 * @param metricsTokenFile {@code admin.metrics-token-file}: The bearer token /metrics requires
 */
public record AdminConfig(
    String listenAddress,
    int port,
    boolean tlsEnabled,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    Optional<Path> metricsTokenFile) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Admin HTTP address. */
  public static final ConfigKey<String> LISTEN_ADDRESS =
      KEYS.add(
          ConfigKey.of(
              "admin.listen-address",
              ValueTypes.hostOrAddress(),
              "127.0.0.1",
              "Address of the admin HTTP port (/metrics, /health, /ready); 0.0.0.0 for probes"
                  + " from outside the host."));

  /** Admin HTTP port. */
  public static final ConfigKey<Integer> PORT =
      KEYS.add(
          ConfigKey.of(
              "admin.port",
              ValueTypes.integer(0, 65535),
              "9090",
              "Admin HTTP port: Prometheus metrics at /metrics, liveness at /health, readiness at"
                  + " /ready (503 while no HSS peer or no Cassandra node is up); 0 = ephemeral."));

  /** Whether the admin port is HTTPS. */
  public static final ConfigKey<Boolean> TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "admin.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve the admin port over HTTPS with admin.tls.certificate and"
                  + " admin.tls.private-key (probes then use scheme HTTPS)."));

  /** The admin port's certificate chain. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "admin.tls.certificate", "Certificate chain of the admin port." + KeyGroup.PEM_CERT));

  /** The admin port's private key. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "admin.tls.private-key", "Private key of admin.tls.certificate." + KeyGroup.PEM_KEY));

  /** The bearer token /metrics requires. */
  public static final ConfigKey<Optional<Path>> METRICS_TOKEN_FILE =
      KEYS.add(
          KeyGroup.path(
              "admin.metrics-token-file",
              "File holding the bearer token /metrics requires (Authorization: Bearer <token>;"
                  + " a Prometheus bearer_token_file); empty: /metrics is open. /health and"
                  + " /ready stay open for probes. Reloaded when it changes."));

  /** The section from validated values. */
  static AdminConfig from(ResolvedConfig r) {
    return new AdminConfig(
        r.get(LISTEN_ADDRESS),
        r.get(PORT),
        r.get(TLS_ENABLED),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY),
        r.get(METRICS_TOKEN_FILE));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
