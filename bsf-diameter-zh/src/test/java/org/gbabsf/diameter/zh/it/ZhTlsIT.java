package org.gbabsf.diameter.zh.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsFailure;
import org.gbabsf.security.tls.TlsMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zh over Diameter TLS/TCP against an independent implementation: the BSF node connects with mutual
 * TLS from the first byte (RFC 6733 §2.1) to freeDiameterd (GnuTLS) on its TLS port, which relays
 * to the HSS simulator. tshark, given the TLS secrets GnuTLS writes to SSLKEYLOGFILE, decrypts the
 * capture and decodes the Zh messages inside; without them it sees no Diameter at all. A relay
 * whose certificate does not name the identity the BSF is configured with, or that chains to a CA
 * the BSF does not trust, never gets a request.
 */
class ZhTlsIT {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
  private static final String RELAY_HOST = "dra.relay.example.net";
  private static final String RELAY_REALM = "relay.example.net";
  private static final String HSS_HOST = "hss1.hss.example.net";
  private static final String HSS_REALM = "hss.example.net";
  private static final String BSF_HOST = "bsf1.bsf.example.net";
  private static final String BSF_REALM = "bsf.example.net";
  private static final Duration READY = Duration.ofSeconds(30);

  private final GeneratedSubscriberDirectory subscribers =
      new GeneratedSubscriberDirectory(10, HSS_REALM);
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  @TempDir Path dir;
  private TestPki pki;
  private ZhHssSimulator hss;
  private FreeDiameter relay;
  private DiameterNode bsf;
  private TlsEvents bsfEvents;

  @BeforeEach
  void hss() {
    pki = TestPki.create(dir, "Zh TLS CA");
    hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings(HSS_HOST, HSS_REALM, "127.0.0.1", Ports.free(), true),
            subscribers,
            new SimulatedGuss(Duration.ofMinutes(30)));
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (bsf != null) {
      bsf.close();
    }
    if (relay != null) {
      relay.close();
    }
    hss.close();
  }

  /**
   * freeDiameterd as a relay with identity {@code identity}, presenting {@code cert}: TLS only (no
   * plain listener), client certificates required (GnuTLS, its default), the BSF admitted by
   * acl_wl, the HSS reached over plain TCP.
   */
  private FreeDiameter startRelay(String identity, TestPki.Issued cert, int tlsPort, Path keyLog)
      throws IOException {
    Path acl = dir.resolve("acl_wl.conf");
    Files.writeString(acl, BSF_HOST + "\n", StandardCharsets.UTF_8);
    return FreeDiameter.start(
        "ZhTlsIT",
        dir,
        List.of(
            "Identity = \"" + identity + "\";",
            "Realm = \"" + RELAY_REALM + "\";",
            "Port = 0;",
            "SecPort = " + tlsPort + ";",
            "No_SCTP;",
            "No_IPv6;",
            "TLS_Cred = \"" + cert.certificate() + "\", \"" + cert.privateKey() + "\";",
            "TLS_CA = \"" + pki.caFile() + "\";",
            "LoadExtension = \"acl_wl.fdx\" : \"" + acl + "\";",
            "ConnectPeer = \""
                + HSS_HOST
                + "\" { ConnectTo = \"127.0.0.1\"; Port = "
                + hss.settings().port()
                + "; No_TLS; No_SCTP; Realm = \""
                + HSS_REALM
                + "\"; };"),
        Map.of("SSLKEYLOGFILE", keyLog.toString()));
  }

  /**
   * The BSF's node connecting to {@code RELAY_HOST} at {@code port} over TLS with {@code trust}.
   */
  private ZhHssClient startBsf(int port, Path trust) {
    TestPki.Issued cert = pki.leaf(BSF_HOST).dns(BSF_HOST).issue();
    bsfEvents = new TlsEvents("diameter", registry);
    bsf =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                    BSF_HOST,
                    BSF_REALM,
                    "127.0.0.1",
                    Ports.free(),
                    "gba-bsf",
                    ZH,
                    new PeerConfig(RELAY_HOST, "127.0.0.1", port, 1),
                    HSS_REALM,
                    true)
                .withTls(
                    DiameterTls.of(
                        TlsMaterial.load("diameter", cert.files(trust)),
                        bsfEvents,
                        0,
                        java.util.Set.of(RELAY_HOST),
                        false)),
            Map.of());
    return new ZhHssClient(
        bsf,
        new ZhHssClient.Settings(
            HSS_REALM,
            List.of(RELAY_HOST),
            Duration.ofSeconds(2),
            Duration.ofSeconds(4),
            Duration.ofSeconds(5),
            false),
        registry);
  }

  private void awaitRelayConnectedToHss() {
    assertThat(relay.await("-> 'STATE_OPEN'\t'" + HSS_HOST + "'", READY))
        .as("relay connected to the HSS; freeDiameterd output:%n%s", relay.tail())
        .isTrue();
  }

  @Test
  void should_fetch_vectors_that_tshark_decodes_only_with_the_key_log_when_zh_runs_over_tls()
      throws Exception {
    int tlsPort = Ports.free();
    Path keyLog = dir.resolve("tls-keys.log");
    relay = startRelay(RELAY_HOST, pki.leaf(RELAY_HOST).dns(RELAY_HOST).issue(), tlsPort, keyLog);
    awaitRelayConnectedToHss();
    Impi impi = subscribers.impi(2);
    HssAnswer known;
    HssAnswer unknown;
    String decrypted;
    String opaque;
    try (TsharkCapture capture = TsharkCapture.start("ZhTlsIT", tlsPort)) {
      ZhHssClient client = startBsf(tlsPort, pki.caFile());
      assertThat(Poll.until(client::isAvailable, READY))
          .as("BSF connected over TLS; freeDiameterd output:%n%s", relay.tail())
          .isTrue();
      known = client.fetchVector(impi).toCompletableFuture().get(10, TimeUnit.SECONDS);
      unknown =
          client
              .fetchVector(new Impi("nobody@" + HSS_REALM))
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
      bsf.close();
      bsf = null;
      String[] asDiameterOverTls = {
        "-d",
        "tcp.port==" + tlsPort + ",tls",
        "-d",
        "tls.port==" + tlsPort + ",diameter",
        "--disable-protocol",
        "rdpmt",
        "-V"
      };
      decrypted =
          capture.stopAndDecode(
              concat(new String[] {"-o", "tls.keylog_file:" + keyLog}, asDiameterOverTls));
      opaque = capture.stopAndDecode(asDiameterOverTls);
      capture.delete();
    }

    assertThat(known).isInstanceOf(HssAnswer.Vector.class);
    HssAnswer.Vector v = (HssAnswer.Vector) known;
    AkaResult aka =
        new SimulatedUsim(subscribers.find(impi).orElseThrow())
            .authenticate(v.vector().rand().octets(), v.vector().autn());
    assertThat(aka).isInstanceOf(AkaResult.Success.class);
    assertThat(unknown).isInstanceOf(HssAnswer.UserUnknown.class);
    assertThat(Files.readString(keyLog)).contains("CLIENT_TRAFFIC_SECRET_0");
    assertThat(decrypted)
        .contains("Version: TLS 1.3")
        .contains("Capabilities-Exchange")
        .contains("Origin-Host: " + BSF_HOST)
        .contains("SIP-Auth-Data-Item")
        .contains("DIAMETER_ERROR_IMPI_UNKNOWN (5401)")
        .doesNotContain("Malformed");
    assertThat(decrypted.lines().filter(l -> l.contains("Command Code: Multimedia-Auth (303)")))
        .hasSize(4);
    assertThat(opaque).contains("Application Data").doesNotContain("Multimedia-Auth");
  }

  @Test
  void should_never_send_a_request_when_the_relay_certificate_names_another_identity()
      throws Exception {
    int tlsPort = Ports.free();
    String other = "other.relay.example.net";
    relay = startRelay(other, pki.leaf(other).dns(other).issue(), tlsPort, dir.resolve("keys.log"));
    awaitRelayConnectedToHss();

    ZhHssClient client = startBsf(tlsPort, pki.caFile());

    assertThat(Poll.until(() -> bsfEvents.count(TlsFailure.IDENTITY_MISMATCH) >= 1, READY))
        .isTrue();
    assertThat(client.isAvailable()).isFalse();
    assertThat(hss.answered()).isZero();
  }

  @Test
  void should_refuse_the_relay_when_its_chain_leads_to_a_ca_the_bsf_does_not_trust()
      throws Exception {
    int tlsPort = Ports.free();
    relay =
        startRelay(
            RELAY_HOST,
            pki.leaf(RELAY_HOST).dns(RELAY_HOST).issue(),
            tlsPort,
            dir.resolve("k.log"));
    awaitRelayConnectedToHss();
    TestPki stranger = TestPki.create(dir.resolve("stranger"), "Stranger CA");

    ZhHssClient client = startBsf(tlsPort, stranger.caFile());

    assertThat(Poll.until(() -> bsfEvents.count(TlsFailure.UNTRUSTED) >= 1, READY)).isTrue();
    assertThat(client.isAvailable()).isFalse();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
