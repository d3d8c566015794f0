package org.gbabsf.diameter.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.diameter.transport.CerGate.PeerView;

/**
 * One CER handshake per Origin-Host in the stack at a time.
 *
 * <p>jdiameter 1.7.1 keeps one current connection per peer and swaps it when a CER of that host
 * arrives on another connection, while its FSM may still be answering, or tearing down, the
 * previous one. A peer that reconnects at once after a connection was closed right after its CER
 * could so leave the stack's peer up on the dead connection, or its new connection with neither a
 * CEA nor a close. So the CER of a new connection of a host goes to the stack only once every
 * earlier connection of that host has {@link #settled settled} there; and while the peer is in
 * service on an open connection, the new one is refused ({@link Turn#ALREADY_CONNECTED}), as the
 * stack itself would answer 5012, but on the right connection. The caller asks again while it is
 * told to {@link Turn#WAIT}, and gives up waiting after a bound; its connection's CEA deadline ends
 * it if the stack never answers.
 *
 * <p>Hosts are compared exactly, as jdiameter's peer table does. A closed connection is {@link
 * #forget forgotten} once the stack has had its CER timeout to finish with it, so the table holds
 * no more than the connections of about one CER timeout.
 */
final class Handshakes {

  /** What happens to a connection's CER now. */
  enum Turn {
    /** Hand it to the stack (the connection is now one of the host's handshakes). */
    DELIVER,
    /** An earlier connection of the host is not settled yet: ask again shortly. */
    WAIT,
    /** The peer is in service on an open connection: refuse this one. */
    ALREADY_CONNECTED
  }

  /** A connection whose CER went to the stack. */
  interface Attempt {
    /** True once the connection is closed. */
    boolean closed();

    /** The Result-Code of the first CEA the stack sent (or tried to send) on it; -1 before one. */
    long ceaResult();
  }

  private static final long SUCCESS = 2001;

  private final ConcurrentHashMap<String, List<Attempt>> byHost = new ConcurrentHashMap<>();

  /**
   * The turn of {@code mine}, a connection of {@code host}, given the stack's {@code view} of that
   * peer; registers it on {@link Turn#DELIVER}. With {@code waitedEnough}, never {@link Turn#WAIT}:
   * what is not settled by then is taken as stale. Never blocks.
   */
  Turn turn(String host, Attempt mine, PeerView view, boolean waitedEnough) {
    while (true) {
      List<Attempt> attempts = byHost.computeIfAbsent(host, h -> new ArrayList<>());
      synchronized (attempts) {
        if (byHost.get(host) != attempts) {
          continue; // emptied and dropped meanwhile: take the current list
        }
        attempts.removeIf(a -> a.closed() && settled(a, view));
        if (!waitedEnough && !attempts.stream().allMatch(a -> settled(a, view))) {
          return Turn.WAIT;
        }
        if (waitedEnough) {
          attempts.removeIf(Attempt::closed);
        }
        if (view.inService() && view.connectionOpen()) {
          dropIfEmpty(host, attempts);
          return Turn.ALREADY_CONNECTED;
        }
        attempts.add(mine);
        return Turn.DELIVER;
      }
    }
  }

  /** Forgets {@code closed}, a closed connection of {@code host}, whatever the stack made of it. */
  void forget(String host, Attempt closed) {
    List<Attempt> attempts = byHost.get(host);
    if (attempts == null) {
      return;
    }
    synchronized (attempts) {
      attempts.remove(closed);
      dropIfEmpty(host, attempts);
    }
  }

  /** Hosts with handshakes held (for tests). */
  int hosts() {
    return byHost.size();
  }

  private void dropIfEmpty(String host, List<Attempt> attempts) {
    if (attempts.isEmpty()) {
      byHost.remove(host, attempts);
    }
  }

  /**
   * Whether the stack is done with {@code a}. Closed: once the stack has tried to answer its CER
   * and no longer holds it in service, or once the stack's connection for the peer is another one.
   * Open: once answered, and either no longer the stack's connection (an election it lost), or in
   * service after a 2001, or out of service after a refusal. jdiameter writes the CEA 2001 before
   * it moves the peer to OKAY: a CER taken in that moment would reach the stack, which answers it
   * 5012 on the connection in service, not on the one that sent it.
   */
  static boolean settled(Attempt a, PeerView view) {
    boolean current = view.connection() == a;
    boolean answered = a.ceaResult() >= 0;
    if (a.closed()) {
      return !current || (answered && !view.inService());
    }
    return answered && (!current || (a.ceaResult() == SUCCESS) == view.inService());
  }
}
