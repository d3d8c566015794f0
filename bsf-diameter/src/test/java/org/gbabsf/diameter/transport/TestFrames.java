package org.gbabsf.diameter.transport;

import io.netty.channel.ChannelHandler;

/** Opens the package-private frame decoder to tests in other packages (fuzz targets). */
public final class TestFrames {

  private TestFrames() {}

  /** A new frame decoder accepting messages up to {@code maxLength}. */
  public static ChannelHandler decoder(int maxLength) {
    return new FrameDecoder(maxLength);
  }
}
