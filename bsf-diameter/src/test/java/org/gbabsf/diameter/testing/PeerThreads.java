package org.gbabsf.diameter.testing;

import java.time.Duration;
import java.util.List;
import org.gbabsf.core.testing.Poll;

/**
 * jdiameter's FSM threads of a peer, found by the name it gives them: "FSM-SPeer{Uri=aaa://<host>:
 * <port>; …" (the peer's URI, the port being the one configured, or the one it first came from).
 */
public final class PeerThreads {

  private PeerThreads() {}

  /** The names of the live FSM threads of the peer {@code host} at {@code port}. */
  public static List<String> of(String host, int port) {
    String prefix = "FSM-SPeer{Uri=aaa://" + host + ":" + port + ";";
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(n -> n.startsWith(prefix))
        .toList();
  }

  /** True once no FSM thread of that peer is alive, polled for at most {@code limit}. */
  public static boolean endWithin(String host, int port, Duration limit) {
    return Poll.until(() -> of(host, port).isEmpty(), limit);
  }
}
