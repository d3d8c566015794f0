package org.gbabsf.sba.hss;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.oauth.TokenSource;

/**
 * The access token of one attempt at an HSS/UDM instance, and the time the attempt has left once it
 * is there: a token being fetched from the NRF counts against the attempt, never beyond it.
 *
 * @param token the token, if there is one (key material: never logged)
 * @param left the time the attempt's calls may still take
 */
public record Bearer(Optional<String> token, Duration left) {

  /** An attempt with less time than this left once the token is there is not made. */
  static final Duration MIN_LEFT = Duration.ofMillis(5);

  /** {@code call} with {@code Authorization: Bearer} when there is a token. */
  public SbiCall on(SbiCall call) {
    return token.map(t -> call.withHeader("authorization", "Bearer " + t)).orElse(call);
  }

  /**
   * Takes a token from {@code tokens} within {@code timeout}, then makes the attempt's calls with
   * it and the time left. With no token the calls go without one; with no answer from the token
   * source in time, or too little time left, the request ends as unavailable: this is no fault of
   * the instance, so it is not avoided.
   */
  public static CompletionStage<Step> then(
      TokenSource tokens, Duration timeout, Function<Bearer, CompletionStage<Step>> calls) {
    long start = System.nanoTime();
    CompletableFuture<Optional<String>> token = tokens.token();
    if (!token.isDone()) {
      // The caller's own future (TokenSource): timing it out leaves the fetch running for others.
      token = token.orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }
    return token
        .handle(
            (t, failure) -> {
              Duration left = timeout.minusNanos(System.nanoTime() - start);
              if (failure != null || t == null || left.compareTo(MIN_LEFT) < 0) {
                return CompletableFuture.<Step>completedFuture(
                    new Step.Answer(
                        new HssAnswer.Unavailable(
                            "no access token from the NRF within the attempt's time")));
              }
              return calls.apply(new Bearer(t, left));
            })
        .thenCompose(s -> s);
  }

  @Override
  public String toString() {
    return "Bearer[" + (token.isPresent() ? "token" : "none") + ", " + left.toMillis() + " ms]";
  }
}
