package org.gbabsf.diameter.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Which threads of this JVM burn CPU while nothing is asked of them: the CPU time of every thread
 * is read before and after a measurement window (a window of measurement, not a wait for a
 * condition), and a thread that used more than a quarter of it is busy. A reader left spinning by a
 * malformed frame uses a whole core.
 */
public final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private ThreadCpu() {}

  /** The names of the threads (other than the caller) that were busy over {@code window}. */
  public static List<String> busyThreads(Duration window) {
    Map<Long, Long> before = cpu();
    long start = System.nanoTime();
    LockSupport.parkNanos(window.toNanos());
    long elapsed = System.nanoTime() - start;
    Map<Long, Long> after = cpu();
    List<String> busy = new ArrayList<>();
    for (Map.Entry<Long, Long> t : after.entrySet()) {
      Long was = before.get(t.getKey());
      if (was != null
          && t.getKey() != Thread.currentThread().getId()
          && t.getValue() - was > elapsed / 4) {
        ThreadInfo info = THREADS.getThreadInfo(t.getKey());
        busy.add(info == null ? "thread " + t.getKey() : info.getThreadName());
      }
    }
    return busy;
  }

  /** Live threads of this JVM. */
  public static int count() {
    return THREADS.getThreadCount();
  }

  private static Map<Long, Long> cpu() {
    Map<Long, Long> out = new HashMap<>();
    for (long id : THREADS.getAllThreadIds()) {
      long ns = THREADS.getThreadCpuTime(id);
      if (ns >= 0) {
        out.put(id, ns);
      }
    }
    return out;
  }
}
