package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.junit.jupiter.api.Test;

/**
 * RFC 6733 §5.6.4 over real sockets, with the crossing forced: the BSF's own CER to a peer is held
 * unanswered (the test plays that peer's listening side), and the peer's CER arrives meanwhile on a
 * connection of its own. The connection opened by the higher Origin-Host survives. jdiameter alone
 * answered neither CER here, and both sides then retried on each other's ephemeral ports
 * (PeerConnectsInIT failed that way, rarely, when the two nodes' connections crossed).
 */
class ElectionIT {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, 16777221L);

  @Test
  void should_take_the_peers_connection_and_drop_its_own_when_the_peer_has_the_higher_origin_host()
      throws Exception {
    int port = Ports.free();
    try (ServerSocket peerListens = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        DiameterNode bsf = bsf(port, "hss.home1.net", peerListens.getLocalPort());
        RawPeer ourConnection = new RawPeer(peerListens.accept())) {
      DiameterMessage ourCer = ourConnection.read().orElseThrow();
      assertThat(ourCer.commandCode()).isEqualTo(257);

      try (RawPeer itsConnection = RawPeer.admitted(port, "hss.home1.net", "hss.realm", ZH)) {
        // RawPeer.admitted checked the CEA 2001 on the peer's own connection.
        assertThat(ourConnection.closedByPeer()).as("the BSF dropped its own connection").isTrue();
        assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(5))).isTrue();
      }
    }
  }

  @Test
  void should_close_the_peers_connection_and_keep_its_own_when_it_has_the_higher_origin_host()
      throws Exception {
    int port = Ports.free();
    try (ServerSocket peerListens = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        DiameterNode bsf = bsf(port, "aaa.home1.net", peerListens.getLocalPort());
        RawPeer ourConnection = new RawPeer(peerListens.accept())) {
      DiameterMessage ourCer = ourConnection.read().orElseThrow();
      long before = bsf.counters().refusedPeers("election_won");

      try (RawPeer itsConnection = new RawPeer(port)) {
        itsConnection.write(DiameterWire.encode(RawPeer.cer("aaa.home1.net", "hss.realm", ZH)));
        assertThat(itsConnection.closedByPeer()).as("closed without a CEA").isTrue();
      }
      assertThat(bsf.counters().refusedPeers("election_won")).isEqualTo(before + 1);

      ourConnection.write(
          DiameterWire.encode(RawPeer.ceaTo(ourCer, "aaa.home1.net", "hss.realm", ZH)));
      assertThat(Poll.until(() -> bsf.isUp("aaa.home1.net"), Duration.ofSeconds(5)))
          .as("our own connection, answered, carries the peer")
          .isTrue();
    }
  }

  /** A BSF bsf.home1.net that connects to {@code peer} at {@code peerPort}. */
  private static DiameterNode bsf(int port, String peer, int peerPort) {
    return TestNodes.connectingTo(port, peer, "hss.realm", peerPort, ZH);
  }
}
