package org.gbabsf.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Free TCP ports for servers that cannot bind port 0 themselves (jdiameter needs its port). */
public final class Ports {

  private Ports() {}

  /** A port that was free a moment ago. */
  public static int free() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
