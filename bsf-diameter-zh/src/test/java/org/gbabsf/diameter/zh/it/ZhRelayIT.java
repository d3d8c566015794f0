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
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An independent check of the wire format: Zh through a third-party Diameter relay agent. The BSF
 * (DiameterNode + ZhHssClient) sends MARs by realm only (no Destination-Host) to freeDiameterd
 * (Debian's freeDiameter, configured as a plain relay in its own realm), which routes them to the
 * HSS simulator's realm and relays the MAAs back: freeDiameter parses and re-encodes both, so a
 * vector the USIM still accepts and a 5401 that still decodes show our messages are well-formed for
 * someone else's stack. Skipped, with the reason printed, only where freeDiameterd is not installed
 * (Debian: apt-get install freediameter).
 */
class ZhRelayIT {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
  private static final String RELAY_HOST = "dra.relay.example.net";
  private static final String RELAY_REALM = "relay.example.net";
  private static final String HSS_HOST = "hss1.hss.example.net";
  private static final String HSS_REALM = "hss.example.net";
  private static final String BSF_HOST = "bsf1.bsf.example.net";
  private static final String BSF_REALM = "bsf.example.net";
  private static final Duration READY = Duration.ofSeconds(20);

  private final GeneratedSubscriberDirectory subscribers =
      new GeneratedSubscriberDirectory(10, HSS_REALM);
  @TempDir Path dir;
  private FreeDiameter relay;
  private ZhHssSimulator hss;
  private DiameterNode bsf;
  private ZhHssClient client;

  @BeforeEach
  void start() throws IOException {
    int hssPort = Ports.free();
    hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings(HSS_HOST, HSS_REALM, "127.0.0.1", hssPort, true),
            subscribers,
            new SimulatedGuss(Duration.ofMinutes(30)));

    int relayPort = Ports.free();
    relay = startRelay(relayPort, hssPort);
    // freeDiameter makes its first connection to a ConnectPeer after a random 0..5 s.
    String hssOpen = "-> 'STATE_OPEN'\t'" + HSS_HOST + "'";
    assertThat(relay.await(hssOpen, READY))
        .as("relay connected to the HSS; freeDiameterd output:%n%s", relay.tail())
        .isTrue();

    bsf =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                BSF_HOST,
                BSF_REALM,
                "127.0.0.1",
                Ports.free(),
                "gba-bsf",
                ZH,
                new PeerConfig(RELAY_HOST, "127.0.0.1", relayPort, 1),
                HSS_REALM,
                true),
            Map.of());
    client =
        new ZhHssClient(
            bsf,
            new ZhHssClient.Settings(
                HSS_REALM,
                List.of(RELAY_HOST),
                Duration.ofSeconds(2),
                Duration.ofSeconds(4),
                Duration.ofSeconds(5),
                false), // the relay routes by Destination-Realm
            new SimpleMeterRegistry());
    assertThat(Poll.until(client::isAvailable, READY))
        .as("BSF connected to the relay; freeDiameterd output:%n%s", relay.tail())
        .isTrue();
  }

  /**
   * freeDiameterd as a relay agent: its own realm, TCP without TLS, the HSS as a peer it connects
   * to (ConnectPeer), the BSF as a peer allowed to connect in (acl_wl), relaying by realm with the
   * core's default routing. freeDiameter ignores a loopback ListenOn, so it listens on every
   * address, on a free port.
   */
  private FreeDiameter startRelay(int relayPort, int hssPort) throws IOException {
    Path acl = dir.resolve("acl_wl.conf");
    // ALLOW_IPSEC: the peer may connect without TLS (security is left to the transport).
    Files.writeString(acl, "ALLOW_IPSEC " + BSF_HOST + "\n", StandardCharsets.UTF_8);
    return FreeDiameter.start(
        "ZhRelayIT",
        dir,
        List.of(
            "Identity = \"" + RELAY_HOST + "\";",
            "Realm = \"" + RELAY_REALM + "\";",
            "Port = " + relayPort + ";",
            "SecPort = 0;",
            "No_SCTP;",
            "No_IPv6;",
            "LoadExtension = \"acl_wl.fdx\" : \"" + acl + "\";",
            "ConnectPeer = \""
                + HSS_HOST
                + "\" { ConnectTo = \"127.0.0.1\"; Port = "
                + hssPort
                + "; No_TLS; No_SCTP; Realm = \""
                + HSS_REALM
                + "\"; };"),
        Map.of());
  }

  @AfterEach
  void stop() throws InterruptedException {
    try {
      if (bsf != null) {
        bsf.close();
      }
      if (hss != null) {
        hss.close();
      }
    } finally {
      if (relay != null) {
        relay.close();
      }
    }
  }

  @Test
  void should_return_a_vector_the_usim_accepts_when_relayed_by_freediameter_for_a_known_impi()
      throws Exception {
    Impi impi = subscribers.impi(3);

    HssAnswer answer = client.fetchVector(impi).toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertThat(answer)
        .as("freeDiameterd output:%n%s", relay.tail())
        .isInstanceOf(HssAnswer.Vector.class);
    HssAnswer.Vector v = (HssAnswer.Vector) answer;
    SimulatedUsim usim = new SimulatedUsim(subscribers.find(impi).orElseThrow());
    AkaResult aka = usim.authenticate(v.vector().rand().octets(), v.vector().autn());
    assertThat(aka).isInstanceOf(AkaResult.Success.class);
    assertThat(((AkaResult.Success) aka).res()).isEqualTo(v.vector().xres());
    assertThat(v.guss().lifetime()).contains(Duration.ofMinutes(30));
    assertThat(hss.answered()).isEqualTo(1);
  }

  @Test
  void should_answer_user_unknown_when_freediameter_relays_a_5401_for_an_unknown_impi()
      throws Exception {
    HssAnswer answer =
        client
            .fetchVector(new Impi("nobody@" + HSS_REALM))
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);

    assertThat(answer)
        .as("freeDiameterd output:%n%s", relay.tail())
        .isInstanceOf(HssAnswer.UserUnknown.class);
    assertThat(hss.answered()).isEqualTo(1);
  }
}
