package org.gbabsf.cassandra.local;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The main class of a local Cassandra node's JVM. It starts {@code CassandraDaemon} and exits the
 * JVM as soon as the process that launched it is gone, so that a test JVM killed mid-run leaves no
 * stray Cassandra behind. Argument 0 is the parent's pid; the rest go to CassandraDaemon.
 */
public final class ParentWatchingCassandraMain {

  private ParentWatchingCassandraMain() {}

  /** Entry point of the child JVM. */
  public static void main(String[] args) throws ReflectiveOperationException {
    long parentPid = Long.parseLong(args[0]);
    Thread watchdog =
        new Thread(
            () -> {
              ProcessHandle.of(parentPid).ifPresent(p -> p.onExit().join());
              System.err.println("launcher process " + parentPid + " is gone; stopping Cassandra");
              Runtime.getRuntime().halt(0);
            },
            "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    Method main =
        Class.forName("org.apache.cassandra.service.CassandraDaemon")
            .getMethod("main", String[].class);
    try {
      main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    } catch (InvocationTargetException e) {
      System.err.println("CassandraDaemon failed: " + e.getCause());
      Runtime.getRuntime().halt(3);
    }
  }
}
