package org.gbabsf.loadtest;

import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UaSession;
import org.gbabsf.http.client.UbClient;

/**
 * One bootstrapped UE's GETs of a document through the NAF authentication proxy (Ua, TS 24.109
 * §5.2): the first request goes without credentials and must be answered 401 with a GBA realm; the
 * UE answers with HTTP Digest, username the B-TID and password base64(Ks_ext_NAF) (over https://,
 * the key of the agreed cipher suite, TS 33.222 §5.3). Every 200 must carry an rspauth that
 * verifies, and its nextnonce lets the next request authenticate at once. One request at a time.
 */
final class UaFetch {

  /**
   * One request's outcome.
   *
   * @param status the final HTTP status, 0 if none came
   * @param challenged true if the request took a 401 first
   * @param body the final answer's body
   * @param problem null if the request succeeded (200 and rspauth verified), else a short kind of
   *     failure, fit to be counted by
   * @param detail more about the problem, or empty
   */
  record Result(int status, boolean challenged, byte[] body, String problem, String detail) {}

  private final UbClient client;
  private final NafTarget target;
  private final GbaUe.Result.Bootstrapped bootstrap;
  private final String impi;
  private UaSession session;

  UaFetch(UbClient client, NafTarget target, GbaUe.Result.Bootstrapped bootstrap, String impi) {
    this.client = client;
    this.target = target;
    this.bootstrap = bootstrap;
    this.impi = impi;
  }

  /** GETs the document: challenged first unless a nonce is in hand. */
  CompletionStage<Result> get() {
    CompletionStage<Result> result;
    if (session != null && session.ready()) {
      result = authenticated(false);
    } else {
      result =
          send(null)
              .thenCompose(
                  challenge -> {
                    if (challenge.status() != 401) {
                      return done(
                          challenge,
                          false,
                          "challenge answered " + challenge.status(),
                          text(challenge));
                    }
                    if (session == null) {
                      session = newSession();
                    }
                    if (!session.onChallenge(challenge.header("WWW-Authenticate"))) {
                      return done(
                          challenge,
                          false,
                          "challenge not GBA Digest",
                          String.valueOf(challenge.header("WWW-Authenticate")));
                    }
                    return authenticated(true);
                  });
    }
    return result.exceptionally(
        e -> new Result(0, false, new byte[0], rootName(e), String.valueOf(e.getMessage())));
  }

  private CompletionStage<Result> authenticated(boolean challenged) {
    String authorization = session.authorization("GET", target.uri(), new byte[0], "auth");
    return send(authorization)
        .thenApply(
            r -> {
              if (r.status() == 401) {
                // The key or the nonce was not accepted; a fresh challenge serves the next request.
                String challenge = r.header("WWW-Authenticate");
                session.onChallenge(challenge);
                return new Result(
                    401,
                    challenged,
                    r.body(),
                    challenged ? "401 to the Digest answer" : "401 despite nextnonce",
                    String.valueOf(challenge));
              }
              if (r.status() != 200) {
                return new Result(r.status(), challenged, r.body(), "HTTP " + r.status(), text(r));
              }
              String rspauth =
                  session.onAuthenticationInfo(r.header("Authentication-Info"), r.body());
              return new Result(200, challenged, r.body(), rspauth, rspauth == null ? "" : rspauth);
            });
  }

  private UaSession newSession() {
    String suite = target.tls().isPresent() ? client.cipherSuite().orElse(null) : null;
    if (suite != null) {
      return UaSession.overTls(
          bootstrap.btid(), bootstrap.ks(), bootstrap.rand(), impi, target.host(), suite);
    }
    return UaSession.of(bootstrap.btid(), bootstrap.ks(), bootstrap.rand(), impi, target.host());
  }

  private CompletionStage<UbClient.Response> send(String authorization) {
    Map<String, String> headers = new HashMap<>();
    headers.put("Host", target.hostHeader());
    headers.put("User-Agent", "gba-bsf-loadtest 3gpp-gba");
    if (authorization != null) {
      headers.put("Authorization", authorization);
    }
    return client.send(HttpMethod.GET, target.uri(), headers, new byte[0]);
  }

  private static CompletionStage<Result> done(
      UbClient.Response r, boolean challenged, String problem, String detail) {
    return CompletableFuture.completedFuture(
        new Result(r.status(), challenged, r.body(), problem, detail));
  }

  private static String text(UbClient.Response r) {
    String body = new String(r.body(), StandardCharsets.UTF_8).strip();
    return body.length() > 200 ? body.substring(0, 200) + "…" : body;
  }

  static String rootName(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) {
      c = c.getCause();
    }
    return c.getClass().getSimpleName();
  }
}
