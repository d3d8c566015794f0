package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The Ub interface (TS 24.109, HTTP Digest AKA toward UEs): its server, its limits and its TLS.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param realm {@code ub.realm}: The Digest realm of the Ub interface; empty means the same as
 *     {@link NodeConfig#NAME}, already defaulted: bsf.name when empty
 * @param listenAddress {@code ub.listen-address}: The address the Ub HTTP server binds
 * @param port {@code ub.port}: The Ub HTTP port; 0 means an ephemeral port
 * @param ioThreads {@code ub.io-threads}: Netty event-loop threads of the Ub server; 0 means twice
 *     the available processors
 * @param maxHeaderSize {@code ub.max-header-size}: Bytes of request headers accepted before
 *     answering 431
 * @param maxInFlight {@code ub.max-in-flight}: Requests processed at once across all connections
 *     before answering 503
 * @param sourceLimitRate {@code ub.source-limit.rate}: Ub requests a second per source address
 *     (IPv6: per /64) before 503; 0 means no limit
 * @param sourceLimitBurst {@code ub.source-limit.burst}: Requests a source may send at once within
 *     {@link #SOURCE_LIMIT_RATE}
 * @param idleTimeout {@code ub.idle-timeout}: How long a keep-alive connection may stay idle before
 *     it is closed
 * @param overloadMaxLag {@code ub.overload.max-lag}: Event-loop lag above which Ub admits fewer
 *     first requests (experimental; 0: off)
 * @param drainDelay {@code ub.drain-delay}: How long Ub keeps serving after SIGTERM while /ready
 *     answers 503
 * @param retryAfter {@code ub.retry-after}: The Retry-After of 503 answers
 * @param challengeValidity {@code ub.challenge-validity}: How long a 401 challenge may be answered
 * @param maxFailures {@code ub.max-failures}: Wrong digest responses per IMPI within the failure
 *     window before answering 403
 * @param failureWindow {@code ub.failure-window}: The window of {@link #MAX_FAILURES}
 * @param hssTimeout {@code ub.hss-timeout}: Budget for the HSS to return a vector
 * @param storeTimeout {@code ub.store-timeout}: Budget for a store operation
 * @param tmpiEnabled {@code ub.tmpi.enabled}: Whether bootstraps allocate TMPIs (TS 33.220 Annex
 *     B.4)
 * @param tmpiLifetime {@code ub.tmpi.lifetime}: How long a TMPI maps to its IMPI
 * @param tlsEnabled {@code ub.tls.enabled}: Whether Ub is served over HTTPS
 * @param tlsCertificate {@code ub.tls.certificate}: Ub's certificate chain
 * @param tlsPrivateKey {@code ub.tls.private-key}: Ub's private key
 */
public record UbConfig(
    String realm,
    String listenAddress,
    int port,
    int ioThreads,
    int maxHeaderSize,
    int maxInFlight,
    int sourceLimitRate,
    int sourceLimitBurst,
    Duration idleTimeout,
    Duration overloadMaxLag,
    Duration drainDelay,
    Duration retryAfter,
    Duration challengeValidity,
    int maxFailures,
    Duration failureWindow,
    Duration hssTimeout,
    Duration storeTimeout,
    boolean tmpiEnabled,
    Duration tmpiLifetime,
    boolean tlsEnabled,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** The Digest realm of the Ub interface; empty means the same as {@link NodeConfig#NAME}. */
  public static final ConfigKey<String> REALM =
      KEYS.add(
          ConfigKey.of(
                  "ub.realm",
                  ValueTypes.optionalString(),
                  "",
                  "Digest realm sent in WWW-Authenticate and required in the UE's Authorization;"
                      + " empty means the same as bsf.name.")
              .withValidator(
                  Validator.of(
                      "no quotes, backslashes or control characters",
                      realm ->
                          realm
                              .chars()
                              .noneMatch(c -> c == '"' || c == '\\' || c < 0x20 || c == 0x7f),
                      "must not contain quotes, backslashes or control characters")));

  /** The address the Ub HTTP server binds. */
  public static final ConfigKey<String> LISTEN_ADDRESS =
      KEYS.add(
          ConfigKey.of(
              "ub.listen-address",
              ValueTypes.hostOrAddress(),
              "0.0.0.0",
              "Address the Ub HTTP server binds."));

  /** The Ub HTTP port; 0 means an ephemeral port. */
  public static final ConfigKey<Integer> PORT =
      KEYS.add(
          ConfigKey.of(
              "ub.port",
              ValueTypes.integer(0, 65535),
              "8080",
              "Ub HTTP port; 0 picks a free ephemeral port (useful for tests)."));

  /** Netty event-loop threads of the Ub server; 0 means twice the available processors. */
  public static final ConfigKey<Integer> IO_THREADS =
      KEYS.add(
          ConfigKey.of(
              "ub.io-threads",
              ValueTypes.integer(0, 256),
              "0",
              "Netty event-loop threads; 0 means 2 × available processors."));

  /** Bytes of request headers accepted before answering 431. */
  public static final ConfigKey<Integer> MAX_HEADER_SIZE =
      KEYS.add(
          ConfigKey.of(
              "ub.max-header-size",
              ValueTypes.integer(1024, 65536),
              "8192",
              "Bytes of request headers accepted before answering 431."));

  /** Requests processed at once across all connections before answering 503. */
  public static final ConfigKey<Integer> MAX_IN_FLIGHT =
      KEYS.add(
          ConfigKey.of(
              "ub.max-in-flight",
              ValueTypes.integer(1, 1_000_000),
              "10000",
              "Requests being processed at once across all connections; beyond it the BSF"
                  + " answers 503 with Retry-After."));

  /** Ub requests a second per source address (IPv6: per /64) before 503; 0 means no limit. */
  public static final ConfigKey<Integer> SOURCE_LIMIT_RATE =
      KEYS.add(
          ConfigKey.of(
              "ub.source-limit.rate",
              ValueTypes.integer(0, 1_000_000),
              "0",
              "Ub requests a second one source address (an IPv6 /64) may send, first requests and"
                  + " answers alike, before the BSF answers 503 with Retry-After without asking the"
                  + " HSS; 0 turns the limit off. Set it only where the BSF sees UEs' own"
                  + " addresses: behind a proxy, NAT or a Kubernetes Service with"
                  + " externalTrafficPolicy Cluster all UEs share a few sources"
                  + " (docs/ub-conformance.md)."));

  /** Requests a source may send at once within {@link #SOURCE_LIMIT_RATE}. */
  public static final ConfigKey<Integer> SOURCE_LIMIT_BURST =
      KEYS.add(
          ConfigKey.of(
              "ub.source-limit.burst",
              ValueTypes.integer(1, 1_000_000),
              "20",
              "Requests one source address may send at once under ub.source-limit.rate (a"
                  + " bootstrap takes two)."));

  /** How long a keep-alive connection may stay idle before it is closed. */
  public static final ConfigKey<Duration> IDLE_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "ub.idle-timeout",
              ValueTypes.positiveDuration(),
              "60s",
              "Closes a keep-alive connection idle this long."));

  /** Event-loop lag above which Ub admits fewer first requests (experimental; 0: off). */
  public static final ConfigKey<Duration> OVERLOAD_MAX_LAG =
      KEYS.add(
          ConfigKey.of(
                  "ub.overload.max-lag",
                  ValueTypes.nonNegativeDuration(),
                  "0s",
                  "Experimental, off by default (docs/benchmarks.md, Overload). When the Ub event"
                      + " loops run their tasks later than this in two windows of 100 ms in a"
                      + " row (the CPU is saturated), Ub admits 20 % fewer first requests per"
                      + " window than it just did, and answers the excess 503 with Retry-After at"
                      + " once; answers to challenges are never refused for it. Under a CPU quota"
                      + " (a container's CPU limit) keep it well above the quota's period: a"
                      + " throttled BSF waits up to a period for its CPU. Where a request costs"
                      + " much more CPU at a low rate than at saturation (a small quota), it keeps"
                      + " refusing after the load drops. Set, the lag is probed every 10 ms"
                      + " instead of 100 ms. 0: only ub.max-in-flight bounds Ub.")
              .withValidator(Validators.atMost(Duration.ofSeconds(10))));

  /** How long Ub keeps serving after SIGTERM while /ready answers 503. */
  public static final ConfigKey<Duration> DRAIN_DELAY =
      KEYS.add(
          ConfigKey.of(
                  "ub.drain-delay",
                  ValueTypes.nonNegativeDuration(),
                  "5s",
                  "After SIGTERM, /ready answers 503 at once while Ub keeps serving (each answer"
                      + " closing its connection) this long, so that load balancers stop"
                      + " sending before the listener closes; then requests in flight get up to"
                      + " 5 s more. 0 closes at once.")
              .withValidator(Validators.atMost(Duration.ofMinutes(2))));

  /** The Retry-After of 503 answers. */
  public static final ConfigKey<Duration> RETRY_AFTER =
      KEYS.add(
          ConfigKey.of(
                  "ub.retry-after",
                  ValueTypes.positiveDuration(),
                  "5s",
                  "Value of Retry-After on 503 answers.")
              .withValidator(Validators.wholeSeconds()));

  /** How long a 401 challenge may be answered. */
  public static final ConfigKey<Duration> CHALLENGE_VALIDITY =
      KEYS.add(
          ConfigKey.of(
                  "ub.challenge-validity",
                  ValueTypes.positiveDuration(),
                  "5m",
                  "How long a 401 challenge (its RAND/AUTN) may be answered.")
              .withValidator(Validators.atMost(Duration.ofMinutes(30))));

  /** Wrong digest responses per IMPI within the failure window before answering 403. */
  public static final ConfigKey<Integer> MAX_FAILURES =
      KEYS.add(
          ConfigKey.of(
              "ub.max-failures",
              ValueTypes.integer(1, 100),
              "3",
              "Wrong digest responses for one IMPI within ub.failure-window before the BSF"
                  + " answers 403 instead of a fresh challenge."));

  /** The window of {@link #MAX_FAILURES}. */
  public static final ConfigKey<Duration> FAILURE_WINDOW =
      KEYS.add(
          ConfigKey.of(
              "ub.failure-window",
              ValueTypes.positiveDuration(),
              "5m",
              "Window for ub.max-failures."));

  /** Budget for the HSS to return a vector. */
  public static final ConfigKey<Duration> HSS_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "ub.hss-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Budget for the HSS to return a vector; beyond it the UE gets 503."));

  /** Budget for a store operation. */
  public static final ConfigKey<Duration> STORE_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "ub.store-timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Budget for a store operation; beyond it the UE gets 503."));

  /** Whether bootstraps allocate TMPIs (TS 33.220 Annex B.4). */
  public static final ConfigKey<Boolean> TMPI_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "ub.tmpi.enabled",
              ValueTypes.bool(),
              "true",
              "Allocate a TMPI (TS 33.220 §4.5.2, Annex B.4) at each bootstrap of a UE whose"
                  + " User-Agent says 3gpp-gba-tmpi, so that its next bootstrap need not send the"
                  + " IMPI in clear, and say 3gpp-gba-tmpi in Ub's Server header. A TMPI the BSF"
                  + " does not know gets 403, and the UE bootstraps with its IMPI"
                  + " (docs/ub-conformance.md). false: no TMPI is allocated or resolved."));

  /** How long a TMPI maps to its IMPI. */
  public static final ConfigKey<Duration> TMPI_LIFETIME =
      KEYS.add(
          ConfigKey.of(
                  "ub.tmpi.lifetime",
                  ValueTypes.positiveDuration(),
                  "7d",
                  "How long a TMPI maps to its IMPI. A UE presents its TMPI at its next bootstrap,"
                      + " normally once its key has expired, so it must exceed"
                      + " session.max-lifetime; a UE silent for longer bootstraps with its IMPI.")
              .withValidator(Validators.atMost(Duration.ofDays(365))));

  /** Whether Ub is served over HTTPS. */
  public static final ConfigKey<Boolean> TLS_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "ub.tls.enabled",
              ValueTypes.bool(),
              "false",
              "Serve Ub over HTTPS on ub.port (TLS 1.3 and 1.2 with the TS 33.310 Annex E"
                  + " profile, docs/security.md), with ub.tls.certificate and"
                  + " ub.tls.private-key; never falls back to plain HTTP."));

  /** Ub's certificate chain. */
  public static final ConfigKey<Optional<Path>> TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "ub.tls.certificate", "Certificate chain Ub presents to UEs." + KeyGroup.PEM_CERT));

  /** Ub's private key. */
  public static final ConfigKey<Optional<Path>> TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "ub.tls.private-key", "Private key of ub.tls.certificate." + KeyGroup.PEM_KEY));

  /** The section from validated values. */
  static UbConfig from(ResolvedConfig r) {
    return new UbConfig(
        r.get(REALM),
        r.get(LISTEN_ADDRESS),
        r.get(PORT),
        r.get(IO_THREADS),
        r.get(MAX_HEADER_SIZE),
        r.get(MAX_IN_FLIGHT),
        r.get(SOURCE_LIMIT_RATE),
        r.get(SOURCE_LIMIT_BURST),
        r.get(IDLE_TIMEOUT),
        r.get(OVERLOAD_MAX_LAG),
        r.get(DRAIN_DELAY),
        r.get(RETRY_AFTER),
        r.get(CHALLENGE_VALIDITY),
        r.get(MAX_FAILURES),
        r.get(FAILURE_WINDOW),
        r.get(HSS_TIMEOUT),
        r.get(STORE_TIMEOUT),
        r.get(TMPI_ENABLED),
        r.get(TMPI_LIFETIME),
        r.get(TLS_ENABLED),
        r.get(TLS_CERTIFICATE),
        r.get(TLS_PRIVATE_KEY));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
