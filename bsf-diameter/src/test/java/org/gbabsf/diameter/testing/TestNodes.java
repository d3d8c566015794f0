package org.gbabsf.diameter.testing;

import java.time.Duration;
import java.util.List;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.PeerAdmission;

/** Node configurations of the transport and Zn tests. */
public final class TestNodes {

  private TestNodes() {}

  /**
   * A BSF node bsf.home1.net (realm home1.net) on 127.0.0.1:{@code port} serving {@code app}, with
   * no peers of its own, admitting {@code admission}; watchdog 30 s, reconnection 5 s.
   */
  public static DiameterNodeConfig bsf(int port, AppId app, PeerAdmission admission) {
    return new DiameterNodeConfig(
        "bsf.home1.net",
        "home1.net",
        "127.0.0.1",
        port,
        "gba-bsf-test",
        List.of(app),
        List.of(),
        List.of(),
        admission,
        Duration.ofSeconds(30),
        Duration.ofSeconds(5),
        true);
  }
}
