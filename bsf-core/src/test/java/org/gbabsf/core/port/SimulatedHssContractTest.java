package org.gbabsf.core.port;

import java.time.Duration;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;

/** The in-process HSS against the {@link HssClientContract}. */
class SimulatedHssContractTest extends HssClientContract {

  private final GeneratedSubscriberDirectory subscribers =
      new GeneratedSubscriberDirectory(100, "home1.net");
  private final SimulatedHss hss =
      new SimulatedHss(subscribers, new SimulatedGuss(GUSS_LIFETIME), Duration.ZERO);

  @Override
  protected GeneratedSubscriberDirectory subscribers() {
    return subscribers;
  }

  @Override
  protected HssClient client() {
    return hss;
  }
}
