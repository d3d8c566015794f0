package org.gbabsf.sba.http;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The HTTP/2 connections to one {@link Origin}: up to {@code size} of them, each carrying many
 * streams. A call takes the least busy live connection with room; a new connection opens while
 * there are fewer than {@code size}. Dead ones (failed, closed, GOAWAY) are dropped on the next
 * acquire.
 */
final class OriginPool {

  private final int size;
  private final List<H2Connection> connections = new ArrayList<>();

  OriginPool(int size) {
    this.size = size;
  }

  /**
   * A connection with one stream reserved on it; null when every connection is full. A new one is
   * made by {@code opener} (which must not block: it only builds the object) and started by the
   * caller, outside this lock, with {@link H2Connection#start()}.
   */
  synchronized H2Connection acquire(Supplier<H2Connection> opener) {
    connections.removeIf(
        c -> {
          if (!c.dead()) {
            return false;
          }
          if (c.active == 0) {
            c.close();
          }
          return true;
        });
    if (connections.size() < size) {
      H2Connection fresh = opener.get();
      connections.add(fresh);
      fresh.active++;
      return fresh;
    }
    H2Connection best = null;
    for (H2Connection c : connections) {
      if (c.hasRoom() && (best == null || c.active < best.active)) {
        best = c;
      }
    }
    if (best != null) {
      best.active++;
    }
    return best;
  }

  /** Frees the stream reserved on {@code c}; a dead connection is closed with its last stream. */
  synchronized void release(H2Connection c) {
    c.active--;
    if (c.active == 0 && c.dead()) {
      c.close();
    }
  }

  /** True if one connection is up. */
  synchronized boolean anyUp() {
    for (H2Connection c : connections) {
      if (c.isUp()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Takes no new stream: idle connections are closed now, the others after their last stream (the
   * origin is no longer used).
   */
  synchronized void retire() {
    for (H2Connection c : connections) {
      c.retire();
      if (c.active == 0) {
        c.close();
      }
    }
    connections.clear();
  }

  /** Closes every connection. */
  synchronized void close() {
    connections.forEach(H2Connection::close);
    connections.clear();
  }
}
