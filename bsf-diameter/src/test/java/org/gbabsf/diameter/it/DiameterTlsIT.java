package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.PeerThreads;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsFailure;
import org.gbabsf.security.tls.TlsMaterial;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Diameter over TLS/TCP (RFC 6733 §2.1, §13.1) between two real nodes and from raw TLS sockets:
 * mutual TLS from the first byte, the certificate bound to the Diameter identity both ways, a peer
 * that must use TLS refused on the plain port (5017), and no fallback to plain TCP.
 */
class DiameterTlsIT {

  private static final AppId APP = new AppId(BaseAvps.VENDOR_3GPP, 16777220L);
  private static final int COMMAND = 310;

  @TempDir static Path dir;
  static TestPki pki;
  static TestPki other;
  static DiameterNode bsf;
  static int plainPort;
  static int tlsPort;
  static final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  static TlsEvents bsfEvents;

  @BeforeAll
  static void start() {
    pki = TestPki.create(dir, "Diameter CA");
    other = TestPki.create(dir, "Rogue CA");
    TestPki.Issued cert = pki.leaf("bsf.home1.net").dns("bsf.home1.net").issue();
    bsfEvents = new TlsEvents("diameter", registry);
    plainPort = Ports.free();
    tlsPort = Ports.free();
    bsf =
        DiameterNode.start(
            TestNodes.bsf(
                    plainPort,
                    APP,
                    PeerAdmission.only(Set.of("naf.home1.net", "legacy.home1.net"), Set.of()))
                .withTls(
                    DiameterTls.of(
                        TlsMaterial.load("diameter", cert.files()),
                        bsfEvents,
                        tlsPort,
                        java.util.Set.of("naf.home1.net"),
                        false)),
            Map.of(
                new DiameterNode.Serves(APP, COMMAND),
                (request, from) ->
                    CompletableFuture.completedFuture(
                        DiameterMessage.answerTo(
                            request,
                            false,
                            List.of(
                                Avp.u32(BaseAvps.RESULT_CODE, 0, true, 2001),
                                Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "bsf.home1.net"),
                                Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, "home1.net"),
                                Avp.utf8(BaseAvps.SESSION_ID, 0, true, "echo;" + from.host()))))));
  }

  @AfterAll
  static void stop() {
    bsf.close();
  }

  private static long cea(RawPeer peer, String host) throws IOException {
    peer.write(DiameterWire.encode(RawPeer.cer(host, "home1.net", APP)));
    DiameterMessage cea = peer.read().orElseThrow(() -> new IOException("no CEA"));
    return BaseMessages.resultCode(cea).map(r -> r.code()).orElse(0L);
  }

  private static TlsMaterial identity(TestPki ca, String host) {
    return TlsMaterial.load(
        host,
        ca.leaf(host).dns(host).fileName(host + "-" + ca.hashCode()).issue().files(pki.caFile()));
  }

  @Test
  void should_answer_requests_over_tls_between_two_nodes_when_certificates_name_both()
      throws Exception {
    int nafPort = Ports.free();
    TlsEvents nafEvents = new TlsEvents("naf", registry);
    DiameterNode naf =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                    "naf.home1.net",
                    "home1.net",
                    "127.0.0.1",
                    nafPort,
                    "naf-test",
                    APP,
                    new PeerConfig("bsf.home1.net", "127.0.0.1", tlsPort, 1),
                    "home1.net",
                    true)
                .withTls(
                    DiameterTls.of(
                        identity(pki, "naf.home1.net"),
                        nafEvents,
                        0,
                        java.util.Set.of("bsf.home1.net"),
                        false)),
            Map.of());
    try {
      assertThat(Poll.until(() -> naf.isUp("bsf.home1.net"), Duration.ofSeconds(20))).isTrue();

      DiameterMessage answer =
          naf.send(
                  DiameterMessage.request(
                      COMMAND,
                      APP.authApplicationId(),
                      true,
                      List.of(
                          Avp.utf8(BaseAvps.SESSION_ID, 0, true, naf.newSessionId()),
                          Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "naf.home1.net"),
                          Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, "home1.net"),
                          Avp.identity(BaseAvps.DESTINATION_REALM, 0, true, "home1.net"),
                          Avp.identity(BaseAvps.DESTINATION_HOST, 0, true, "bsf.home1.net"),
                          BaseMessages.vendorSpecificApplicationId(
                              APP.vendorId(), APP.authApplicationId()))),
                  Duration.ofSeconds(5))
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);

      assertThat(BaseMessages.resultCode(answer).map(r -> r.code())).contains(2001L);
      assertThat(BaseMessages.sessionId(answer)).contains("echo;naf.home1.net");
    } finally {
      naf.close();
    }
  }

  @Test
  void should_refuse_with_3010_and_count_when_the_certificate_does_not_name_the_origin_host()
      throws IOException {
    long before = bsf.counters().refusedPeers("certificate_mismatch");
    try (RawPeer mallory = RawPeer.tls(tlsPort, identity(pki, "mallory.home1.net"))) {
      assertThat(cea(mallory, "naf.home1.net")).isEqualTo(3010L);
      assertThat(mallory.closedByPeer()).isTrue();
    }
    assertThat(bsf.counters().refusedPeers("certificate_mismatch")).isEqualTo(before + 1);
    assertThat(bsfEvents.count(TlsFailure.IDENTITY_MISMATCH)).isGreaterThanOrEqualTo(1);
  }

  @Test
  void should_refuse_with_3010_when_only_a_wildcard_name_of_the_certificate_covers_the_origin_host()
      throws IOException {
    long before = bsf.counters().refusedPeers("certificate_mismatch");
    TlsMaterial wildcard =
        TlsMaterial.load(
            "wildcard",
            pki.leaf("nafs.home1.net")
                .dns("*.home1.net")
                .fileName("wildcard-naf")
                .issue()
                .files(pki.caFile()));
    try (RawPeer sibling = RawPeer.tls(tlsPort, wildcard)) {
      assertThat(cea(sibling, "naf.home1.net")).isEqualTo(3010L);
      assertThat(sibling.closedByPeer()).isTrue();
    }
    assertThat(bsf.counters().refusedPeers("certificate_mismatch")).isEqualTo(before + 1);
  }

  @Test
  void
      should_admit_the_hss_from_another_address_over_tls_only_when_its_certificate_names_it_exactly()
          throws IOException {
    // The HSS is configured at 127.0.0.1; over TLS its certificate, not its address, proves it. A
    // wildcard never stands for a configured peer, even with wildcards allowed for others.
    int plain = Ports.free();
    int tls = Ports.free();
    TestPki.Issued cert = pki.leaf("bsf.home1.net").dns("bsf.home1.net").fileName("bsf-2").issue();
    try (DiameterNode node =
        DiameterNode.start(
            new DiameterNodeConfig(
                    "bsf.home1.net",
                    "home1.net",
                    "127.0.0.1",
                    plain,
                    "gba-bsf-test",
                    List.of(APP),
                    List.of(new PeerConfig("hss.home1.net", "127.0.0.1", Ports.free(), 1)),
                    List.of(),
                    PeerAdmission.peerTableOnly(),
                    Duration.ofSeconds(30),
                    Duration.ofSeconds(60),
                    true)
                .withTls(
                    DiameterTls.of(
                            TlsMaterial.load("diameter-2", cert.files()),
                            new TlsEvents("diameter-2", registry),
                            tls,
                            java.util.Set.of(),
                            false)
                        .withWildcards(true)),
            Map.of())) {
      TlsMaterial wildcard =
          TlsMaterial.load(
              "hss-wildcard",
              pki.leaf("any.home1.net")
                  .dns("*.home1.net")
                  .fileName("hss-wildcard")
                  .issue()
                  .files(pki.caFile()));
      try (RawPeer impostor = RawPeer.tls("127.0.0.2", tls, wildcard)) {
        assertThat(cea(impostor, "hss.home1.net")).isEqualTo(3010L);
      }
      try (RawPeer plainImpostor = RawPeer.from("127.0.0.2", plain)) {
        assertThat(cea(plainImpostor, "hss.home1.net")).isEqualTo(3010L);
      }
      try (RawPeer hss = RawPeer.tls("127.0.0.2", tls, identity(pki, "hss.home1.net"))) {
        assertThat(cea(hss, "hss.home1.net")).isEqualTo(2001L);
      }
      assertThat(node.counters().refusedPeers("certificate_mismatch")).isEqualTo(1);
      assertThat(node.counters().refusedPeers("source_not_allowed")).isEqualTo(1);
    }
  }

  @Test
  void should_refuse_with_5017_when_a_peer_that_must_use_tls_comes_on_the_plain_port()
      throws IOException {
    long before = bsf.counters().refusedPeers("tls_required");
    try (RawPeer plain = new RawPeer(plainPort)) {
      assertThat(cea(plain, "naf.home1.net")).isEqualTo(5017L);
      assertThat(plain.closedByPeer()).isTrue();
    }
    try (RawPeer legacy = new RawPeer(plainPort)) {
      assertThat(cea(legacy, "legacy.home1.net"))
          .as("a peer not required to use TLS")
          .isEqualTo(2001L);
    }
    assertThat(bsf.counters().refusedPeers("tls_required")).isEqualTo(before + 1);
  }

  @Test
  void should_refuse_the_handshake_when_the_client_certificate_comes_from_another_ca() {
    double before =
        bsfEvents.count(TlsFailure.NO_CERTIFICATE) + bsfEvents.count(TlsFailure.UNTRUSTED);
    TlsMaterial rogue =
        TlsMaterial.load(
            "rogue",
            other
                .leaf("naf.home1.net")
                .dns("naf.home1.net")
                .fileName("rogue-naf")
                .issue()
                .files(pki.caFile()));

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> {
              try (RawPeer p = RawPeer.tls(tlsPort, rogue)) {
                cea(p, "naf.home1.net");
              }
            })
        .isInstanceOf(IOException.class);
    assertThat(
            Poll.until(
                () ->
                    bsfEvents.count(TlsFailure.NO_CERTIFICATE)
                            + bsfEvents.count(TlsFailure.UNTRUSTED)
                        > before,
                Duration.ofSeconds(5)))
        .isTrue();
  }

  @Test
  void should_never_connect_when_the_peer_certificate_does_not_name_the_configured_host() {
    // A NAF configured to reach bsf.home1.net over TLS meets a server whose certificate names
    // someone else: the handshake succeeds, the identity check fails, nothing is sent.
    TestPki.Issued impostorCert = pki.leaf("impostor.home1.net").dns("impostor.home1.net").issue();
    int impostorPlain = Ports.free();
    int impostorTls = Ports.free();
    DiameterNode impostor =
        DiameterNode.start(
            new DiameterNodeConfig(
                    "bsf.home1.net",
                    "home1.net",
                    "127.0.0.1",
                    impostorPlain,
                    "impostor",
                    List.of(APP),
                    List.of(),
                    List.of(),
                    PeerAdmission.only(Set.of("naf.home1.net"), Set.of()),
                    Duration.ofSeconds(30),
                    Duration.ofSeconds(5),
                    true)
                .withTls(
                    DiameterTls.of(
                        TlsMaterial.load("impostor", impostorCert.files()),
                        new TlsEvents("impostor", registry),
                        impostorTls,
                        java.util.Set.of(),
                        false)),
            Map.of());
    TlsEvents nafEvents = new TlsEvents("naf-fooled", registry);
    DiameterNode naf =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                    "naf.home1.net",
                    "home1.net",
                    "127.0.0.1",
                    Ports.free(),
                    "naf-test",
                    APP,
                    new PeerConfig("bsf.home1.net", "127.0.0.1", impostorTls, 1),
                    "home1.net",
                    true)
                .withTls(
                    DiameterTls.of(
                        identity(pki, "naf.home1.net"), nafEvents, 0, java.util.Set.of(), true)),
            Map.of());
    try {
      assertThat(
              Poll.until(
                  () -> nafEvents.count(TlsFailure.IDENTITY_MISMATCH) >= 1, Duration.ofSeconds(20)))
          .isTrue();
      assertThat(naf.isUp("bsf.home1.net")).isFalse();
    } finally {
      naf.close();
      impostor.close();
    }
    assertThat(PeerThreads.endWithin("bsf.home1.net", impostorTls, Duration.ofSeconds(5)))
        .as("threads of the peer after the close: %s", PeerThreads.of("bsf.home1.net", impostorTls))
        .isTrue();
  }
}
