package org.gbabsf.core.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gbabsf.core.store.Delays;

/** Delays that run when a test says that time has passed ({@link #advance}); never a sleep. */
public final class ManualDelays implements Delays {

  private final List<Map.Entry<Long, Runnable>> tasks = new ArrayList<>();
  private long now;

  /** True makes {@link #after} refuse every task, as a shut-down scheduler does. */
  public boolean refuse;

  /** Delays that run every task at once, on the caller's thread. */
  public static Delays inline() {
    return (delay, task) -> {
      task.run();
      return true;
    };
  }

  @Override
  public boolean after(Duration delay, Runnable task) {
    if (refuse) {
      return false;
    }
    tasks.add(Map.entry(now + delay.toMillis(), task));
    return true;
  }

  /**
   * Lets {@code d} pass: runs the tasks due within it in time order, each at its own moment, so
   * that a task scheduled by another is timed from that moment.
   */
  public void advance(Duration d) {
    long target = now + d.toMillis();
    while (true) {
      Map.Entry<Long, Runnable> next = null;
      for (Map.Entry<Long, Runnable> t : tasks) {
        if (t.getKey() <= target && (next == null || t.getKey() < next.getKey())) {
          next = t;
        }
      }
      if (next == null) {
        break;
      }
      tasks.remove(next);
      now = next.getKey();
      next.getValue().run();
    }
    now = target;
  }

  /** Tasks waiting. */
  public int scheduled() {
    return tasks.size();
  }
}
