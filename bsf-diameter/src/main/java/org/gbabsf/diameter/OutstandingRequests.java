package org.gbabsf.diameter;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests a node has sent and that await their answer or timeout, bounded. jdiameter queues a
 * peer's events (each request to send, then its answer) for the peer's FSM thread in a queue of
 * 10,000, and the thread that hands it an event waits for room when it is full: for a request, the
 * sender's thread, a Ub event loop. Below {@link #LIMIT} outstanding requests a node can never fill
 * a peer's queue with its own traffic, so a send never waits there.
 */
final class OutstandingRequests {

  /** Below jdiameter's event queue of 10,000 a peer, with room for the base protocol's events. */
  static final int LIMIT = 9_000;

  private final AtomicInteger count = new AtomicInteger();
  private final int limit;

  OutstandingRequests(int limit) {
    this.limit = limit;
  }

  /** Takes a place, or false if {@code limit} requests are outstanding already. */
  boolean tryAcquire() {
    if (count.incrementAndGet() > limit) {
      count.decrementAndGet();
      return false;
    }
    return true;
  }

  /** Gives back a place taken by {@link #tryAcquire()}. */
  void release() {
    count.decrementAndGet();
  }

  /** The requests outstanding now. */
  int current() {
    return count.get();
  }

  int limit() {
    return limit;
  }
}
