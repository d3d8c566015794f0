package org.gbabsf.http.client;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.ub.BootstrappingInfoXml;
import org.gbabsf.http.client.UeAuthenticator.Step;

/**
 * A simulated GBA_ME UE running the whole Ub bootstrap of TS 24.109 §4.5.2 over a {@link UbClient}:
 * first request, 401, AKA (with resynchronisation when the USIM finds SQN stale), second request,
 * 200 with rspauth and BootstrappingInfo checked. Asynchronous; the stage never completes
 * exceptionally.
 */
public final class GbaUe {

  /** Resynchronisations tolerated in one bootstrap before giving up. */
  public static final int MAX_RESYNCS = 2;

  /** The outcome of one bootstrap attempt. */
  public sealed interface Result {

    /**
     * Bootstrapped. Ks is key material: not printed.
     *
     * @param btid the B-TID from the body
     * @param lifetime the key lifetime's end
     * @param ks Ks = CK ‖ IK as the UE derived it
     * @param rand RAND of the successful run
     * @param resyncs resynchronisations performed
     * @param firstChallengeNanos from sending the first request to receiving the first 401
     * @param totalNanos from sending the first request to receiving the 200
     */
    record Bootstrapped(
        String btid,
        Instant lifetime,
        byte[] ks,
        byte[] rand,
        int resyncs,
        long firstChallengeNanos,
        long totalNanos)
        implements Result {
      @Override
      public String toString() {
        return "Bootstrapped[lifetime "
            + lifetime
            + ", resyncs "
            + resyncs
            + ", B-TID and Ks hidden]";
      }
    }

    /**
     * Not bootstrapped.
     *
     * @param step where it failed: initial, answer, resync, challenge, transport
     * @param status the HTTP status seen, 0 if none
     * @param detail what went wrong (the BSF's text for 4xx/5xx)
     * @param firstChallengeNanos time to the first 401, or -1 if none came
     */
    record Failed(String step, int status, String detail, long firstChallengeNanos)
        implements Result {}
  }

  private final UbTransport client;
  private final UeAuthenticator ue;
  private final String realmHint;
  private final String uri;

  /** A UE talking to {@code client}; {@code realmHint} goes in the first request. */
  public GbaUe(UbTransport client, UeAuthenticator ue, String realmHint, String uri) {
    this.client = client;
    this.ue = ue;
    this.realmHint = realmHint;
    this.uri = uri;
  }

  /** The UE's authenticator. */
  public UeAuthenticator authenticator() {
    return ue;
  }

  /** Runs a bootstrap. */
  public CompletionStage<Result> bootstrap() {
    return bootstrap(false);
  }

  /**
   * Runs a bootstrap; with {@code corruptResponse} the UE sends a wrong digest response, as a
   * broken or malicious UE would, and a fresh 401 is the expected answer. A UE holding a TMPI
   * presents it; if the BSF refuses it with 403, the UE deletes it and starts again with its IMPI
   * (TS 33.220 §4.5.2).
   */
  public CompletionStage<Result> bootstrap(boolean corruptResponse) {
    long start = System.nanoTime();
    boolean underTmpi = ue.tmpi().isPresent();
    return send(ue.initialAuthorization(realmHint))
        .thenCompose(
            first -> {
              if (underTmpi && first.status() == 403) {
                ue.forgetTmpi();
                return send(ue.initialAuthorization(realmHint))
                    .thenCompose(
                        again ->
                            afterChallenge(
                                again, 0, start, System.nanoTime() - start, corruptResponse));
              }
              long firstLatency = System.nanoTime() - start;
              return afterChallenge(first, 0, start, firstLatency, corruptResponse);
            })
        .exceptionally(error -> new Result.Failed("transport", 0, rootMessage(error), -1));
  }

  /** Sends one Ub GET with the given Authorization. */
  public CompletionStage<UbClient.Response> send(String authorization) {
    return client.get(uri, Map.of("User-Agent", ue.userAgent(), "Authorization", authorization));
  }

  private CompletionStage<Result> afterChallenge(
      UbClient.Response response, int resyncs, long start, long firstLatency, boolean corrupt) {
    if (response.status() != 401) {
      return done(
          new Result.Failed(
              resyncs == 0 ? "initial" : "resync",
              response.status(),
              text(response),
              firstLatency));
    }
    Step step = ue.onChallenge(response.header("WWW-Authenticate"), "GET");
    if (step instanceof Step.Fail f) {
      return done(new Result.Failed("challenge", 401, f.reason(), firstLatency));
    }
    if (step instanceof Step.Resynchronise r) {
      if (resyncs >= MAX_RESYNCS) {
        return done(new Result.Failed("resync", 401, "too many resynchronisations", firstLatency));
      }
      return send(r.authorization())
          .thenCompose(next -> afterChallenge(next, resyncs + 1, start, firstLatency, corrupt));
    }
    Step.Respond answer = (Step.Respond) step;
    String authorization =
        corrupt
            ? UeAuthenticator.withWrongResponse(answer.authorization())
            : answer.authorization();
    return send(authorization)
        .thenApply(final200 -> finish(final200, answer, resyncs, start, firstLatency));
  }

  private Result finish(
      UbClient.Response response, Step.Respond answer, int resyncs, long start, long first) {
    if (response.status() != 200) {
      return new Result.Failed("answer", response.status(), text(response), first);
    }
    if (!BootstrappingInfoXml.CONTENT_TYPE.equals(response.header("Content-Type"))) {
      return new Result.Failed("answer", 200, "wrong Content-Type", first);
    }
    String problem =
        ue.checkAuthenticationInfo(
            response.header("Authentication-Info"), response.body(), answer.keys());
    if (problem != null) {
      return new Result.Failed("answer", 200, problem, first);
    }
    Optional<BootstrappingInfo> info = BootstrappingInfo.parse(response.body());
    if (info.isEmpty()) {
      return new Result.Failed("answer", 200, "BootstrappingInfo does not parse", first);
    }
    ue.onBootstrapped(
        info.get().btid(), answer.keys().ks(), answer.keys().rand(), response.header("Server"));
    return new Result.Bootstrapped(
        info.get().btid(),
        info.get().lifetime(),
        answer.keys().ks(),
        answer.keys().rand(),
        resyncs,
        first,
        System.nanoTime() - start);
  }

  private static String text(UbClient.Response response) {
    return new String(response.body(), StandardCharsets.UTF_8).strip();
  }

  private static String rootMessage(Throwable error) {
    Throwable t = error;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + ": " + t.getMessage();
  }

  private static CompletionStage<Result> done(Result r) {
    return CompletableFuture.completedFuture(r);
  }
}
