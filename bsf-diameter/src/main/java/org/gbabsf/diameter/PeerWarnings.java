package org.gbabsf.diameter;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides whether an event about a peer is worth a WARN line: at most one per peer address every
 * {@code interval}, the rest at DEBUG (a misbehaving peer retries, and one line says it all). The
 * memory is bounded: past {@link #MAX_PEERS} addresses it forgets them all and starts again.
 */
public final class PeerWarnings {

  static final int MAX_PEERS = 4096;

  private final long intervalNanos;
  private final ConcurrentHashMap<InetAddress, Long> last = new ConcurrentHashMap<>();

  PeerWarnings(java.time.Duration interval) {
    this.intervalNanos = interval.toNanos();
  }

  /** True if a WARN about {@code peer} may be logged now (and records that it was). */
  boolean warn(InetAddress peer, long nowNanos) {
    if (last.size() >= MAX_PEERS) {
      last.clear();
    }
    boolean[] fresh = {false};
    last.compute(
        peer,
        (k, previous) -> {
          if (previous == null || nowNanos - previous >= intervalNanos) {
            fresh[0] = true;
            return nowNanos;
          }
          return previous;
        });
    return fresh[0];
  }

  /**
   * A peer-supplied string made safe for a log line: printable ASCII, at most 64 characters, "-"
   * for none.
   */
  public static String printable(String s) {
    if (s == null) {
      return "-";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 64; i++) {
      char c = s.charAt(i);
      b.append(c > 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > 64 ? b + "…" : b.toString();
  }
}
