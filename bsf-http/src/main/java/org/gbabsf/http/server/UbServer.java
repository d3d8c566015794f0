package org.gbabsf.http.server;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.http.codec.UbResponseEncoder;
import org.gbabsf.netty.ServerBind;
import org.gbabsf.netty.ServerLoops;
import org.gbabsf.security.tls.ServerTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Ub HTTP/1.1 server on Netty: binds, serves with {@link UbHandler}, and shuts down. */
public final class UbServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(UbServer.class);

  /** How long {@link #close()} waits for answers in flight. */
  public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(5);

  /** Largest request body accepted; Ub requests are bodiless GETs. */
  static final int MAX_BODY = 8192;

  /**
   * Server settings, validated by the configuration.
   *
   * @param address bind address
   * @param port port, 0 for an ephemeral one
   * @param ioThreads event-loop threads, 0 for Netty's default (2 × cores)
   * @param maxHeaderSize header bytes before 431
   * @param maxInFlight requests processed at once before 503
   * @param idleTimeout keep-alive idle timeout
   * @param retryAfter Retry-After of 503 answers
   * @param sourceLimitRate requests a second per source address before 503, 0 for no limit
   * @param sourceLimitBurst requests a source may send at once within {@code sourceLimitRate}
   * @param maxLag event-loop lag above which the in-flight limit adapts down ({@link
   *     AdaptiveLimit}); zero keeps it at {@code maxInFlight}
   */
  public record Settings(
      String address,
      int port,
      int ioThreads,
      int maxHeaderSize,
      int maxInFlight,
      Duration idleTimeout,
      Duration retryAfter,
      int sourceLimitRate,
      int sourceLimitBurst,
      Duration maxLag) {

    /** Settings without a per-source limit. */
    public Settings(
        String address,
        int port,
        int ioThreads,
        int maxHeaderSize,
        int maxInFlight,
        Duration idleTimeout,
        Duration retryAfter) {
      this(
          address,
          port,
          ioThreads,
          maxHeaderSize,
          maxInFlight,
          idleTimeout,
          retryAfter,
          0,
          1,
          Duration.ZERO);
    }

    /** These settings with a per-source limit of {@code rate} a second, bursts of {@code burst}. */
    public Settings withSourceLimit(int rate, int burst) {
      return new Settings(
          address,
          port,
          ioThreads,
          maxHeaderSize,
          maxInFlight,
          idleTimeout,
          retryAfter,
          rate,
          burst,
          maxLag);
    }

    /**
     * These settings with an adaptive in-flight limit driven by event-loop lag over {@code lag}.
     */
    public Settings withMaxLag(Duration lag) {
      return new Settings(
          address,
          port,
          ioThreads,
          maxHeaderSize,
          maxInFlight,
          idleTimeout,
          retryAfter,
          sourceLimitRate,
          sourceLimitBurst,
          lag);
    }

    /** Loopback, ephemeral port, defaults otherwise: for tests and the demo. */
    public static Settings loopback() {
      return new Settings(
          "127.0.0.1", 0, 2, 8192, 10_000, Duration.ofSeconds(60), Duration.ofSeconds(5));
    }
  }

  private final BootstrappingService service;
  private final Settings settings;
  private final UbMetrics metrics;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final java.util.concurrent.atomic.AtomicBoolean draining =
      new java.util.concurrent.atomic.AtomicBoolean();
  private final AtomicInteger openConnections = new AtomicInteger();
  private final Counter acceptedConnections;
  private final UbResponseEncoder encoder;
  private final SourceRateLimit sourceLimit;
  private final MeterRegistry registry;
  private final java.util.Optional<ServerTls> tls;
  private AdaptiveLimit admission;
  private ServerLoops loops;
  private Channel serverChannel;

  /** A plain-HTTP server for {@code service}; meters go to {@code registry}. */
  public UbServer(BootstrappingService service, Settings settings, MeterRegistry registry) {
    this(service, settings, registry, java.util.Optional.empty());
  }

  /**
   * A server for {@code service}, over HTTPS when {@code tls} is present (the TLS handshake
   * completes before any byte reaches HTTP); meters go to {@code registry}.
   */
  public UbServer(
      BootstrappingService service,
      Settings settings,
      MeterRegistry registry,
      java.util.Optional<ServerTls> tls) {
    this.tls = tls;
    this.service = service;
    this.settings = settings;
    this.metrics = new UbMetrics(registry);
    this.registry = registry;
    this.encoder = new UbResponseEncoder(settings.retryAfter(), service.allocatesTmpis());
    this.sourceLimit =
        settings.sourceLimitRate() > 0
            ? new SourceRateLimit(
                settings.sourceLimitRate(), settings.sourceLimitBurst(), System::nanoTime)
            : null;
    if (sourceLimit != null) {
      Gauge.builder("bsf.ub.source_limit.sources", sourceLimit, SourceRateLimit::tracked)
          .description("Source addresses (IPv6: /64s) the per-source limit tracks")
          .register(registry);
    }
    Gauge.builder("bsf.ub.in_flight", inFlight, AtomicInteger::get)
        .description("Ub requests being processed")
        .register(registry);
    Gauge.builder("bsf.ub.connections.open", openConnections, AtomicInteger::get)
        .description("Open Ub connections")
        .register(registry);
    this.acceptedConnections =
        Counter.builder("bsf.ub.connections.accepted")
            .description("Ub connections accepted")
            .register(registry);
  }

  /** Binds and starts serving; returns the bound address. Call once, not on an event loop. */
  public synchronized InetSocketAddress start() throws InterruptedException {
    if (serverChannel != null) {
      throw new IllegalStateException("already started");
    }
    loops = ServerLoops.of(settings.ioThreads());
    LoopLag lag =
        new LoopLag(
            loops.workers(),
            settings.maxLag().isZero()
                ? LoopLag.GAUGE_PERIOD_MILLIS
                : LoopLag.ADMISSION_PERIOD_MILLIS);
    admission =
        new AdaptiveLimit(
            settings.maxInFlight(),
            settings.maxLag().toNanos(),
            lag::nanos,
            inFlight,
            System::nanoTime);
    AdaptiveLimit limit = admission;
    Gauge.builder("bsf.ub.admission.first_requests", limit, AdaptiveLimit::allowedPerSecond)
        .description(
            "First requests a second Ub admits now (ub.overload.max-lag); -1 while unlimited")
        .register(registry);
    Gauge.builder("bsf.ub.event_loop.lag", lag, l -> l.nanos() / 1e9)
        .description("Largest recent lag of the Ub event loops, in seconds")
        .baseUnit("seconds")
        .register(registry);
    ServerBootstrap b =
        loops
            .bootstrap()
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    acceptedConnections.increment();
                    openConnections.incrementAndGet();
                    ch.closeFuture().addListener(f -> openConnections.decrementAndGet());
                    tls.ifPresent(t -> t.addFirst(ch));
                    ch.pipeline()
                        .addLast(
                            "http", new HttpServerCodec(4096, settings.maxHeaderSize(), MAX_BODY))
                        .addLast("aggregate", new HttpObjectAggregator(MAX_BODY))
                        .addLast(
                            "idle",
                            new IdleStateHandler(
                                0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS))
                        .addLast(
                            "ub",
                            new UbHandler(
                                service::handle,
                                encoder,
                                metrics,
                                limit,
                                sourceLimit,
                                draining::get));
                  }
                });
    try {
      serverChannel = ServerBind.bind(b, settings.address(), settings.port(), "Ub");
    } catch (InterruptedException | RuntimeException failed) {
      shutdownGroups();
      throw failed;
    }
    InetSocketAddress bound = (InetSocketAddress) serverChannel.localAddress();
    log.info(
        "Ub server listening on {}://{}:{}",
        tls.isPresent() ? "https" : "http",
        bound.getHostString(),
        bound.getPort());
    return bound;
  }

  /**
   * Starts draining: Ub keeps serving, but every answer closes its connection, so that clients open
   * their next connection through the load balancer, to another instance once this one is out of
   * rotation. {@link #close()} follows.
   */
  public void drain() {
    draining.set(true);
  }

  /** The bound address, once started. */
  public InetSocketAddress address() {
    return (InetSocketAddress) serverChannel.localAddress();
  }

  /**
   * Stops accepting connections, waits up to {@link #DRAIN_TIMEOUT} for requests in flight to be
   * answered, then closes every connection and frees the threads.
   */
  @Override
  public synchronized void close() {
    if (serverChannel == null) {
      return;
    }
    serverChannel.close().syncUninterruptibly();
    serverChannel = null;
    long deadline = System.nanoTime() + DRAIN_TIMEOUT.toNanos();
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
    }
    if (inFlight.get() > 0) {
      log.warn("Ub server stopping with {} requests still unanswered", inFlight.get());
    }
    shutdownGroups();
    log.info("Ub server stopped");
  }

  private void shutdownGroups() {
    if (loops != null) {
      loops.close();
    }
    loops = null;
  }
}
