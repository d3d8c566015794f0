package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.PeerThreads;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.TestRequests;
import org.junit.jupiter.api.Test;

/**
 * A configured peer over its whole life: served while open, served again after it went and came
 * back, and sent a DPR (RFC 6733 §5.4) when the node closes.
 */
class PeerLifecycleIT {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, 16777221L);
  private static final int MAR = 303;

  @Test
  void should_serve_again_when_the_peer_goes_and_comes_back() throws Exception {
    int hssPort = Ports.free();
    LinkedBlockingQueue<CompletableFuture<DiameterMessage>> held = new LinkedBlockingQueue<>();
    try (DiameterNode bsf =
        TestNodes.connectingTo(Ports.free(), "hss.home1.net", "hss.realm", hssPort, ZH)) {
      for (int round = 1; round <= 2; round++) {
        try (DiameterNode hss = hss(hssPort, held)) {
          assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(20)))
              .as("up in round %d", round)
              .isTrue();
          CompletionStage<DiameterMessage> answer = TestRequests.mar(bsf, Duration.ofSeconds(5));
          release(held.poll(5, TimeUnit.SECONDS));
          assertThat(BaseMessages.resultCode(answer.toCompletableFuture().get(5, TimeUnit.SECONDS)))
              .map(r -> r.code())
              .as("round %d", round)
              .contains(2001L);
        }
        assertThat(Poll.until(() -> !bsf.isUp("hss.home1.net"), Duration.ofSeconds(20)))
            .as("down after round %d", round)
            .isTrue();
      }
    }
  }

  @Test
  void should_send_the_open_peer_a_dpr_when_the_node_is_closed() throws Exception {
    try (ServerSocket hssListens = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        DiameterNode bsf =
            TestNodes.connectingTo(
                Ports.free(), "hss.home1.net", "hss.realm", hssListens.getLocalPort(), ZH);
        RawPeer hss = new RawPeer(hssListens.accept())) {
      DiameterMessage cer = hss.read().orElseThrow();
      hss.write(DiameterWire.encode(RawPeer.ceaTo(cer, "hss.home1.net", "hss.realm", ZH)));
      assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(10))).isTrue();

      // The peer learns that we go (cause REBOOTING: it may reconnect to our successor), rather
      // than finding the connection closed.
      bsf.close();

      DiameterMessage dpr = hss.read().orElseThrow();
      assertThat(dpr.commandCode()).isEqualTo(282);
      assertThat(dpr.request()).isTrue();
    }
  }

  @Test
  void should_leave_no_thread_of_a_peer_when_the_node_is_closed_while_it_retries_that_peer()
      throws Exception {
    int nobodyListens = Ports.free();
    DiameterNode bsf =
        TestNodes.connectingTo(Ports.free(), "hss.home1.net", "hss.realm", nobodyListens, ZH);
    try {
      assertThat(
              Poll.until(
                  () -> !PeerThreads.of("hss.home1.net", nobodyListens).isEmpty(),
                  Duration.ofSeconds(10)))
          .as("the stack tries the peer")
          .isTrue();
    } finally {
      bsf.close();
    }

    assertNoThreadOfTheHssAt(nobodyListens);
  }

  @Test
  void should_leave_no_thread_of_a_peer_when_the_node_is_closed_as_soon_as_it_started()
      throws Exception {
    int nobodyListens = Ports.free();

    // Closed while its first connection attempt may still be queued: the stack stops only peers
    // that are not DOWN, and this one left DOWN after the stop.
    TestNodes.connectingTo(Ports.free(), "hss.home1.net", "hss.realm", nobodyListens, ZH).close();

    assertNoThreadOfTheHssAt(nobodyListens);
  }

  @Test
  void should_leave_no_thread_of_a_peer_when_the_node_is_closed_while_the_peer_is_up()
      throws Exception {
    int hssPort = Ports.free();
    try (DiameterNode hss = hss(hssPort, new LinkedBlockingQueue<>())) {
      DiameterNode bsf =
          TestNodes.connectingTo(Ports.free(), "hss.home1.net", "hss.realm", hssPort, ZH);
      try {
        assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(20))).isTrue();
      } finally {
        bsf.close(); // DPR, DPA; then the HSS closes the connection
      }

      // A close handed to a stopped peer whose FSM thread has left started one that never ended.
      assertNoThreadOfTheHssAt(hssPort);
    }
  }

  /** The node's FSM threads for the HSS at {@code port} end within 5 s of its close. */
  private static void assertNoThreadOfTheHssAt(int port) {
    assertThat(PeerThreads.endWithin("hss.home1.net", port, Duration.ofSeconds(5)))
        .as("threads of the peer after the close: %s", PeerThreads.of("hss.home1.net", port))
        .isTrue();
  }

  /** Answers the request held in {@code request} with 2001. */
  private static void release(CompletableFuture<DiameterMessage> request) {
    assertThat(request).as("a request reached the HSS").isNotNull();
    request.complete(null);
  }

  /**
   * An HSS on {@code port} that admits bsf.home1.net; each MAR is answered 2001 once the test
   * completes the future it puts in {@code held}.
   */
  private static DiameterNode hss(
      int port, LinkedBlockingQueue<CompletableFuture<DiameterMessage>> held) {
    DiameterNodeConfig config =
        new DiameterNodeConfig(
            "hss.home1.net",
            "hss.realm",
            "127.0.0.1",
            port,
            "test-hss",
            List.of(ZH),
            List.of(),
            List.of(),
            PeerAdmission.only(java.util.Set.of("bsf.home1.net"), java.util.Set.of()),
            Duration.ofSeconds(30),
            Duration.ofSeconds(1),
            true);
    return DiameterNode.start(
        config,
        Map.of(
            new DiameterNode.Serves(ZH, MAR),
            (request, from) -> {
              CompletableFuture<DiameterMessage> release = new CompletableFuture<>();
              held.add(release);
              return release.thenApply(
                  ignored -> TestNodes.success(request, "hss.home1.net", "hss.realm"));
            }));
  }
}
