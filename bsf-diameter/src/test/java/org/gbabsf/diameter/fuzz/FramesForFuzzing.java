package org.gbabsf.diameter.fuzz;

import io.netty.channel.embedded.EmbeddedChannel;
import org.gbabsf.diameter.transport.DiameterFraming;
import org.gbabsf.diameter.transport.TestFrames;

/** The transport's frame decoder on an {@link EmbeddedChannel}, for fuzz targets. */
final class FramesForFuzzing {

  private FramesForFuzzing() {}

  static EmbeddedChannel decoder() {
    return new EmbeddedChannel(TestFrames.decoder(DiameterFraming.DEFAULT_MAX_LENGTH));
  }
}
