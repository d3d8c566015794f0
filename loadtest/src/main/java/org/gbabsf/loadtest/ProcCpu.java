package org.gbabsf.loadtest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time of a process from Linux's /proc: the BSF's or Cassandra's, seen from outside. */
final class ProcCpu {

  private ProcCpu() {}

  /**
   * utime + stime of {@code pid} in nanoseconds (10 ms resolution: USER_HZ = 100), or -1 if it
   * cannot be read.
   */
  static long nanos(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
