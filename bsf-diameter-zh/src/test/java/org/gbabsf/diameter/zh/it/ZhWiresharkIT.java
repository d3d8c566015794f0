package org.gbabsf.diameter.zh.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
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
import org.junit.jupiter.api.Test;

/**
 * An independent check of the wire format: a real Zh exchange (CER/CEA, MAR/MAA with vector and
 * GUSS, resync MAR, 5401) is captured on loopback with tshark and decoded by Wireshark's Diameter
 * dissector, which must recognise the 3GPP AVPs and report nothing malformed. Skipped, with the
 * reason printed, only where tshark is not installed; CI installs it (.ci/run).
 */
class ZhWiresharkIT {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);

  @Test
  void should_decode_a_captured_zh_exchange_without_malformed_warnings_when_read_by_tshark()
      throws Exception {
    int hssPort = Ports.free();
    String text;
    try (TsharkCapture capture = TsharkCapture.start("ZhWiresharkIT", hssPort)) {
      exchange(hssPort);
      text = capture.stopAndDecode("-V", "-d", "tcp.port==" + hssPort + ",diameter");
      capture.delete();
    }

    assertThat(text)
        .contains("Capabilities-Exchange")
        .contains("Multimedia-Auth")
        .contains("SIP-Auth-Data-Item")
        .contains("SIP-Authenticate")
        .contains("Confidentiality-Key")
        .contains("GBA-UserSecSettings")
        .contains("Experimental-Result-Code: DIAMETER_ERROR_IMPI_UNKNOWN (5401)")
        .doesNotContain("Malformed")
        .doesNotContain("[Expert Info (Error");
    long mars = text.lines().filter(l -> l.contains("Command Code: Multimedia-Auth (303)")).count();
    System.out.printf("[ZhWiresharkIT] tshark decoded %d Multimedia-Auth messages cleanly%n", mars);
    assertThat(mars).isEqualTo(6);
  }

  /** CER/CEA, a MAR for a known user, a resync MAR and a MAR for an unknown user. */
  private static void exchange(int hssPort) throws Exception {

    GeneratedSubscriberDirectory subscribers = new GeneratedSubscriberDirectory(10, "home1.net");
    try (ZhHssSimulator hss =
            ZhHssSimulator.start(
                new ZhHssSimulator.Settings(
                    "hss1.home1.net", "home1.net", "127.0.0.1", hssPort, true),
                subscribers,
                new SimulatedGuss(Duration.ofHours(1)));
        DiameterNode bsf =
            DiameterNode.start(
                DiameterNodeConfig.clientOf(
                    "bsf.home1.net",
                    "home1.net",
                    "127.0.0.1",
                    Ports.free(),
                    "gba-bsf",
                    ZH,
                    new PeerConfig("hss1.home1.net", "127.0.0.1", hssPort, 1),
                    "home1.net",
                    true),
                Map.of())) {
      ZhHssClient client =
          new ZhHssClient(
              bsf,
              new ZhHssClient.Settings(
                  "home1.net",
                  List.of("hss1.home1.net"),
                  Duration.ofSeconds(1),
                  Duration.ofSeconds(2),
                  Duration.ofSeconds(5)),
              new SimpleMeterRegistry());
      assertThat(Poll.until(client::isAvailable, Duration.ofSeconds(20))).isTrue();
      Impi impi = subscribers.impi(1);
      SimulatedUsim usim = new SimulatedUsim(subscribers.find(impi).orElseThrow());
      usim.desynchronise(1L << 20);
      HssAnswer.Vector v =
          (HssAnswer.Vector)
              client.fetchVector(impi).toCompletableFuture().get(5, TimeUnit.SECONDS);
      AkaResult.SyncFailure sync =
          (AkaResult.SyncFailure) usim.authenticate(v.vector().rand().octets(), v.vector().autn());
      assertThat(
              client
                  .resynchronise(impi, v.vector().rand(), sync.auts())
                  .toCompletableFuture()
                  .get(5, TimeUnit.SECONDS))
          .isInstanceOf(HssAnswer.Vector.class);
      assertThat(
              client
                  .fetchVector(new Impi("nobody@home1.net"))
                  .toCompletableFuture()
                  .get(5, TimeUnit.SECONDS))
          .isInstanceOf(HssAnswer.UserUnknown.class);
      assertThat(hss.answered()).isEqualTo(3);
    }
  }
}
