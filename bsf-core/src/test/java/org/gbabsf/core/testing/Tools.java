package org.gbabsf.core.testing;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** External tools some tests use (tshark, shellcheck): whether one is installed here. */
public final class Tools {

  private Tools() {}

  /** True if {@code command} (e.g. {@code tshark --version}) runs and exits 0 within 30 s. */
  public static boolean installed(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
