package org.gbabsf.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.server.config.HssConfig;

/**
 * The HSS simulated in-process ({@code hss.type simulated}) and its subscribers, from {@link
 * HssConfig}.
 */
public final class SimulatedHssContext {

  private SimulatedHssContext() {}

  /** The subscribers simulators use: {@code hss.simulated.subscribers-csv} or a generated range. */
  public static SubscriberDirectory subscribers(HssConfig hss) {
    if (hss.simulatedSubscribersCsv().isPresent()) {
      Path csv = hss.simulatedSubscribersCsv().get();
      try {
        return CsvSubscriberDirectory.read(csv);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + csv, e);
      }
    }
    return new GeneratedSubscriberDirectory(
        hss.simulatedGeneratedCount(), hss.simulatedGeneratedDomain());
  }

  /** The simulated HSS over {@code directory}. */
  static HssClient hss(HssConfig hss, SubscriberDirectory directory) {
    return new SimulatedHss(
        directory,
        new SimulatedGuss(hss.simulatedGussLifetime(), hss.simulatedUss()),
        hss.simulatedDelay());
  }
}
