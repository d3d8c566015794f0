package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CER admission over a real socket (RFC 6733 §5.3): a peer that is neither listed by host nor by
 * realm gets a CEA with Result-Code 3010 and a closed connection; listed peers get 2001.
 */
class CerAdmissionIT {

  private static final AppId ZN = new AppId(BaseAvps.VENDOR_3GPP, 16777220L);
  private static DiameterNode node;
  private static int port;

  @BeforeAll
  static void start() {
    port = Ports.free();
    node =
        TestNodes.answering(
            TestNodes.bsf(
                port, ZN, PeerAdmission.only(Set.of("naf.home1.net"), Set.of("nafs.partner.net"))),
            ZN,
            310);
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void should_answer_cea_3010_and_close_when_peer_is_not_configured() throws IOException {
    long before = node.counters().refusedPeers("unknown_peer");
    try (RawPeer s = new RawPeer(port)) {
      s.write(DiameterWire.encode(cer("rogue.example.org", "example.org")));

      DiameterMessage cea = s.read().orElseThrow();

      assertThat(cea.commandCode()).isEqualTo(257);
      assertThat(cea.request()).isFalse();
      assertThat(cea.error()).as("3xxx protocol errors set the E bit").isTrue();
      assertThat(cea.hopByHop()).isEqualTo(0x1234);
      assertThat(BaseMessages.resultCode(cea)).map(r -> r.code()).contains(3010L);
      assertThat(cea.first(BaseAvps.ORIGIN_HOST, 0).map(Avp::utf8)).contains("bsf.home1.net");
      assertThat(cea.first(BaseAvps.ORIGIN_REALM, 0).map(Avp::utf8)).contains("home1.net");
      assertThat(cea.first(257, 0)).as("Host-IP-Address").isPresent();
      assertThat(s.closedByPeer()).as("connection closed").isTrue();
    }
    assertThat(node.counters().refusedPeers("unknown_peer")).isEqualTo(before + 1);
  }

  @Test
  void should_answer_5004_when_origin_host_is_vendor_specific() throws IOException {
    // The stack reads identities ignoring the vendor: such a CER must not reach it.
    List<Avp> avps = new java.util.ArrayList<>(cer("naf.home1.net", "home1.net").avps());
    avps.set(0, Avp.identity(BaseAvps.ORIGIN_HOST, BaseAvps.VENDOR_3GPP, true, "rogue.example"));
    assertThat(refusal(withAvps(avps))).contains(5004L);
  }

  @Test
  void should_answer_5009_when_origin_host_occurs_twice() throws IOException {
    List<Avp> avps = new java.util.ArrayList<>(cer("naf.home1.net", "home1.net").avps());
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "rogue.example"));
    assertThat(refusal(withAvps(avps))).contains(5009L);
  }

  @Test
  void should_answer_5005_when_origin_realm_is_missing() throws IOException {
    List<Avp> avps = new java.util.ArrayList<>(cer("naf.home1.net", "home1.net").avps());
    avps.remove(1);
    assertThat(refusal(withAvps(avps))).contains(5005L);
  }

  @Test
  void should_close_without_answer_when_the_first_message_is_not_a_cer() throws IOException {
    long before = node.counters().refusedPeers("not_a_cer");
    try (RawPeer s = new RawPeer(port)) {
      s.write(
          DiameterWire.encode(
              DiameterMessage.request(
                  310,
                  ZN.authApplicationId(),
                  true,
                  List.of(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "x;1;1")))));

      assertThat(s.closedByPeer()).as("closed, nothing sent").isTrue();
    }
    assertThat(node.counters().refusedPeers("not_a_cer")).isEqualTo(before + 1);
  }

  /** Sends {@code cer}; returns the CEA's Result-Code, checking the connection is then closed. */
  private static java.util.Optional<Long> refusal(DiameterMessage cer) throws IOException {
    long before = node.counters().refusedPeers("invalid_cer");
    try (RawPeer s = new RawPeer(port)) {
      s.write(DiameterWire.encode(cer));
      DiameterMessage cea = s.read().orElseThrow();
      assertThat(cea.error()).as("5xxx: no E bit").isFalse();
      assertThat(s.closedByPeer()).as("connection closed").isTrue();
      assertThat(node.counters().refusedPeers("invalid_cer")).isEqualTo(before + 1);
      return BaseMessages.resultCode(cea).map(r -> r.code());
    }
  }

  private static DiameterMessage withAvps(List<Avp> avps) {
    return new DiameterMessage(257, 0, true, false, false, false, 0x1234, 0x5678, avps);
  }

  @Test
  void should_admit_peer_when_its_host_is_configured() throws IOException {
    assertThat(capabilitiesExchange("NAF.home1.net", "home1.net")).contains(2001L);
  }

  @Test
  void should_admit_peer_when_its_realm_is_configured() throws IOException {
    assertThat(capabilitiesExchange("naf7.nafs.partner.net", "nafs.partner.net")).contains(2001L);
  }

  private static java.util.Optional<Long> capabilitiesExchange(String host, String realm)
      throws IOException {
    long before = node.counters().refusedPeers();
    try (RawPeer s = new RawPeer(port)) {
      s.write(DiameterWire.encode(cer(host, realm)));
      DiameterMessage cea = s.read().orElseThrow();
      assertThat(node.counters().refusedPeers()).isEqualTo(before);
      return BaseMessages.resultCode(cea).map(r -> r.code());
    }
  }

  private static DiameterMessage cer(String host, String realm) {
    return RawPeer.cer(host, realm, ZN);
  }
}
