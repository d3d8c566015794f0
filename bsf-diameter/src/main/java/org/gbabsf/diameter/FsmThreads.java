package org.gbabsf.diameter;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.jdiameter.api.Peer;

/**
 * A workaround for jdiameter 1.7.1: when a peer goes DOWN its FSM threads leave within their 100 ms
 * queue poll, and the last one to leave clears the peer's statistics. An event handed to the peer
 * in that window is processed by a leaving thread, and a CER then fails inside the stack (a
 * NullPointerException in {@code PeerImpl.createPeerStatistics}) and is never answered. Once the
 * threads are gone, the next event starts fresh ones with fresh statistics. The threads are known
 * by their names, which jdiameter builds from the peer's URI.
 */
final class FsmThreads {

  private FsmThreads() {}

  /** Waits until no FSM thread of {@code peer} is alive, for at most {@code limit}. */
  static boolean awaitGone(Peer peer, Duration limit) {
    String prefix = "FSM-SPeer{Uri=" + peer.getUri() + ";";
    long deadline = System.nanoTime() + limit.toNanos();
    while (alive(prefix)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      LockSupport.parkNanos(10_000_000L);
    }
    return true;
  }

  private static boolean alive(String prefix) {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }
}
