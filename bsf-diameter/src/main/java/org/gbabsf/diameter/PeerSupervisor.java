package org.gbabsf.diameter;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.jdiameter.api.DisconnectCause;
import org.jdiameter.api.IllegalDiameterStateException;
import org.jdiameter.api.InternalException;
import org.jdiameter.api.Peer;
import org.jdiameter.api.PeerState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's configured peers under watch: their states as the stack reports them (with the up and
 * down lines operators read), a watchdog that reconnects a peer left DOWN, and, at the stop, the
 * end of the FSM threads jdiameter leaves running. The {@link PeerGate} it is made with sees the
 * same peers.
 */
final class PeerSupervisor {

  // The node's logger: these lines are the node's, and operators filter on its name.
  private static final Logger log = LoggerFactory.getLogger(DiameterNode.class);

  private final Map<String, PeerStatus> states = new ConcurrentHashMap<>();
  private final Map<String, Peer> configured = new LinkedHashMap<>();
  private final Set<String> connectTo = new HashSet<>();
  private final PeerGate gate;
  private final ScheduledExecutorService watchdog;
  private volatile boolean running;

  /**
   * Peers of {@code config}; {@code gate} makes the CER gate over the configured peers and those we
   * connect to.
   */
  PeerSupervisor(
      DiameterNodeConfig config, BiFunction<Map<String, Peer>, Set<String>, PeerGate> gate) {
    for (PeerConfig p : config.peers()) {
      if (p.connect()) {
        connectTo.add(p.host());
      }
    }
    this.gate = gate.apply(configured, connectTo);
    this.watchdog =
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            org.gbabsf.netty.Threads.numbered("diameter-watchdog-" + config.originHost() + "-"));
  }

  /** The CER gate over these peers. */
  PeerGate gate() {
    return gate;
  }

  /** Watches {@code peer} of the stack's peer table. Before the stack starts. */
  void watch(Peer peer) {
    String host = peer.getUri().getFQDN();
    configured.put(host, peer);
    states.put(host, status(peer.getState(PeerState.class)));
    peer.addPeerStateListener((from, to) -> onPeerState(host, from, to));
  }

  /** From now on a peer's state change is the node's news (INFO up, WARN down). */
  void running() {
    running = true;
  }

  /** Reconnects a peer left DOWN every {@code every}. */
  void startWatchdog(Duration every) {
    long ms = every.toMillis();
    watchdog.scheduleWithFixedDelay(this::reconnectDownPeers, ms, ms, TimeUnit.MILLISECONDS);
  }

  /** State changes are logged at DEBUG only from now on: the node is stopping. */
  void stopping() {
    running = false;
  }

  /**
   * Stops the watchdog and waits for a reconnection under way (which would restart a peer after the
   * stop). Returns whether the wait was interrupted.
   */
  boolean stopWatchdog() {
    watchdog.shutdownNow();
    try {
      watchdog.awaitTermination(1, TimeUnit.SECONDS);
      return false;
    } catch (InterruptedException e) {
      return true;
    }
  }

  /** The configured peers that are DOWN now (jdiameter's stop skips them). */
  List<Map.Entry<String, Peer>> down() {
    return configured.entrySet().stream()
        .filter(p -> p.getValue().getState(PeerState.class) == PeerState.DOWN)
        .toList();
  }

  /**
   * Ends the FSM threads of {@code down}, configured peers that were DOWN when the stack stopped,
   * within {@code limit}. jdiameter stops only the peers that are not DOWN: a peer whose connection
   * attempt was still queued (DOWN, its START taken next) went on to REOPEN after the stop and
   * retried every second, for as long as the process lived. Such a peer is told to stop again once
   * it has left DOWN.
   */
  void stopPeerThreads(List<Map.Entry<String, Peer>> down, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    for (Map.Entry<String, Peer> p : down) {
      Peer peer = p.getValue();
      while (!FsmThreads.awaitGone(peer, Duration.ofMillis(100))) {
        if (System.nanoTime() - deadline > 0) {
          log.debug("Diameter peer {}: its FSM thread is still running after the stop", p.getKey());
          break;
        }
        if (peer.getState(PeerState.class) != PeerState.DOWN) {
          try {
            peer.disconnect(DisconnectCause.REBOOTING);
          } catch (InternalException | IllegalDiameterStateException e) {
            log.debug("Diameter peer {}: stop: {}", p.getKey(), e.toString());
          }
        }
      }
    }
  }

  /** The hosts of the configured peers, in configuration order. */
  Set<String> hosts() {
    return configured.keySet();
  }

  /** The state of every configured peer, by host. */
  Map<String, PeerStatus> statuses() {
    return Map.copyOf(states);
  }

  /** True if {@code host} is a configured peer whose connection is open. */
  boolean isUp(String host) {
    return states.get(host) == PeerStatus.OKAY;
  }

  private void onPeerState(String host, PeerState from, PeerState to) {
    PeerStatus status = status(to);
    states.put(host, status);
    gate.peerState(host, status);
    if (!running) {
      log.debug("Diameter peer {} is {} (node stopping)", host, status);
    } else if (status == PeerStatus.OKAY) {
      log.info("Diameter peer {} is up", host);
    } else if (from == PeerState.OKAY) {
      log.warn("Diameter peer {} is {}", host, status);
    }
  }

  private void reconnectDownPeers() {
    if (!running) {
      return;
    }
    for (Map.Entry<String, Peer> p : configured.entrySet()) {
      if (gate.holdsReconnection(p.getKey())) {
        continue; // the peer's own connection is being taken
      }
      if (connectTo.contains(p.getKey())
          && p.getValue().getState(PeerState.class) == PeerState.DOWN) {
        try {
          p.getValue().connect();
          log.debug("Diameter peer {} was down: reconnecting", p.getKey());
        } catch (InternalException | IOException | IllegalDiameterStateException e) {
          log.debug("Diameter peer {} reconnect failed: {}", p.getKey(), e.toString());
        }
      }
    }
  }

  /** Our name for the stack's state of a peer. */
  static PeerStatus status(PeerState s) {
    return switch (s) {
      case OKAY -> PeerStatus.OKAY;
      case SUSPECT -> PeerStatus.SUSPECT;
      case DOWN -> PeerStatus.DOWN;
      case REOPEN -> PeerStatus.REOPEN;
      case INITIAL -> PeerStatus.INITIAL;
    };
  }
}
