package org.gbabsf.naf.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gbabsf.naf.KeyCache;
import org.gbabsf.naf.NafProxyMetrics;
import org.gbabsf.naf.NafProxyServer;
import org.gbabsf.naf.NonceBook;
import org.gbabsf.naf.Routes;
import org.gbabsf.naf.UaAuthenticator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request smuggling tested as the desync research does: the same requests, framing tricks among
 * them, go through the proxy to two application servers with different HTTP parsers, Netty's and
 * Python's http.server (which reads bodies by Content-Length only). Both must see the same
 * requests: the same method, target, asserted identity and body, and no request the UE slipped in
 * behind another. Needs python3 (.ci/run installs it).
 */
class ProxyDesyncIT {

  /** What an application server read of one request. */
  record Seen(
      String method, String target, List<String> names, List<String> asserted, String body) {
    /** What both parsers must agree on. */
    String essence() {
      return method
          + " "
          + target
          + " "
          + asserted
          + " te="
          + names.contains("transfer-encoding")
          + " body="
          + body;
    }
  }

  private static final String NETTY_HOST = "xcap.home1.net";
  private static final String PYTHON_HOST = "xcap2.home1.net";

  @TempDir static Path dir;
  private static NettyRecorder netty;
  private static Process python;
  private static final List<Seen> pythonSeen = new CopyOnWriteArrayList<>();
  private static NafProxyServer proxy;
  private static RawUe ue;

  @BeforeAll
  static void start() throws Exception {
    netty = new NettyRecorder();
    Path script = dir.resolve("desync_upstream.py");
    try (var in = ProxyDesyncIT.class.getResourceAsStream("/desync_upstream.py")) {
      Files.copy(in, script);
    }
    python = new ProcessBuilder("python3", script.toString(), "120").start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(python.getInputStream(), StandardCharsets.UTF_8));
    String first = out.readLine();
    assertThat(first).as("the Python upstream's first line").startsWith("PORT ");
    int pythonPort = Integer.parseInt(first.substring(5).strip());
    Thread reader =
        new Thread(
            () -> {
              try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                  String[] f = line.split(" ", -1);
                  String asserted = text(f[3]);
                  pythonSeen.add(
                      new Seen(
                          text(f[0]),
                          text(f[1]),
                          List.of(text(f[2]).split(",")),
                          asserted.isEmpty() ? List.of() : List.of(asserted.split("\n")),
                          text(f[4])));
                }
              } catch (IOException ended) {
                // the process ended
              }
            },
            "python-upstream-reader");
    reader.setDaemon(true);
    reader.start();

    Clock clock = Clock.systemUTC();
    NonceBook nonces = new NonceBook(Duration.ofMinutes(5), 100, clock);
    KeyCache keys = RawUe.keys(clock);
    proxy =
        new NafProxyServer(
            new NafProxyServer.Settings(
                "127.0.0.1", 0, 1, 64 * 1024, Duration.ofSeconds(30), Duration.ofSeconds(5)),
            new UaAuthenticator(keys, nonces, clock),
            Routes.parse(
                NETTY_HOST
                    + "=http://127.0.0.1:"
                    + netty.port()
                    + ","
                    + PYTHON_HOST
                    + "=http://127.0.0.1:"
                    + pythonPort),
            new NafProxyMetrics(new SimpleMeterRegistry(), keys, nonces),
            Optional.empty(),
            Duration.ofSeconds(2),
            Duration.ofSeconds(5),
            1);
    ue = new RawUe(proxy.start().getPort());
  }

  @AfterAll
  static void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (python != null) {
      python.getOutputStream().close(); // it stops when its input closes
      python.destroy();
      python.waitFor();
    }
    if (netty != null) {
      netty.close();
    }
  }

  /** The framings of the desync research, each with a request hidden in what follows the body. */
  private static final String SMUGGLED = "GET /admin HTTP/1.1\r\nHost: x\r\n\r\n";

  private static final List<String[]> VARIANTS =
      List.of(
          new String[] {"", "a=1"},
          new String[] {"Transfer-Encoding: chunked\r\n", "3\r\na=1\r\n0\r\n\r\n" + SMUGGLED},
          new String[] {
            "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n",
            "3\r\na=1\r\n0\r\n\r\n" + SMUGGLED
          },
          new String[] {"Content-Length: 3\r\n", "a=1" + SMUGGLED},
          new String[] {"Content-Length: 3\r\nContent-Length: 40\r\n", "a=1" + SMUGGLED},
          new String[] {"Transfer-Encoding: xchunked\r\n", "3\r\na=1\r\n0\r\n\r\n"},
          new String[] {"Transfer-Encoding : chunked\r\n", "3\r\na=1\r\n0\r\n\r\n"},
          new String[] {
            "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n", "0\r\n\r\n"
          },
          new String[] {"Content-Length: +3\r\n", "a=1"},
          new String[] {"Transfer-Encoding:\tchunked\r\n", "3\r\na=1\r\n0\r\n\r\n" + SMUGGLED});

  @Test
  void should_make_both_parsers_see_the_same_requests_when_framing_tricks_go_through_the_proxy()
      throws Exception {
    List<Integer> nettyStatus = new ArrayList<>();
    List<Integer> pythonStatus = new ArrayList<>();
    for (String[] v : VARIANTS) {
      nettyStatus.add(send(NETTY_HOST, v));
      pythonStatus.add(send(PYTHON_HOST, v));
    }
    // one more, so that whatever reached either upstream before has been read there
    nettyStatus.add(send(NETTY_HOST, new String[] {"", "end"}));
    pythonStatus.add(send(PYTHON_HOST, new String[] {"", "end"}));

    assertThat(nettyStatus).as("the proxy answers alike for both").isEqualTo(pythonStatus);
    assertThat(nettyStatus).as("some forwarded, some refused").contains(200, 400);
    assertThat(netty.seen).extracting(Seen::body).contains("a=1", "end");
    assertThat(pythonSeen.stream().map(Seen::essence).toList())
        .as("Python's parser saw what Netty's saw")
        .isEqualTo(netty.seen.stream().map(Seen::essence).toList());
    assertThat(netty.seen)
        .as("no request the UE slipped in reached an upstream")
        .noneMatch(s -> s.target().contains("admin"))
        .allSatisfy(s -> assertThat(s.asserted()).containsExactly("\"sip:alice@home1.net\""))
        .allSatisfy(s -> assertThat(s.names()).doesNotContain("transfer-encoding"));
  }

  private static String text(String hex) {
    return new String(java.util.HexFormat.of().parseHex(hex), StandardCharsets.ISO_8859_1);
  }

  private static int send(String host, String[] variant) throws IOException {
    String raw =
        ue.signed(host, "POST", "/doc", variant[0], variant[1], "HTTP/1.1", variant[0].isEmpty());
    return ue.exchange(raw).status();
  }
}
