package org.gbabsf.demo;

import com.sun.net.httpserver.HttpServer;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpMethod;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UaSession;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.NafProxyContext;
import org.gbabsf.server.config.ConfigLoader;

/**
 * The demo's last step, the NAF side: a small in-process XCAP server behind the GBA authentication
 * proxy ({@code bsf naf-proxy}), which fetches the UE's key from the BSF over Zn; the UE reads its
 * simservs document through the proxy with GBA Digest (TS 24.109 §5.2), and the XCAP server shows
 * the identity the proxy asserted.
 */
final class XcapDemo {

  static final String NAF = "xcap.home1.net";
  private static final String DOC = "/xcap-root/simservs/users/%s/simservs.xml";

  private final BsfContext bsf;
  private final PrintWriter out;

  XcapDemo(BsfContext bsf, PrintWriter out) {
    this.bsf = bsf;
    this.out = out;
  }

  /** Runs the step for {@code ue} (bootstrapped as {@code impi}); true if it passed. */
  boolean run(EventLoopGroup group, GbaUe.Result.Bootstrapped ue, String impi)
      throws IOException, InterruptedException {
    AtomicReference<String> asserted = new AtomicReference<>("(none)");
    HttpServer xcap = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    xcap.createContext(
        "/",
        exchange -> {
          asserted.set(exchange.getRequestHeaders().getFirst("X-3GPP-Asserted-Identity"));
          byte[] body =
              "<simservs xmlns=\"http://uri.etsi.org/ngn/params/xml/simservs/xcap\"/>"
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "application/simservs+xml");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    xcap.start();
    Map<String, String> s = new HashMap<>();
    s.put("naf-proxy.routes", NAF + "=http://127.0.0.1:" + xcap.getAddress().getPort());
    s.put("naf-proxy.listen-address", "127.0.0.1");
    s.put("naf-proxy.port", "0");
    s.put("admin.port", "0");
    s.put("naf-proxy.origin-host", NAF);
    s.put("naf-proxy.origin-realm", bsf.config().diameter().originRealm());
    s.put("naf-proxy.diameter-port", Integer.toString(Loopback.freePort()));
    s.put(
        "naf-proxy.bsf-peer",
        bsf.config().diameter().originHost()
            + "=127.0.0.1:"
            + bsf.config().diameter().listenPort());
    s.put("naf-proxy.bsf-realm", bsf.config().diameter().originRealm());
    try (NafProxyContext proxy = NafProxyContext.create(ConfigLoader.load(null, Map.of(), s))) {
      InetSocketAddress ua = proxy.start();
      Loopback.await(proxy::connectedToBsf, java.time.Duration.ofSeconds(20));
      String doc = String.format(DOC, "sip:" + impi);
      UaSession session = UaSession.of(ue.btid(), ue.ks(), ue.rand(), impi, NAF);
      try (UbClient client = new UbClient(group, ua)) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Host", NAF);
        headers.put("User-Agent", "gba-bsf-demo-ue 3gpp-gba");
        UbClient.Response challenge = await(client.send(HttpMethod.GET, doc, headers, new byte[0]));
        boolean gbaRealm =
            challenge.status() == 401 && session.onChallenge(challenge.header("WWW-Authenticate"));
        headers.put("Authorization", session.authorization("GET", doc, new byte[0], "auth"));
        UbClient.Response ok = await(client.send(HttpMethod.GET, doc, headers, new byte[0]));
        String problem = session.onAuthenticationInfo(ok.header("Authentication-Info"), ok.body());
        boolean pass = gbaRealm && ok.status() == 200 && problem == null;
        out.printf(
            "%s  UE %s read %s through the NAF proxy (Ua, Digest with its GBA key): 401 then %d,"
                + " rspauth %s; the XCAP server saw X-3GPP-Asserted-Identity: %s%n",
            pass ? "PASS" : "FAIL",
            impi,
            doc,
            ok.status(),
            problem == null ? "verified" : problem,
            asserted.get());
        return pass;
      }
    } finally {
      xcap.stop(0);
    }
  }

  private static <T> T await(java.util.concurrent.CompletionStage<T> stage)
      throws InterruptedException {
    try {
      return stage.toCompletableFuture().get(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("demo step did not complete: " + e, e);
    }
  }
}
