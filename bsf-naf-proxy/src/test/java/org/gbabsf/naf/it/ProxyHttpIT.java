package org.gbabsf.naf.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.gbabsf.naf.KeyCache;
import org.gbabsf.naf.NafProxyMetrics;
import org.gbabsf.naf.NafProxyServer;
import org.gbabsf.naf.NonceBook;
import org.gbabsf.naf.Routes;
import org.gbabsf.naf.UaAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy speaks HTTP to the letter (issue #29, items 2 and 3), over real sockets: raw bytes from
 * the UE, and an application server that writes exactly the bytes of each attack. One upstream
 * connection, so that every later request reuses the connection an attack left behind: no answer
 * may reach the wrong user.
 */
class ProxyHttpIT {

  private static final String HOST = "xcap.home1.net";
  private static final byte[] KEY = RawUe.KEY;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private RawUpstream upstream;
  private NafProxyServer proxy;
  private int port;
  private RawUe ue;

  @BeforeEach
  void start() throws Exception {
    upstream = new RawUpstream();
    proxy = proxy(false);
    port = proxy.start().getPort();
    ue = new RawUe(port);
  }

  private NafProxyServer proxy(boolean appendForwardedFor) {
    Clock clock = Clock.systemUTC();
    NonceBook nonces = new NonceBook(Duration.ofMinutes(5), 100, clock);
    KeyCache keys = RawUe.keys(clock);
    return new NafProxyServer(
        new NafProxyServer.Settings(
            "127.0.0.1",
            0,
            1,
            64 * 1024,
            Duration.ofSeconds(30),
            Duration.ofSeconds(5),
            appendForwardedFor),
        new UaAuthenticator(keys, nonces, clock),
        Routes.parse(HOST + "=http://127.0.0.1:" + upstream.port()),
        new NafProxyMetrics(registry, keys, nonces),
        Optional.empty(),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5),
        1);
  }

  @AfterEach
  void stop() throws IOException {
    proxy.close();
    upstream.close();
  }

  @Test
  void should_give_each_ue_its_own_final_answer_when_the_upstream_sends_103_first()
      throws Exception {
    upstream.then(
        "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\ndoc-A");
    upstream.then("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\ndoc-B");

    RawUe.Response first = authenticated("GET", "/doc-a", "", "");
    RawUe.Response second = authenticated("GET", "/doc-b", "", "");

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.body()).isEqualTo("doc-A");
    assertThat(second.status()).isEqualTo(200);
    assertThat(second.body()).as("not the first UE's document").isEqualTo("doc-B");
  }

  @Test
  void should_never_forward_expect_nor_take_100_as_the_answer_when_a_ue_expects_continue()
      throws Exception {
    // An upstream that sends 100 Continue whether asked or not, then its answer.
    upstream.then(
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nfirst-doc.");
    upstream.then("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nsecond-doc");

    RawUe.Response first =
        authenticated("PUT", "/doc-1", "Expect: 100-continue\r\n", "hello", "HTTP/1.0");
    RawUe.Response second = authenticated("GET", "/doc-2", "", "");

    assertThat(first.body()).isEqualTo("first-doc.");
    assertThat(second.body()).as("not the first UE's document").isEqualTo("second-doc");
    assertThat(upstream.received).hasSize(2);
    assertThat(upstream.received.get(0).names()).doesNotContain("expect");
    assertThat(upstream.received.get(0).body()).isEqualTo("hello");
  }

  @Test
  void should_answer_pipelined_requests_in_their_order_when_the_first_waits_for_the_upstream()
      throws Exception {
    upstream.then("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\ndoc-A");
    String first = ue.signed(HOST, "GET", "/doc-a", "", "", "HTTP/1.1", true);
    String second = "GET /nowhere HTTP/1.1\r\nHost: unknown.example\r\n\r\n";

    List<RawUe.Response> answers = ue.exchange(first + second, 2);

    assertThat(answers.get(0).status()).as("the first request's answer first").isEqualTo(200);
    assertThat(answers.get(0).body()).isEqualTo("doc-A");
    assertThat(answers.get(1).status()).isEqualTo(404);
  }

  @Test
  void should_close_the_connection_and_answer_502_when_the_upstream_switches_protocols()
      throws Exception {
    upstream.then("HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n");
    upstream.then("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\ndoc-B");

    assertThat(authenticated("GET", "/a", "", "").status()).isEqualTo(502);
    assertThat(authenticated("GET", "/b", "", "").body()).isEqualTo("doc-B");
  }

  @Test
  void should_refuse_ambiguous_framing_before_any_upstream_contact_when_a_ue_sends_it()
      throws Exception {
    String both =
        "POST /x HTTP/1.1\r\nHost: "
            + HOST
            + "\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n";
    String unknownCoding =
        "POST /x HTTP/1.1\r\nHost: "
            + HOST
            + "\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n";
    String smuggle =
        "POST /x HTTP/1.1\r\nHost: "
            + HOST
            + "\r\nTransfer-Encoding: gzip, chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n";
    String twoLengths =
        "POST /x HTTP/1.1\r\nHost: "
            + HOST
            + "\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!";

    assertThat(exchange(both).status()).isEqualTo(400);
    assertThat(exchange(unknownCoding).status()).isEqualTo(501);
    assertThat(exchange(smuggle).status()).isEqualTo(400);
    assertThat(exchange(twoLengths).status()).isEqualTo(400);
    assertThat(upstream.received).isEmpty();
  }

  @Test
  void should_pass_on_no_hop_by_hop_field_nor_any_3gpp_look_alike_when_a_ue_sends_them()
      throws Exception {
    upstream.then("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: X-Up\r\nX-Up: 1\r\n\r\nok");

    RawUe.Response r =
        authenticated(
            "GET",
            "/doc",
            "Connection: keep-alive, X-Secret\r\nX-Secret: s\r\nKeep-Alive: timeout=5\r\n"
                + "TE: trailers\r\nUpgrade: websocket\r\nProxy-Authorization: Basic eDp5\r\n"
                + "Proxy-Connection: keep-alive\r\nX-3GPP-Asserted_Identity: \"sip:evil@x\"\r\n"
                + "x-3gpp-asserted-identity: \"sip:evil2@x\"\r\nX_3GPP_Intended_Identity: x\r\n"
                + "X-Forwarded-For: 198.51.100.66\r\nForwarded: for=198.51.100.66\r\n"
                + "X-Forwarded-Host: evil.example\r\n",
            "");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.head().toLowerCase(Locale.ROOT)).doesNotContain("x-up:");
    RawUpstream.Received seen = upstream.received.get(0);
    assertThat(seen.names())
        .doesNotContain(
            "x-secret",
            "keep-alive",
            "te",
            "upgrade",
            "proxy-authorization",
            "proxy-connection",
            "forwarded",
            "x-forwarded-host",
            "x-3gpp-asserted_identity",
            "x_3gpp_intended_identity",
            "authorization");
    assertThat(seen.header("x-3gpp-asserted-identity")).containsExactly("\"sip:alice@home1.net\"");
    assertThat(seen.header("x-forwarded-for")).containsExactly("127.0.0.1");
  }

  @Test
  void should_append_the_ue_address_to_its_forwarded_for_when_so_configured() throws Exception {
    proxy.close();
    proxy = proxy(true);
    port = proxy.start().getPort();
    ue = new RawUe(port);
    upstream.then("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");

    authenticated("GET", "/doc", "X-Forwarded-For: 192.0.2.7\r\n", "");

    assertThat(upstream.received.get(0).header("x-forwarded-for"))
        .containsExactly("192.0.2.7", "127.0.0.1");
  }

  private RawUe.Response authenticated(String method, String uri, String headers, String body)
      throws IOException {
    return ue.authenticated(HOST, method, uri, headers, body);
  }

  private RawUe.Response authenticated(
      String method, String uri, String headers, String body, String version) throws IOException {
    return ue.authenticated(HOST, method, uri, headers, body, version, true);
  }

  private RawUe.Response exchange(String raw) throws IOException {
    return ue.exchange(raw);
  }
}
