package org.gbabsf.sba.http;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import java.util.Optional;

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
    Optional<SslContext> tls) {

  /** Defaults: 2 connections per origin, 100 streams each, 2 s connect, 1 MiB answers. */
  public static SbiClientSettings defaults(String name) {
    return new SbiClientSettings(
        name, 1, 2, 100, Duration.ofSeconds(2), 1024 * 1024, 3, Optional.empty());
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
        Optional.of(context));
  }
}
