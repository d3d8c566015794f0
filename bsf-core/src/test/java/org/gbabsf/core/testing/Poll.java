package org.gbabsf.core.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition with a deadline, checking it every 20 ms: for state that changes on other
 * threads or processes (a peer connecting, a node coming back). Tests never sleep a fixed time.
 */
public final class Poll {

  private Poll() {}

  /** True once {@code condition} holds, false if {@code timeout} passes first. */
  public static boolean until(BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
    return true;
  }
}
