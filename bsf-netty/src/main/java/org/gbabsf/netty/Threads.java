package org.gbabsf.netty;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's own threads: named (so that a thread dump says whose they are) and daemon (so that
 * none keeps the JVM alive past its owner's close).
 */
public final class Threads {

  private Threads() {}

  /** Daemon threads, each named {@code name}. */
  public static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /** Daemon threads named {@code prefix1}, {@code prefix2}… */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * A scheduler on one daemon thread named {@code name}: a cancelled task leaves its queue at once,
   * and the thread ends after {@code idle} without work (it starts again with the next task); its
   * tasks must not block.
   */
  public static ScheduledExecutorService scheduler(String name, java.time.Duration idle) {
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, named(name));
    executor.setRemoveOnCancelPolicy(true);
    if (!idle.isZero()) {
      executor.setKeepAliveTime(idle.toMillis(), TimeUnit.MILLISECONDS);
      executor.allowCoreThreadTimeOut(true);
    }
    return executor;
  }

  /** A scheduler on one daemon thread named {@code name} that stays while its owner lives. */
  public static ScheduledExecutorService scheduler(String name) {
    return scheduler(name, java.time.Duration.ZERO);
  }
}
