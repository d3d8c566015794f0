package org.gbabsf.demo;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** What the demo needs to run simulators beside the BSF on loopback. */
final class Loopback {

  private Loopback() {}

  /** A TCP port that was free a moment ago (jdiameter cannot bind port 0 itself). */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** Waits until {@code condition} holds, checking every 20 ms; false after {@code timeout}. */
  static boolean await(BooleanSupplier condition, Duration timeout) {
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
