package org.gbabsf.diameter.zh.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Tools;

/**
 * tshark capturing one loopback TCP port into a pcap file, live before anything is sent (a probe of
 * the port must show in the capture), then decoding it. Skips the test, saying why, where tshark is
 * not installed or cannot capture; CI installs it (.ci/run).
 */
final class TsharkCapture implements AutoCloseable {

  private final String name;
  private final int port;
  private final Path pcap;
  private final Process capture;

  /** The packet summaries tshark printed so far (-P -l): a few hundred lines per test. */
  private final java.util.Queue<String> printed =
      new java.util.concurrent.ConcurrentLinkedQueue<>();

  private TsharkCapture(String name, int port, Path pcap, Process capture) {
    this.name = name;
    this.port = port;
    this.pcap = pcap;
    this.capture = capture;
  }

  static boolean installed() {
    return Tools.installed("tshark", "--version");
  }

  /** Starts capturing {@code port} for the test {@code name}; returns once the capture is live. */
  static TsharkCapture start(String name, int port) throws Exception {
    if (!installed()) {
      System.out.println(
          "[" + name + "] SKIPPED: tshark is not installed (apt-get install tshark)");
    }
    assumeTrue(installed(), "tshark is not installed");
    Path pcap = Files.createTempFile(name + "-", ".pcapng");
    Process capture =
        // -P -l: also print each packet's summary at once, so that the capture can be seen live
        new ProcessBuilder(
                "tshark", "-i", "lo", "-f", "tcp port " + port, "-w", pcap.toString(), "-P", "-l")
            .redirectErrorStream(true)
            .start();
    TsharkCapture c = new TsharkCapture(name, port, pcap, capture);
    CompletableFuture<Void> capturing = new CompletableFuture<>();
    CompletableFuture<Void> probed = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(capture.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  c.printed.add(line);
                  if (line.contains("Capturing on")) {
                    capturing.complete(null);
                  }
                  if (line.contains("\u2192 " + port + " ") || line.contains("> " + port + " ")) {
                    probed.complete(null); // a probe's SYN: the capture is live
                  }
                }
              } catch (IOException e) {
                capturing.completeExceptionally(e);
              }
            });
    reader.setDaemon(true);
    reader.start();
    boolean started;
    try {
      capturing.get(30, TimeUnit.SECONDS);
      started = true;
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      started = false;
    }
    if (!started) {
      c.close();
      System.out.println(
          "[" + name + "] SKIPPED: tshark cannot capture on lo here (needs root or CAP_NET_RAW)");
    }
    assumeTrue(started, "tshark cannot capture on lo");
    // "Capturing on" comes before the capture is live: probe the (still closed) port until a
    // probe is seen, so that the first message of the exchange is not missed.
    assertThat(Poll.until(() -> probe(port, probed), Duration.ofSeconds(30)))
        .as("the capture sees a probe")
        .isTrue();
    return c;
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

  /**
   * Stops capturing and returns {@code tshark -r <pcap> <options>}'s output. tshark, stopped, drops
   * the packets it has not processed yet (seen: a capture holding the port probes and none of the
   * exchange that followed them), so a last probe from a known source port is sent first, and the
   * capture stopped only once tshark has printed it: every packet before it is processed, and
   * written to the file. Decoding again (with other options) reads the same file.
   */
  String stopAndDecode(String... options) throws Exception {
    if (capture.isAlive()) { // a second decode of the same capture reads the file as it is
      int sentinel = probeFrom();
      assertThat(
              Poll.until(
                  () ->
                      printed.stream()
                          .anyMatch(
                              l ->
                                  l.contains(sentinel + " \u2192 " + port)
                                      || l.contains(sentinel + " > " + port)),
                  Duration.ofSeconds(30)))
          .as("tshark printed the last probe (source port %d)", sentinel)
          .isTrue();
    }
    close();
    List<String> cmd = new ArrayList<>(List.of("tshark", "-r", pcap.toString()));
    cmd.addAll(List.of(options));
    Process decode = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String text = new String(decode.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    decode.waitFor(60, TimeUnit.SECONDS);
    return text;
  }

  /** One connection attempt to the port from an ephemeral source port, returned. */
  private int probeFrom() {
    try (java.net.Socket s = new java.net.Socket()) {
      s.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
      int local = s.getLocalPort();
      try {
        s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 200);
      } catch (IOException refusedOrClosed) {
        // expected: the exchange is over and its server closed
      }
      return local;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The port captured. */
  int port() {
    return port;
  }

  @Override
  public void close() throws Exception {
    if (capture.isAlive()) {
      capture.destroy();
      capture.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Deletes the capture file. */
  void delete() throws IOException {
    Files.deleteIfExists(pcap);
  }

  @Override
  public String toString() {
    return name + " capture of port " + port;
  }
}
