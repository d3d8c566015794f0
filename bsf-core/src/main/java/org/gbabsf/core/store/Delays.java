package org.gbabsf.core.store;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task once a delay has passed. The stores use it for work that must not hold a request: the
 * deferred challenge write and the re-read of a challenge not found yet ({@link
 * HybridChallengeStore}). Tasks must be short and must not block.
 */
@FunctionalInterface
public interface Delays {

  /**
   * Runs {@code task} after {@code delay}; false when it will not run (the scheduler is shut down),
   * so that the caller can do at once what it would have done later.
   */
  boolean after(Duration delay, Runnable task);

  /** Delays on {@code executor}, which the caller owns and shuts down. */
  static Delays on(ScheduledExecutorService executor) {
    return (delay, task) -> {
      try {
        executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
        return true;
      } catch (RejectedExecutionException shutDown) {
        return false;
      }
    };
  }
}
