package org.gbabsf.diameter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterSendException.Kind;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.transport.DiameterTransport;
import org.gbabsf.diameter.transport.NettyConnection;
import org.gbabsf.diameter.transport.NettyNetworkGuard;
import org.gbabsf.diameter.transport.RequestScreen;
import org.jdiameter.api.Answer;
import org.jdiameter.api.ApplicationId;
import org.jdiameter.api.DisconnectCause;
import org.jdiameter.api.IllegalDiameterStateException;
import org.jdiameter.api.InternalException;
import org.jdiameter.api.Network;
import org.jdiameter.api.Peer;
import org.jdiameter.api.PeerTable;
import org.jdiameter.api.Request;
import org.jdiameter.api.RouteException;
import org.jdiameter.api.Session;
import org.jdiameter.api.SessionFactory;
import org.jdiameter.server.impl.StackImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Diameter node (RFC 6733) on jdiameter, behind an API of our own: start with a configuration and
 * request handlers, send requests that complete a {@link CompletionStage}, know which peers are up,
 * stop. No jdiameter type crosses this API.
 *
 * <p>What it adds to the stack, each a known weakness of it:
 *
 * <ul>
 *   <li>its own transport on Netty ({@link NettyConnection}, {@link NettyNetworkGuard}): RFC 6733
 *       framing checked before the stack parses anything (jdiameter's reader spins forever on some
 *       malformed frames), one I/O thread for every connection, TCP_NODELAY, a bounded message size
 *       and write buffer, protocol errors answered for requests the node does not serve;
 *   <li>CER admission by {@link PeerAdmission}: a refused peer gets a CEA with 3010
 *       DIAMETER_UNKNOWN_PEER instead of a silently closed socket; a connection without a valid CER
 *       within the CER timeout is closed, and so is one too many waiting for theirs;
 *   <li>a listening socket that fails the start when the port is taken, instead of silently;
 *   <li>a reconnection watchdog: a peer left DOWN (e.g. after a DPR with cause BUSY, which the
 *       stack never retries) is reconnected every {@code reconnectInterval};
 *   <li>asynchronous answers, so handlers never block stack threads;
 *   <li>its own peer-state log lines, and one release of every session in exactly one callback.
 * </ul>
 */
public final class DiameterNode implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DiameterNode.class);

  private final DiameterNodeConfig config;
  private final DiameterTransport transport;
  private final TransportCounters counters = new TransportCounters();
  private final NodeCounters nodeCounters;
  private final StackImpl stack;
  private final SessionFactory sessions;
  private final Map<Long, ApplicationId> applications = new HashMap<>();
  private final PeerSupervisor peers;
  private final PeerGate gate;
  private final ExecutorService callbacks;
  private final AtomicLong sessionCounter = new AtomicLong(ThreadLocalRandom.current().nextInt());
  private final long sessionHigh = System.currentTimeMillis() / 1000;
  private final java.util.concurrent.atomic.AtomicBoolean closed =
      new java.util.concurrent.atomic.AtomicBoolean();

  private DiameterNode(DiameterNodeConfig config, RequestScreen screen) {
    this.config = config;
    this.stack = new StackImpl();
    this.peers =
        new PeerSupervisor(
            config, (configured, connectTo) -> new PeerGate(config, stack, configured, connectTo));
    this.gate = peers.gate();
    this.nodeCounters = new NodeCounters(counters, gate);
    this.transport =
        new DiameterTransport(
            config.originHost(),
            config.originRealm(),
            config.limits(),
            screen,
            counters,
            gate,
            config.tcpNoDelay(),
            config.tls(),
            host ->
                config.peers().stream()
                    .filter(p -> p.connect() && p.host().equalsIgnoreCase(host))
                    .findFirst());
    this.callbacks =
        Executors.newFixedThreadPool(2, daemon("diameter-callback-" + config.originHost() + "-"));
    SessionFactory factory;
    try {
      factory = stack.init(StackConfiguration.of(config, transport));
    } catch (IllegalDiameterStateException | InternalException e) {
      transport.close();
      throw new IllegalStateException("Diameter stack does not initialise: " + e.getMessage(), e);
    }
    this.sessions = factory;
    for (AppId app : config.applications()) {
      applications.put(
          app.authApplicationId(),
          ApplicationId.createByAuthAppId(app.vendorId(), app.authApplicationId()));
    }
  }

  /**
   * A request this node serves: {@code commandCode} of {@code application}. Requests for anything
   * else are answered by the transport (3001, 3007) and never reach a handler.
   */
  public record Serves(AppId application, int commandCode) {}

  /**
   * Starts a node: binds the listening port (failing at once if it is taken), registers {@code
   * handlers} (one per application) and connects to the configured peers in the background.
   * Blocking: call at startup.
   */
  public static DiameterNode start(
      DiameterNodeConfig config, Map<Serves, RequestHandler> handlers) {
    checkPortFree(config.listenAddress(), config.listenPort());
    if (config.tls().port() != 0) {
      checkPortFree(config.listenAddress(), config.tls().port());
    }
    Map<Long, java.util.Set<Integer>> served = new HashMap<>();
    Map<AppId, RequestHandler> byApp = new HashMap<>();
    for (Map.Entry<Serves, RequestHandler> h : handlers.entrySet()) {
      AppId app = h.getKey().application();
      if (byApp.put(app, h.getValue()) != null) {
        throw new IllegalArgumentException("one handler per application: " + app);
      }
      served.put(app.authApplicationId(), java.util.Set.of(h.getKey().commandCode()));
    }
    DiameterNode node = new DiameterNode(config, new RequestScreen(served));
    try {
      node.startStack(byApp);
    } catch (RuntimeException e) {
      node.close();
      throw e;
    }
    return node;
  }

  private void startStack(Map<AppId, RequestHandler> handlers) {
    try {
      // Must precede addNetworkReqListener, or the configured applications vanish from the CER.
      stack.getMetaData().getLocalPeer().getCommonApplications();
      Network network = stack.unwrap(Network.class);
      for (Map.Entry<AppId, RequestHandler> h : handlers.entrySet()) {
        network.addNetworkReqListener(
            new RequestListener(h.getValue(), sessions, config.originHost(), config.originRealm()),
            ApplicationId.createByAuthAppId(h.getKey().vendorId(), h.getKey().authApplicationId()));
      }
      for (Peer peer : stack.unwrap(PeerTable.class).getPeerTable()) {
        peers.watch(peer);
      }
      peers.running();
      stack.start();
      if (stack.unwrap(PeerTable.class)
          instanceof org.jdiameter.server.impl.MutablePeerTableImpl table) {
        java.util.Map<String, org.jdiameter.client.api.io.IConnection> incoming =
            table.getIncConnections();
        transport.onInboundClosed(c -> incoming.remove(c.getKey(), c));
      }
    } catch (InternalException
        | IllegalDiameterStateException
        | org.jdiameter.api.ApplicationAlreadyUseException e) {
      throw new IllegalStateException("Diameter stack does not start: " + e.getMessage(), e);
    }
    peers.startWatchdog(config.reconnectInterval());
    log.info(
        "Diameter node {} (realm {}) listening on {}:{}{}, peers {}{}",
        config.originHost(),
        config.originRealm(),
        config.listenAddress(),
        config.listenPort(),
        config.tls().port() != 0 ? " and TLS port " + config.tls().port() : "",
        peers.hosts(),
        config.tls().enabled()
            ? (config.tls().allPeers()
                ? " (all over TLS)"
                : " (over TLS: " + config.tls().requiredPeers() + ")")
            : "");
  }

  /** Our Origin-Host. */
  public String originHost() {
    return config.originHost();
  }

  /** Our Origin-Realm. */
  public String originRealm() {
    return config.originRealm();
  }

  /** A new Session-Id, {@code <Origin-Host>;<high 32 bits>;<low 32 bits>} (RFC 6733 §8.8). */
  public String newSessionId() {
    long n = sessionCounter.incrementAndGet();
    return config.originHost() + ";" + sessionHigh + ";" + (n & 0xFFFF_FFFFL);
  }

  /** What the node's transport and CER gate refused, dropped or probed: its metrics' source. */
  public NodeCounters counters() {
    return nodeCounters;
  }

  /** The state of every configured peer, by host. */
  public Map<String, PeerStatus> peers() {
    return peers.statuses();
  }

  /** True if {@code host} is a configured peer whose connection is open. */
  public boolean isUp(String host) {
    return peers.isUp(host);
  }

  /**
   * Sends {@code request}, whose AVPs must include Session-Id, Origin-Host/Realm and
   * Destination-Realm (and Destination-Host to pin a peer). The stage completes with the answer, or
   * exceptionally with a {@link DiameterSendException}. An answer completes the stage on the
   * stack's thread: dependent stages must not block (use an async variant to move off it).
   */
  public CompletionStage<DiameterMessage> send(DiameterMessage request, Duration timeout) {
    CompletableFuture<DiameterMessage> result = new CompletableFuture<>();
    ApplicationId app = applications.get(request.applicationId());
    Optional<String> sessionId = BaseMessages.sessionId(request);
    Optional<String> realm = request.first(BaseAvps.DESTINATION_REALM, 0).map(Avp::utf8);
    if (app == null || sessionId.isEmpty() || realm.isEmpty()) {
      result.completeExceptionally(
          new IllegalArgumentException(
              "request needs a configured application, Session-Id and Destination-Realm"));
      return result;
    }
    Optional<String> host = request.first(BaseAvps.DESTINATION_HOST, 0).map(Avp::utf8);
    Session session = null;
    try {
      session = sessions.getNewSession(sessionId.get());
      Request r =
          host.isPresent()
              ? session.createRequest(request.commandCode(), app, realm.get(), host.get())
              : session.createRequest(request.commandCode(), app, realm.get());
      StackMessages.fill(r, request);
      Session s = session;
      session.send(
          r,
          new org.jdiameter.api.EventListener<Request, Answer>() {
            @Override
            public void receivedSuccessMessage(Request sent, Answer answer) {
              try {
                DiameterMessage value = StackMessages.toValue(answer);
                // Inline on the stack thread: continuations are non-blocking by contract (the
                // whole flow is asynchronous), and a hand-off to another thread here cost a
                // wake-up per answer (docs/benchmarks.md, profile).
                result.complete(value);
              } catch (RuntimeException unreadable) {
                completeOffStack(
                    () ->
                        result.completeExceptionally(
                            new DiameterSendException(
                                Kind.STACK_UNAVAILABLE, "answer unreadable", unreadable)));
              } finally {
                s.release();
              }
            }

            @Override
            public void timeoutExpired(Request sent) {
              s.release();
              completeOffStack(
                  () ->
                      result.completeExceptionally(
                          new DiameterSendException(
                              Kind.TIMEOUT, "no answer within " + timeout.toMillis() + " ms")));
            }
          },
          timeout.toMillis(),
          TimeUnit.MILLISECONDS);
    } catch (RouteException e) {
      release(session);
      result.completeExceptionally(new DiameterSendException(Kind.NO_ROUTE, e.getMessage(), e));
    } catch (InternalException
        | IllegalDiameterStateException
        | org.jdiameter.api.OverloadException e) {
      release(session);
      result.completeExceptionally(
          new DiameterSendException(Kind.STACK_UNAVAILABLE, e.getMessage(), e));
    }
    return result;
  }

  /**
   * Completes a future on our own threads, so that callers' continuations never run on (and hold
   * up) a stack thread; inline once the node is closing and that executor is gone.
   */
  private void completeOffStack(Runnable completion) {
    try {
      callbacks.execute(completion);
    } catch (java.util.concurrent.RejectedExecutionException closing) {
      completion.run();
    }
  }

  private static void release(Session session) {
    if (session != null) {
      session.release();
    }
  }

  /**
   * Stops: DPR (cause REBOOTING, so peers reconnect to our successor) and frees everything.
   * Idempotent.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    boolean interrupted = Thread.interrupted(); // the waits below must not be cut short
    peers.stopping();
    transport.stopping();
    interrupted |= peers.stopWatchdog(); // a reconnection under way would restart a peer
    // jdiameter's stop skips the peers that are DOWN; the others it stops, and they end.
    List<Map.Entry<String, Peer>> down = peers.down();
    try {
      stack.stop(2, TimeUnit.SECONDS, DisconnectCause.REBOOTING);
    } catch (IllegalDiameterStateException | InternalException e) {
      log.debug("Diameter stop: {}", e.toString());
    } finally {
      peers.stopPeerThreads(down, Duration.ofSeconds(2));
      stack.destroy();
      transport.close();
      callbacks.shutdown();
      peers.stopPeerThreads(down, Duration.ofSeconds(1)); // a connect under way at close failed
    }
    log.info("Diameter node {} stopped", config.originHost());
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static void checkPortFree(String address, int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(InetAddress.getByName(address), port));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(
          "Diameter cannot listen on " + address + ":" + port + ": " + e.getMessage(), e);
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String prefix) {
    return org.gbabsf.netty.Threads.numbered(prefix);
  }
}
