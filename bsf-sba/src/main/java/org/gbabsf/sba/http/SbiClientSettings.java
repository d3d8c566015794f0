package org.gbabsf.sba.http;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * How an SBI client connects (TS 29.500 §5.2.2; docs/sba.md).
 *
 * @param name the client's name in meters and logs, e.g. {@code n65}
 * @param ioThreads event loops (0: one per available processor)
 * @param connectionsPerOrigin HTTP/2 connections kept per scheme, host and port; streams are
 *     multiplexed on them, the least busy first
 * @param maxStreamsPerConnection streams open at once on one connection, at most (the peer's
 *     SETTINGS_MAX_CONCURRENT_STREAMS lowers it)
 * @param connectTimeout time to connect (and finish TLS)
 * @param maxResponseBody the largest answer body taken
 * @param maxRedirects 307/308 redirects followed per call
 * @param redirectTargets the origins a redirect may lead to, asked at each redirect (a Location
 *     elsewhere, or from https to http, is refused: a peer must not send the BSF, or what it
 *     carries, anywhere it likes); a predicate, so that the origins can follow instances that
 *     change (discovered at an NRF)
 * @param keepalive silence after which a connection sends a PING (RFC 9113 §6.7); after a second
 *     such silence it is closed (a peer gone without a FIN)
 * @param tls the client context for {@code https} URIs (ALPN h2), if any
 */
public record SbiClientSettings(
    String name,
    int ioThreads,
    int connectionsPerOrigin,
    int maxStreamsPerConnection,
    Duration connectTimeout,
    int maxResponseBody,
    int maxRedirects,
    Predicate<Origin> redirectTargets,
    Duration keepalive,
    Optional<SslContext> tls) {

  /** Checks that there is a predicate. */
  public SbiClientSettings {
    java.util.Objects.requireNonNull(redirectTargets, "redirectTargets");
  }

  /**
   * Defaults: 2 connections per origin, 100 streams each, 2 s connect, 64 KiB answers, no redirect
   * followed.
   */
  public static SbiClientSettings defaults(String name) {
    return new SbiClientSettings(
        name,
        1,
        2,
        100,
        Duration.ofSeconds(2),
        64 * 1024,
        3,
        o -> false,
        Duration.ofSeconds(15),
        Optional.empty());
  }

  /** These settings following redirects to {@code origins}, a fixed set. */
  public SbiClientSettings withRedirectOrigins(Set<Origin> origins) {
    return withRedirectTargets(Set.copyOf(origins)::contains);
  }

  /** These settings following redirects to the origins {@code targets} accepts at the time. */
  public SbiClientSettings withRedirectTargets(Predicate<Origin> targets) {
    return new SbiClientSettings(
        name,
        ioThreads,
        connectionsPerOrigin,
        maxStreamsPerConnection,
        connectTimeout,
        maxResponseBody,
        maxRedirects,
        targets,
        keepalive,
        tls);
  }

  /** These settings with another keepalive. */
  public SbiClientSettings withKeepalive(Duration silence) {
    return new SbiClientSettings(
        name,
        ioThreads,
        connectionsPerOrigin,
        maxStreamsPerConnection,
        connectTimeout,
        maxResponseBody,
        maxRedirects,
        redirectTargets,
        silence,
        tls);
  }

  /** These settings with a TLS context for https URIs. */
  public SbiClientSettings withTls(SslContext context) {
    return new SbiClientSettings(
        name,
        ioThreads,
        connectionsPerOrigin,
        maxStreamsPerConnection,
        connectTimeout,
        maxResponseBody,
        maxRedirects,
        redirectTargets,
        keepalive,
        Optional.of(context));
  }
}
