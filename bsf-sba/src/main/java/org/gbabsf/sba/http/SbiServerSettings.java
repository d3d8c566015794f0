package org.gbabsf.sba.http;

import java.time.Duration;

/**
 * How an SBI server listens and what it takes (TS 29.500 §5.2; docs/sba.md, the {@code sbi.*}
 * keys).
 *
 * @param name the server's name in meters and logs, e.g. {@code sbi}
 * @param address the bind address
 * @param port the port (0: ephemeral)
 * @param ioThreads event loops (0: Netty's default)
 * @param maxBody the largest request body in bytes; larger gets 413
 * @param maxHeaderListSize SETTINGS_MAX_HEADER_LIST_SIZE (RFC 9113 §6.5.2); larger header blocks
 *     are refused by the HTTP/2 codec
 * @param maxConcurrentStreams SETTINGS_MAX_CONCURRENT_STREAMS per connection; more are refused with
 *     RST_STREAM(REFUSED_STREAM)
 * @param maxInFlight requests admitted at once over all connections (from their head to their
 *     answer); more get 429. With {@code maxBody} it bounds the bytes of bodies held
 * @param maxConnections connections open at once; more are closed as they are accepted
 * @param requestTimeout time from a stream's opening to its answer: a request still arriving is
 *     reset, one whose answer is not ready gets 503
 * @param idleTimeout a connection without traffic this long is closed with GOAWAY
 * @param retryAfter the Retry-After of a 429 or 503
 */
public record SbiServerSettings(
    String name,
    String address,
    int port,
    int ioThreads,
    int maxBody,
    int maxHeaderListSize,
    int maxConcurrentStreams,
    int maxInFlight,
    int maxConnections,
    Duration requestTimeout,
    Duration idleTimeout,
    Duration retryAfter) {

  /** Lab defaults on {@code address:port}: 64 KiB bodies, 100 streams, 5 s, 5 min idle. */
  public static SbiServerSettings defaults(String name, String address, int port) {
    return new SbiServerSettings(
        name,
        address,
        port,
        0,
        64 * 1024,
        16 * 1024,
        100,
        1_000,
        1_000,
        Duration.ofSeconds(5),
        Duration.ofMinutes(5),
        Duration.ofSeconds(1));
  }

  /** These settings with another request timeout. */
  public SbiServerSettings withRequestTimeout(Duration timeout) {
    return new SbiServerSettings(
        name,
        address,
        port,
        ioThreads,
        maxBody,
        maxHeaderListSize,
        maxConcurrentStreams,
        maxInFlight,
        maxConnections,
        timeout,
        idleTimeout,
        retryAfter);
  }

  /** These settings with another in-flight limit. */
  public SbiServerSettings withMaxInFlight(int limit) {
    return new SbiServerSettings(
        name,
        address,
        port,
        ioThreads,
        maxBody,
        maxHeaderListSize,
        maxConcurrentStreams,
        limit,
        maxConnections,
        requestTimeout,
        idleTimeout,
        retryAfter);
  }
}
