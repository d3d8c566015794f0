package org.gbabsf.store.cassandra;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Cassandra expires rows on the wall clock, in whole seconds, so TTL tests must let real time pass.
 * This is the one place they do; everything else in the suite waits on events.
 */
final class RealTime {

  private RealTime() {}

  static void letPass(Duration d) {
    long deadline = System.nanoTime() + d.toNanos();
    for (long left = d.toNanos(); left > 0; left = deadline - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }
}
