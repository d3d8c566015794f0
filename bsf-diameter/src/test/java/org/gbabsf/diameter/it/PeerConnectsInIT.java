package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.TestRequests;
import org.junit.jupiter.api.Test;

/**
 * RFC 6733 §5.6: either peer may open the connection. An HSS that the BSF cannot reach (its address
 * is not listening for us, as behind a firewall that only lets the HSS out) connects in itself: its
 * CER gets CEA 2001 and that connection carries the BSF's requests. When that connection drops, the
 * BSF reconnects to the HSS's configured address, not to the port the HSS had come from.
 */
class PeerConnectsInIT {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, 16777221L);
  private static final int MAR = 303;

  @Test
  void should_accept_the_hss_and_send_it_requests_when_it_connects_in_while_we_retry_it()
      throws Exception {
    int bsfPort = Ports.free();
    int nothingListens = Ports.free();
    try (DiameterNode bsf = bsf(bsfPort, nothingListens);
        DiameterNode hss = hss(Ports.free(), bsfPort)) {

      assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(20)))
          .as("the HSS's own connection is up on the BSF")
          .isTrue();
      assertThat(mar(bsf)).contains(2001L);
    }
  }

  @Test
  void should_end_with_both_sides_up_when_each_is_configured_to_connect_to_the_other()
      throws Exception {
    int bsfPort = Ports.free();
    int hssPort = Ports.free();
    try (DiameterNode bsf = bsf(bsfPort, hssPort);
        DiameterNode hss = hss(hssPort, bsfPort)) {

      assertThat(
              Poll.until(
                  () -> bsf.isUp("hss.home1.net") && hss.isUp("bsf.home1.net"),
                  Duration.ofSeconds(20)))
          .as("whichever connection wins, both sides are up")
          .isTrue();
      assertThat(mar(bsf)).contains(2001L);
    }
  }

  @Test
  void should_reconnect_to_the_hss_own_address_when_the_connection_the_hss_opened_drops()
      throws Exception {
    int bsfPort = Ports.free();
    int hssPort = Ports.free();
    try (DiameterNode bsf = bsf(bsfPort, hssPort)) {
      try (RawPeer in = RawPeer.admitted(bsfPort, "hss.home1.net", "hss.realm", ZH)) {
        assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(10)))
            .as("the HSS's own connection is up on the BSF")
            .isTrue();
      } // the HSS's connection drops; now it only listens, at its configured address

      try (ServerSocket hssListens =
          new ServerSocket(hssPort, 1, InetAddress.getLoopbackAddress())) {
        hssListens.setSoTimeout(20_000);
        try (RawPeer out = new RawPeer(hssListens.accept())) {
          DiameterMessage cer = out.read().orElseThrow();
          assertThat(cer.commandCode()).isEqualTo(257);
          assertThat(cer.request()).isTrue();
          out.write(DiameterWire.encode(RawPeer.ceaTo(cer, "hss.home1.net", "hss.realm", ZH)));
          assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(10)))
              .as("up again, on the connection the BSF opened")
              .isTrue();

          var answer = TestRequests.mar(bsf, Duration.ofSeconds(5)).toCompletableFuture();
          DiameterMessage mar = out.read().orElseThrow();
          out.write(DiameterWire.encode(TestNodes.success(mar, "hss.home1.net", "hss.realm")));

          assertThat(mar.commandCode()).isEqualTo(MAR);
          assertThat(BaseMessages.resultCode(answer.get(5, java.util.concurrent.TimeUnit.SECONDS)))
              .map(r -> r.code())
              .contains(2001L);
        }
      }
    }
  }

  /** A BSF that connects to the HSS at {@code hssPort}. */
  private static DiameterNode bsf(int port, int hssPort) {
    return TestNodes.connectingTo(port, "hss.home1.net", "hss.realm", hssPort, ZH);
  }

  /** An HSS that connects to the BSF at {@code bsfPort} and answers every MAR with 2001. */
  private static DiameterNode hss(int port, int bsfPort) {
    return TestNodes.answering(
        DiameterNodeConfig.clientOf(
            "hss.home1.net",
            "hss.realm",
            "127.0.0.1",
            port,
            "test-hss",
            ZH,
            new PeerConfig("bsf.home1.net", "127.0.0.1", bsfPort, 1),
            "home1.net",
            true),
        ZH,
        MAR);
  }

  /** Sends a MAR from {@code bsf} to the HSS; the answer's Result-Code. */
  private static java.util.Optional<Long> mar(DiameterNode bsf) throws Exception {
    DiameterMessage answer =
        TestRequests.mar(bsf, Duration.ofSeconds(5)).toCompletableFuture().get();
    return BaseMessages.resultCode(answer).map(r -> r.code());
  }
}
