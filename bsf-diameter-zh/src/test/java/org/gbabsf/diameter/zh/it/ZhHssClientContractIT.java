package org.gbabsf.diameter.zh.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.HssClientContract;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** {@link ZhHssClient} over real Diameter to the Zh HSS simulator, against the port's contract. */
class ZhHssClientContractIT extends HssClientContract {

  private final GeneratedSubscriberDirectory subscribers =
      new GeneratedSubscriberDirectory(100, "home1.net");
  private ZhHssSimulator hss;
  private DiameterNode bsf;
  private ZhHssClient client;

  @BeforeEach
  void start() {
    int hssPort = Ports.free();
    hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings("hss1.home1.net", "home1.net", "127.0.0.1", hssPort, true),
            subscribers,
            new SimulatedGuss(GUSS_LIFETIME));
    bsf =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                "bsf.home1.net",
                "home1.net",
                "127.0.0.1",
                Ports.free(),
                "gba-bsf",
                new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID),
                new PeerConfig("hss1.home1.net", "127.0.0.1", hssPort, 1),
                "home1.net",
                true),
            Map.of());
    client =
        new ZhHssClient(
            bsf,
            new ZhHssClient.Settings(
                "home1.net",
                List.of("hss1.home1.net"),
                Duration.ofSeconds(2),
                Duration.ofSeconds(4),
                Duration.ofSeconds(5)),
            new SimpleMeterRegistry());
    assertThat(Poll.until(client::isAvailable, Duration.ofSeconds(20))).as("peer up").isTrue();
  }

  @AfterEach
  void stop() {
    bsf.close();
    hss.close();
  }

  @Override
  protected GeneratedSubscriberDirectory subscribers() {
    return subscribers;
  }

  @Override
  protected HssClient client() {
    return client;
  }
}
