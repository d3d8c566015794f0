package org.gbabsf.diameter;

import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.transport.CerGate;
import org.gbabsf.diameter.transport.NettyConnection;
import org.jdiameter.api.DisconnectCause;
import org.jdiameter.api.IllegalDiameterStateException;
import org.jdiameter.api.InternalException;
import org.jdiameter.api.Peer;
import org.jdiameter.api.PeerState;
import org.jdiameter.api.PeerTable;
import org.jdiameter.api.Stack;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's CER admission: the configured policy plus the stack's peer table, the election of RFC
 * 6733 §5.6.4 when a configured peer connects to us while we connect to it, and the refusals'
 * counts and log lines. It also holds which configured peers' own connections it gave up, so that
 * the node does not reconnect them while the peer's CER is on its way ({@link #holdsReconnection}).
 */
final class PeerGate implements CerGate {

  // The node's logger: these lines are the node's, and operators filter on its name.
  private static final Logger log = LoggerFactory.getLogger(DiameterNode.class);

  private final DiameterNodeConfig config;
  private final Stack stack;
  private final Map<String, Peer> configuredPeers;
  private final Set<String> connectTo;
  private final PeerAdmission admission;
  private final SourceBinding sources;
  private final Map<CerGate.Refusal, AtomicLong> refused = new EnumMap<>(CerGate.Refusal.class);
  private final PeerWarnings refusalWarnings = new PeerWarnings(Duration.ofSeconds(10));
  private final Map<String, CompletableFuture<Void>> awaitingDown = new ConcurrentHashMap<>();
  // Peers whose own connection the stack gave up to take theirs: not reconnected by the node until
  // the peer is up or the deadline (System.nanoTime) passes, or its attempt would take the peer out
  // of DOWN before the peer's CER arrives, and the stack would then answer that CER with nothing.
  private final Map<String, Long> takingOver = new ConcurrentHashMap<>();

  /**
   * A gate for the node of {@code config} on {@code stack}; {@code configuredPeers} is the node's
   * table of configured peers (filled once the stack starts, read here), {@code connectTo} the
   * hosts of those the node connects to itself.
   */
  PeerGate(
      DiameterNodeConfig config,
      Stack stack,
      Map<String, Peer> configuredPeers,
      Set<String> connectTo) {
    this.config = config;
    this.stack = stack;
    this.configuredPeers = configuredPeers;
    this.connectTo = connectTo;
    this.admission =
        config
            .admission()
            .withHosts(config.peers().stream().map(PeerConfig::host).collect(Collectors.toSet()));
    this.sources =
        SourceBinding.of(config.peers(), config.admission().sources(), PeerGate::resolve);
    warnOfUnboundPeers();
    for (CerGate.Refusal r : CerGate.Refusal.values()) {
      refused.put(r, new AtomicLong());
    }
  }

  @Override
  public boolean admits(String originHost, String originRealm) {
    return admission.admits(originHost, originRealm);
  }

  @Override
  public boolean fromBoundSource(
      String originHost, String originRealm, InetAddress from, boolean overTls) {
    return sources.allows(originHost, originRealm, from, overTls);
  }

  /**
   * Every address {@code address} stands for (a literal, or each address its name resolves to now,
   * at the node's start); none if it cannot be resolved, with a WARN: that peer is then admitted
   * only from its listed networks or over TLS.
   */
  private static List<InetAddress> resolve(String address) {
    try {
      return List.of(InetAddress.getAllByName(address));
    } catch (java.net.UnknownHostException e) {
      log.warn(
          "Diameter: peer address {} does not resolve; that peer is admitted only from its listed"
              + " source networks or over TLS",
          address);
      return List.of();
    }
  }

  /**
   * Logs at WARN, once at the start, the admitted identities that may connect over plain TCP from
   * any address: whoever reaches the port can claim them.
   */
  private void warnOfUnboundPeers() {
    for (PeerConfig p : config.peers()) {
      if (sources.networksOf(p.host()).stream().anyMatch(SourceNetwork::everything)) {
        log.warn(
            "Diameter: peer {} is bound to every address (a /0 network): any host that reaches"
                + " port {} can claim its identity",
            p.host(),
            config.listenPort());
      }
    }
    if (admission.any()) {
      return;
    }
    Set<String> identities = new java.util.TreeSet<>(config.admission().hosts());
    identities.addAll(config.admission().realms());
    Set<String> plain =
        sources.unbound(identities).stream()
            .filter(i -> !config.tls().requiredFor(i))
            .collect(Collectors.toCollection(java.util.TreeSet::new));
    if (!plain.isEmpty()) {
      log.warn(
          "Diameter: {} may connect over plain TCP from any address, so any host that reaches port"
              + " {} can claim {}; bind them to their networks or require TLS of them"
              + " (docs/security.md)",
          plain,
          config.listenPort(),
          plain.size() == 1 ? "that identity" : "those identities");
    }
  }

  /**
   * A configured peer we connect to may also connect to us (RFC 6733 §5.6: either side may open).
   * jdiameter drops such a CER while it waits to retry its own connection (state REOPEN), so the
   * stack first gives up that attempt: the peer goes DOWN, where the CER is taken and answered with
   * CEA 2001 and this connection carries the requests. While our own CER is out (INITIAL), the node
   * holds the election of RFC 6733 §5.6.4 itself ({@link Election}): jdiameter makes any connection
   * arriving in INITIAL its own at once, then takes the CER on it for a CER on its own connection
   * and answers it with nothing, so two peers that opened at the same moment answered neither CER
   * and, after the CEA timeout, retried on each other's ephemeral ports. If our connection wins,
   * this one is closed and the peer answers our CER; if the peer's wins, the stack gives up its own
   * attempt, as in REOPEN, and takes this one.
   */
  @Override
  public boolean admitted(String originHost) {
    awaitFsmGoneIfDown(originHost);
    Map.Entry<String, Peer> peer = configuredPeer(originHost);
    if (peer == null || !connectTo.contains(peer.getKey())) {
      return true;
    }
    PeerState state = peer.getValue().getState(PeerState.class);
    if (state == PeerState.INITIAL) {
      if (Election.localWins(config.originHost(), originHost)) {
        log.info(
            "Diameter peer {} connected to us while our CER to it was out: our connection won"
                + " the election (RFC 6733 §5.6.4), its one is closed",
            peer.getKey());
        return false;
      }
      if (giveUpOwnAttempt(peer)) {
        log.info(
            "Diameter peer {} connected to us while our CER to it was out: its connection won"
                + " the election (RFC 6733 §5.6.4), taking it",
            peer.getKey());
      }
    } else if (state == PeerState.REOPEN && giveUpOwnAttempt(peer)) {
      log.info(
          "Diameter peer {} connected to us while we were retrying it: taking its connection",
          peer.getKey());
    }
    return true;
  }

  /** Takes the stack's peer DOWN, giving up its own connection; true once it is. */
  private boolean giveUpOwnAttempt(Map.Entry<String, Peer> peer) {
    CompletableFuture<Void> down = new CompletableFuture<>();
    awaitingDown.put(peer.getKey(), down);
    takingOver.put(peer.getKey(), System.nanoTime() + 2 * config.limits().cerTimeout().toNanos());
    if (peer.getValue() instanceof org.jdiameter.server.api.IPeer p
        && p.getConnection() instanceof NettyConnection own) {
      own.giveUpForPeer();
    }
    try {
      peer.getValue().disconnect(DisconnectCause.REBOOTING);
      down.get(2, TimeUnit.SECONDS);
      FsmThreads.awaitGone(peer.getValue(), Duration.ofSeconds(1));
      return true;
    } catch (InternalException | IllegalDiameterStateException | ExecutionException e) {
      log.debug(
          "Diameter peer {}: could not give up our own attempt: {}", peer.getKey(), e.toString());
    } catch (TimeoutException e) {
      log.debug("Diameter peer {}: still not down after 2 s", peer.getKey());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      awaitingDown.remove(peer.getKey());
    }
    return false;
  }

  /**
   * A peer that has just gone DOWN still has FSM threads leaving for up to 100 ms, and a CER handed
   * to a leaving one is never answered (see {@link FsmThreads}): wait for them, at most 1 s.
   */
  private void awaitFsmGoneIfDown(String originHost) {
    try {
      Peer peer = stack.unwrap(PeerTable.class).getPeer(originHost);
      if (peer != null && peer.getState(PeerState.class) == PeerState.DOWN) {
        FsmThreads.awaitGone(peer, Duration.ofSeconds(1));
      }
    } catch (InternalException stopped) {
      // the stack is stopping: nothing to wait for
    }
  }

  @Override
  public PeerView peerView(String originHost) {
    try {
      Peer peer = stack.unwrap(PeerTable.class).getPeer(originHost);
      if (peer == null) {
        return PeerView.NONE;
      }
      org.jdiameter.client.api.io.IConnection connection =
          peer instanceof org.jdiameter.server.api.IPeer p ? p.getConnection() : null;
      return new PeerView(
          PeerSupervisor.status(peer.getState(PeerState.class)),
          connection,
          connection != null && connection.isConnected());
    } catch (InternalException stopped) {
      return PeerView.NONE;
    }
  }

  /** Counted always; logged at WARN at most once per peer address in 10 s, else at DEBUG. */
  @Override
  public void refused(
      CerGate.Refusal reason, String originHost, String originRealm, InetAddress from) {
    refused.get(reason).incrementAndGet();
    boolean warn = refusalWarnings.warn(from, System.nanoTime());
    String text = "Diameter: refused a connection from {} ({}): Origin-Host {}, Origin-Realm {}";
    Object[] args = {
      from.getHostAddress(),
      tag(reason),
      PeerWarnings.printable(originHost),
      PeerWarnings.printable(originRealm)
    };
    if (warn) {
      log.warn(text, args);
    } else {
      log.debug(text, args);
    }
  }

  /** Told of every state change of a configured peer: ends a take-over waiting for it. */
  void peerState(String host, PeerStatus status) {
    if (status == PeerStatus.DOWN) {
      CompletableFuture<Void> waiting = awaitingDown.remove(host);
      if (waiting != null) {
        waiting.complete(null);
      }
    } else if (status == PeerStatus.OKAY) {
      takingOver.remove(host);
    }
  }

  /** True while the node must not reconnect {@code host}: the gate gave up its own connection. */
  boolean holdsReconnection(String host) {
    Long until = takingOver.get(host);
    return until != null && System.nanoTime() - until < 0;
  }

  /** Peers refused for {@code reason} since the start. */
  long refusals(CerGate.Refusal reason) {
    return refused.get(reason).get();
  }

  /** Peers refused since the start, for any reason. */
  long refusals() {
    return refused.values().stream().mapToLong(AtomicLong::get).sum();
  }

  /** The metric tag of {@code reason}. */
  static String tag(CerGate.Refusal reason) {
    return reason.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The configured peer named {@code host} (case-insensitively), or null. */
  private Map.Entry<String, Peer> configuredPeer(String host) {
    for (Map.Entry<String, Peer> p : configuredPeers.entrySet()) {
      if (p.getKey().equalsIgnoreCase(host)) {
        return p;
      }
    }
    return null;
  }
}
