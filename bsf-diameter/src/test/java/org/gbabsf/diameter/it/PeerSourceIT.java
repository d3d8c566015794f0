package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterNodeConfig.RealmRoute;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.SourceNetwork;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.TestRequests;
import org.junit.jupiter.api.Test;

/**
 * Identities bound to where they come from (issue #29, item 1), over real sockets, the impostor at
 * a second loopback address (127.0.0.2): a host that claims the HSS's Origin-Host is refused with
 * CEA 3010 whether the HSS is down or up, never gets a request, and never costs the real HSS its
 * connection; a NAF bound to its network is refused from outside it; neither realm admission nor a
 * NAF entry lets a connection speak for the HSS.
 */
class PeerSourceIT {

  private static final String HSS = "hss.home1.net";

  @Test
  void should_refuse_a_host_claiming_the_hss_identity_when_the_hss_is_down() throws Exception {
    int port = Ports.free();
    try (DiameterNode bsf = bsf(port, Ports.free(), Map.of())) {
      long before = bsf.counters().refusedPeers("source_not_allowed");

      try (RawPeer impostor = RawPeer.from("127.0.0.2", port)) {
        assertThat(cea(impostor, HSS, "hss.realm")).isEqualTo(3010L);
        assertThat(impostor.closedByPeer()).as("closed after the CEA").isTrue();
      }

      assertThat(bsf.counters().refusedPeers("source_not_allowed")).isEqualTo(before + 1);
      assertThat(bsf.isUp(HSS)).as("the impostor never became the HSS").isFalse();
      assertThat(TestRequests.mar(bsf, Duration.ofSeconds(2)).toCompletableFuture())
          .as("no request goes anywhere")
          .failsWithin(Duration.ofSeconds(10));
    }
  }

  @Test
  void should_keep_the_real_hss_connection_and_its_requests_when_an_impostor_claims_its_name()
      throws Exception {
    int port = Ports.free();
    try (DiameterNode bsf = bsf(port, Ports.free(), Map.of());
        RawPeer hss = RawPeer.admitted(port, HSS, "hss.realm", TestRequests.ZH)) {
      assertThat(Poll.until(() -> bsf.isUp(HSS), Duration.ofSeconds(10))).isTrue();

      try (RawPeer impostor = RawPeer.from("127.0.0.2", port)) {
        assertThat(cea(impostor, HSS, "hss.realm")).isEqualTo(3010L);
      }

      assertThat(bsf.isUp(HSS)).as("the real HSS is still in service").isTrue();
      var answer = TestRequests.mar(bsf, Duration.ofSeconds(5)).toCompletableFuture();
      DiameterMessage mar = hss.read().orElseThrow();
      hss.write(DiameterWire.encode(TestNodes.success(mar, HSS, "hss.realm")));
      assertThat(mar.commandCode()).isEqualTo(TestRequests.MAR);
      assertThat(BaseMessages.resultCode(answer.get(5, TimeUnit.SECONDS)).map(r -> r.code()))
          .contains(2001L);
    }
  }

  @Test
  void should_admit_the_hss_from_a_listed_network_when_it_comes_from_another_address()
      throws Exception {
    int port = Ports.free();
    try (DiameterNode bsf = bsf(port, Ports.free(), Map.of(HSS, nets("127.0.0.2/32")));
        RawPeer relay = RawPeer.from("127.0.0.2", port)) {
      assertThat(cea(relay, HSS, "hss.realm")).isEqualTo(2001L);
      assertThat(Poll.until(() -> bsf.isUp(HSS), Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void should_refuse_hss_and_bound_naf_identities_when_they_come_from_other_networks()
      throws Exception {
    int port = Ports.free();
    try (DiameterNode bsf =
        bsf(
            port,
            Ports.free(),
            Map.of("naf.home1.net", nets("127.0.0.3/32"), "nafs.partner.net", nets("127.0.0.2")))) {
      long before = bsf.counters().refusedPeers("source_not_allowed");

      try (RawPeer partner = RawPeer.from("127.0.0.2", port)) {
        assertThat(cea(partner, HSS, "nafs.partner.net"))
            .as("a partner NAF claiming the HSS's name from its own, admitted, address")
            .isEqualTo(3010L);
      }
      try (RawPeer partner = RawPeer.from("127.0.0.2", port)) {
        assertThat(cea(partner, "naf7.nafs.partner.net", "nafs.partner.net")).isEqualTo(2001L);
      }
      try (RawPeer elsewhere = RawPeer.from("127.0.0.4", port)) {
        assertThat(cea(elsewhere, "naf7.nafs.partner.net", "nafs.partner.net")).isEqualTo(3010L);
      }
      try (RawPeer naf = RawPeer.from("127.0.0.3", port)) {
        assertThat(cea(naf, "naf.home1.net", "home1.net")).isEqualTo(2001L);
      }
      try (RawPeer sibling = RawPeer.from("127.0.0.2", port)) {
        assertThat(cea(sibling, "naf.home1.net", "nafs.partner.net"))
            .as("a host bound by name is judged by its own networks, not its realm's")
            .isEqualTo(3010L);
      }

      assertThat(bsf.counters().refusedPeers("source_not_allowed")).isEqualTo(before + 3);
    }
  }

  @Test
  void
      should_send_no_request_to_an_admitted_naf_when_it_announces_the_hss_realm_and_the_hss_is_down()
          throws Exception {
    int port = Ports.free();
    try (DiameterNode bsf = bsf(port, Ports.free(), Map.of());
        RawPeer naf = RawPeer.admitted(port, "naf.home1.net", "hss.realm", TestRequests.ZN)) {
      // jdiameter puts the NAF in the realm once it holds it in service: MARs until one is routed.
      boolean routedToTheNaf =
          Poll.until(
              () -> {
                TestRequests.mar(bsf, Duration.ofMillis(500))
                    .toCompletableFuture()
                    .handle((answer, failure) -> answer)
                    .join();
                return bsf.counters().requestsWithheld() > 0 || unread(naf) > 0;
              },
              Duration.ofSeconds(10));

      assertThat(routedToTheNaf).as("jdiameter chose the NAF for a MAR").isTrue();
      assertThat(unread(naf)).as("nothing was written to the NAF in the HSS's realm").isZero();
      assertThat(bsf.counters().requestsWithheld()).isPositive();
    }
  }

  /**
   * A BSF node on 127.0.0.1:{@code port} whose HSS is {@value #HSS} at 127.0.0.1:{@code hssPort}
   * (reconnection 60 s, so the test's connections are the only ones), admitting naf.home1.net and
   * the realm nafs.partner.net, with {@code sources}.
   */
  private static DiameterNode bsf(int port, int hssPort, Map<String, List<SourceNetwork>> sources) {
    return DiameterNode.start(
        new DiameterNodeConfig(
            "bsf.home1.net",
            "home1.net",
            "127.0.0.1",
            port,
            "gba-bsf-test",
            List.of(TestRequests.ZH, TestRequests.ZN),
            List.of(new PeerConfig(HSS, "127.0.0.1", hssPort, 1)),
            List.of(new RealmRoute("hss.realm", List.of(HSS), TestRequests.ZH)),
            PeerAdmission.only(Set.of("naf.home1.net"), Set.of("nafs.partner.net"))
                .withSources(sources),
            Duration.ofSeconds(30),
            Duration.ofSeconds(60),
            true),
        Map.of());
  }

  private static long cea(RawPeer peer, String host, String realm) throws IOException {
    peer.write(DiameterWire.encode(RawPeer.cer(host, realm, TestRequests.ZH)));
    DiameterMessage cea = peer.read().orElseThrow(() -> new IOException("no CEA"));
    return BaseMessages.resultCode(cea).map(r -> r.code()).orElse(0L);
  }

  private static int unread(RawPeer peer) {
    try {
      return peer.unread();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static List<SourceNetwork> nets(String cidr) {
    return List.of(SourceNetwork.parse(cidr).orElseThrow());
  }
}
