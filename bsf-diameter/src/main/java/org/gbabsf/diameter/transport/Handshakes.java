package org.gbabsf.diameter.transport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.gbabsf.diameter.PeerStatus;
import org.gbabsf.diameter.transport.CerGate.PeerView;

/**
 * One CER handshake per Origin-Host in the stack at a time.
 *
 * <p>jdiameter 1.7.1 keeps one current connection per peer and swaps it when a CER of that host
 * arrives on another connection, while its FSM may still be answering, or tearing down, the
 * previous one. A peer that reconnects at once after a connection was closed right after its CER
 * could so leave the stack's peer up on the dead connection, or its new connection with neither a
 * CEA nor a close. So the CER of a new connection of a host goes to the stack only once every
 * earlier connection of that host has {@link #settled settled} there; and while one of them is up,
 * the new one is refused ({@link Turn#ALREADY_CONNECTED}), as the stack itself would answer 5012,
 * but on the right connection. The wait is bounded; past it the CER goes to the stack anyway, and
 * the connection's own CEA deadline ends it if the stack never answers.
 */
final class Handshakes {

  /** What happens to a connection's CER. */
  enum Turn {
    /** Hand it to the stack. */
    DELIVER,
    /** Another connection of the host is in service: refuse this one. */
    ALREADY_CONNECTED
  }

  /** A connection whose CER went to the stack. */
  interface Attempt {
    /** True once the connection is closed. */
    boolean closed();

    /** The Result-Code of the CEA the stack sent on it, or -1 before one. */
    long ceaResult();
  }

  private static final long SUCCESS = 2001;
  private static final long POLL_NANOS = 2_000_000L;

  private final ConcurrentHashMap<String, List<Attempt>> byHost = new ConcurrentHashMap<>();
  private final LongSupplier nanoTime;

  Handshakes(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /**
   * Waits, at most {@code limit}, until the earlier handshakes of {@code host} have settled in the
   * stack, then registers {@code mine} (unless refused). {@code stack} gives the stack's view of
   * the peer. Blocks: call it on a delivery thread.
   */
  Turn awaitTurn(String host, Attempt mine, Supplier<PeerView> stack, Duration limit) {
    List<Attempt> attempts =
        byHost.computeIfAbsent(host.toLowerCase(Locale.ROOT), h -> new ArrayList<>());
    long deadline = nanoTime.getAsLong() + limit.toNanos();
    synchronized (attempts) {
      while (true) {
        PeerView view = stack.get();
        attempts.removeIf(a -> a.closed() && settled(a, view));
        boolean allSettled = attempts.stream().allMatch(a -> settled(a, view));
        if (allSettled && attempts.stream().anyMatch(a -> inService(a, view))) {
          return Turn.ALREADY_CONNECTED;
        }
        if (allSettled) {
          attempts.add(mine);
          return Turn.DELIVER;
        }
        if (nanoTime.getAsLong() - deadline > 0) {
          attempts.removeIf(Attempt::closed); // stale: the stack will not say more of them
          attempts.add(mine);
          return Turn.DELIVER;
        }
        LockSupport.parkNanos(POLL_NANOS);
      }
    }
  }

  /** Hosts with handshakes still held (for tests). */
  int hosts() {
    return (int) byHost.values().stream().filter(l -> !l.isEmpty()).count();
  }

  /**
   * Whether the stack is done with {@code a}: closed and no longer the connection the stack holds
   * in service for the peer; or open and answered, and either in service or no longer the stack's
   * connection for the peer (an election it lost).
   */
  static boolean settled(Attempt a, PeerView view) {
    boolean current = view.connection() == a;
    if (a.closed()) {
      return !(current && serving(view.status()));
    }
    return inService(a, view) || (a.ceaResult() >= 0 && !current);
  }

  /** Answered 2001, open, and the stack's connection of a peer OKAY or SUSPECT (a DWR pending). */
  static boolean inService(Attempt a, PeerView view) {
    return !a.closed()
        && a.ceaResult() == SUCCESS
        && view.connection() == a
        && serving(view.status());
  }

  private static boolean serving(PeerStatus status) {
    return status == PeerStatus.OKAY || status == PeerStatus.SUSPECT;
  }
}
