package org.gbabsf.naf.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.naf.UaDigest;

/**
 * A UE that writes raw bytes to the proxy at 127.0.0.1:{@code port}: each exchange on a new
 * connection; an authenticated request first fetches a nonce, then signs with the B-TID's key (qop
 * auth, counts increasing). Reads time out after 10 s.
 */
final class RawUe {

  static final String BTID = "QUJDREVGR0hJSktMTU5PUA==@bsf.home1.net";
  static final byte[] KEY = new byte[32];

  /** A key cache whose every B-TID has {@link #KEY}, for an hour, for sip:alice@home1.net. */
  static org.gbabsf.naf.KeyCache keys(java.time.Clock clock) {
    return new org.gbabsf.naf.KeyCache(
        (btid, naf, protocol) ->
            java.util.concurrent.CompletableFuture.completedFuture(
                new org.gbabsf.naf.KeyAnswer.Key(
                    KEY,
                    clock.instant().plus(java.time.Duration.ofHours(1)),
                    java.util.List.of("sip:alice@home1.net"))),
        100,
        clock);
  }

  /** An answer as read: status, head, and the body by its Content-Length. */
  record Response(int status, String head, String body) {}

  private final int port;
  private int nc;

  RawUe(int port) {
    this.port = port;
  }

  /**
   * {@code method uri} to {@code host} with a verified digest, {@code headers} and {@code body}.
   */
  Response authenticated(String host, String method, String uri, String headers, String body)
      throws IOException {
    return authenticated(host, method, uri, headers, body, "HTTP/1.1", true);
  }

  /**
   * As above; {@code version} on the request line; {@code length} false to leave the framing of
   * {@code body} to {@code headers}.
   */
  Response authenticated(
      String host,
      String method,
      String uri,
      String headers,
      String body,
      String version,
      boolean length)
      throws IOException {
    return exchange(signed(host, method, uri, headers, body, version, length));
  }

  /** The bytes of such a request. */
  String signed(
      String host,
      String method,
      String uri,
      String headers,
      String body,
      String version,
      boolean length)
      throws IOException {
    Response challenge =
        exchange("GET " + uri + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    Matcher m = Pattern.compile("nonce=\"([^\"]+)\"").matcher(challenge.head());
    assertThat(m.find()).as("a challenge: " + challenge.head()).isTrue();
    String nonce = m.group(1);
    String count = String.format("%08x", ++nc);
    String realm = UaDigest.realm(host);
    String ha1 = DigestAka.ha1(BTID, realm, java.util.Base64.getEncoder().encode(KEY));
    String response = DigestAka.response(ha1, nonce, count, "c1", "auth", method, uri, null);
    String authorization =
        String.format(
            "Digest username=\"%s\", realm=\"%s\", nonce=\"%s\", uri=\"%s\", qop=auth, nc=%s,"
                + " cnonce=\"c1\", response=\"%s\"",
            BTID, realm, nonce, uri, count, response);
    return method
        + " "
        + uri
        + " "
        + version
        + "\r\nHost: "
        + host
        + "\r\nAuthorization: "
        + authorization
        + "\r\n"
        + headers
        + (length && !body.isEmpty() ? "Content-Length: " + body.length() + "\r\n" : "")
        + "\r\n"
        + body;
  }

  /** Writes {@code raw} on a new connection and reads one answer. */
  Response exchange(String raw) throws IOException {
    return exchange(raw, 1).get(0);
  }

  /** Writes {@code raw} on a new connection and reads {@code answers} answers, in order. */
  java.util.List<Response> exchange(String raw, int answers) throws IOException {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write(raw.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().flush();
      InputStream in = s.getInputStream();
      java.util.List<Response> read = new java.util.ArrayList<>();
      for (int i = 0; i < answers; i++) {
        read.add(read(in));
      }
      return read;
    }
  }

  private static Response read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("closed after " + head);
      }
      head.write(c);
      state = (c == '\r' && state % 2 == 0) || (c == '\n' && state % 2 == 1) ? state + 1 : 0;
    }
    String h = head.toString(StandardCharsets.ISO_8859_1);
    Matcher length = Pattern.compile("(?i)content-length: *(\\d+)").matcher(h);
    byte[] body = length.find() ? in.readNBytes(Integer.parseInt(length.group(1))) : new byte[0];
    return new Response(
        Integer.parseInt(h.substring(9, 12)), h, new String(body, StandardCharsets.ISO_8859_1));
  }
}
