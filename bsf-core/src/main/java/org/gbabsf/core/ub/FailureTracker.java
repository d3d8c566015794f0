package org.gbabsf.core.ub;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.core.domain.Impi;

/**
 * Counts wrong digest responses per IMPI within a sliding-start window, so that a UE (or an
 * attacker) guessing responses gets 403 after {@code maxFailures} instead of endless challenges.
 * Node-local by design: each BSF instance counts what it sees (docs/ub-conformance.md).
 */
final class FailureTracker {

  /**
   * Upper bound on tracked IMPIs. When reached, expired windows are purged (at most once a second);
   * if every window is live, IMPIs already tracked keep counting and new ones are not tracked.
   */
  static final int MAX_TRACKED = 100_000;

  private record Window(long startMillis, int count) {}

  private final ConcurrentHashMap<Impi, Window> windows = new ConcurrentHashMap<>();
  private final Clock clock;
  private final long windowMillis;
  private volatile long lastPurgeMillis = Long.MIN_VALUE / 2;

  FailureTracker(Clock clock, Duration window) {
    this.clock = clock;
    this.windowMillis = window.toMillis();
  }

  /** Records one failure and returns the number of failures in the current window. */
  int recordFailure(Impi impi) {
    long now = clock.millis();
    if (windows.size() >= MAX_TRACKED && !windows.containsKey(impi)) {
      long last = lastPurgeMillis;
      if (now - last >= 1000) {
        lastPurgeMillis = now;
        windows.values().removeIf(w -> now - w.startMillis() >= windowMillis);
      }
      if (windows.size() >= MAX_TRACKED) {
        // Full of live windows: keep counting those, do not start tracking new IMPIs.
        return 1;
      }
    }
    Window updated =
        windows.merge(
            impi,
            new Window(now, 1),
            (old, fresh) ->
                now - old.startMillis() >= windowMillis
                    ? fresh
                    : new Window(old.startMillis(), old.count() + 1));
    return updated.count();
  }

  /** Forgets the IMPI's failures after a successful bootstrap. */
  void reset(Impi impi) {
    windows.remove(impi);
  }
}
