package org.gbabsf.diameter.zh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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

  private static boolean tsharkInstalled() {
    try {
      Process p = new ProcessBuilder("tshark", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Test
  void should_decode_a_captured_zh_exchange_without_malformed_warnings_when_read_by_tshark()
      throws Exception {
    if (!tsharkInstalled()) {
      System.out.println(
          "[ZhWiresharkIT] SKIPPED: tshark is not installed (apt-get install tshark)");
    }
    assumeTrue(tsharkInstalled(), "tshark is not installed");
    int hssPort = Ports.free();
    Path pcap = Files.createTempFile("zh-", ".pcapng");
    Process capture =
        // -P -l: also print each packet's summary at once, so that the capture can be seen live
        new ProcessBuilder(
                "tshark",
                "-i",
                "lo",
                "-f",
                "tcp port " + hssPort,
                "-w",
                pcap.toString(),
                "-P",
                "-l")
            .redirectErrorStream(true)
            .start();
    CompletableFuture<Void> capturing = new CompletableFuture<>();
    CompletableFuture<Void> probed = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(capture.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (line.contains("Capturing on")) {
                    capturing.complete(null);
                  }
                  if (line.contains("\u2192 " + hssPort + " ")
                      || line.contains("> " + hssPort + " ")) {
                    probed.complete(null); // a probe's SYN: the capture is live
                  }
                }
              } catch (IOException e) {
                capturing.completeExceptionally(e);
              }
            });
    reader.setDaemon(true);
    reader.start();
    try {
      boolean started;
      try {
        capturing.get(30, TimeUnit.SECONDS);
        started = true;
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        started = false;
      }
      if (!started) {
        System.out.println(
            "[ZhWiresharkIT] SKIPPED: tshark cannot capture on lo here (needs root or CAP_NET_RAW)");
      }
      assumeTrue(started, "tshark cannot capture on lo");
      // "Capturing on" comes before the capture is live: probe the (still closed) port until a
      // probe is seen, so that the CER of the exchange is not missed.
      assertThat(Poll.until(() -> probe(hssPort, probed), Duration.ofSeconds(30)))
          .as("the capture sees a probe")
          .isTrue();
      exchange(hssPort);
    } finally {
      capture.destroy();
      capture.waitFor(30, TimeUnit.SECONDS);
    }

    Process decode =
        new ProcessBuilder(
                "tshark", "-r", pcap.toString(), "-V", "-d", "tcp.port==" + hssPort + ",diameter")
            .redirectErrorStream(true)
            .start();
    String text = new String(decode.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    decode.waitFor(60, TimeUnit.SECONDS);
    Files.deleteIfExists(pcap);

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

  /** One refused connection to {@code port}; true once the capture has shown one. */
  private static boolean probe(int port, CompletableFuture<Void> seen) {
    if (seen.isDone()) {
      return true;
    }
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 200);
    } catch (IOException refused) {
      // expected: nothing listens yet
    }
    return seen.isDone();
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
