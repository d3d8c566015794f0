package org.gbabsf.sba.nrf;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.gbabsf.core.time.Backoff;
import org.gbabsf.sba.oauth.TokenSource;

/**
 * Access tokens from the NRF for the BSF's outgoing calls (TS 33.501 §13.4.1.1, TS 29.510
 * §5.4.2.2), as a {@link TokenSource}: one token is fetched, kept and given to every call until
 * shortly before it expires. From {@code refreshAt} (a fifth of its lifetime before expiry, 60 s at
 * most) a new one is fetched in the background while the old one is still given; past {@code
 * usableUntil} (a tenth of its lifetime before expiry, 5 s at most) callers wait for the new one.
 * One fetch is in flight at a time, whatever the number of callers. A failed fetch gives callers no
 * token (their calls go without) and is not retried before a backoff (1 s, doubling up to 30 s) has
 * passed. Thread-safe; never blocks.
 */
public final class NrfTokens implements TokenSource {

  /** The first backoff after a failed fetch; it doubles up to {@link #MAX_BACKOFF}. */
  static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);

  /** The longest backoff. */
  static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  private final NrfClient nrf;
  private final AccessTokenCodec.TokenRequest request;
  private final Clock clock;
  private final AtomicReference<CompletableFuture<Optional<String>>> inFlight =
      new AtomicReference<>();
  private volatile Cached cached;
  private volatile Instant failedUntil = Instant.MIN;
  private final Backoff backoff = new Backoff(FIRST_BACKOFF, MAX_BACKOFF);

  /** A token held, and when to refresh it. The token is key material: never logged. */
  private record Cached(String token, Instant refreshAt, Instant usableUntil) {
    @Override
    public String toString() {
      return "Cached[refresh at " + refreshAt + ", usable until " + usableUntil + "]";
    }
  }

  /** Tokens of {@code request} from {@code nrf}, their expiry told by {@code clock}. */
  public NrfTokens(NrfClient nrf, AccessTokenCodec.TokenRequest request, Clock clock) {
    this.nrf = nrf;
    this.request = request;
    this.clock = clock;
  }

  @Override
  public CompletableFuture<Optional<String>> token() {
    Instant now = clock.instant();
    Cached c = cached;
    if (c != null && now.isBefore(c.refreshAt())) {
      return CompletableFuture.completedFuture(Optional.of(c.token()));
    }
    boolean usable = c != null && now.isBefore(c.usableUntil());
    if (now.isBefore(failedUntil)) {
      return CompletableFuture.completedFuture(usable ? Optional.of(c.token()) : Optional.empty());
    }
    CompletableFuture<Optional<String>> fetch = fetch();
    if (usable) {
      return CompletableFuture.completedFuture(Optional.of(c.token()));
    }
    // Each caller gets its own future: one that gives up waiting does not end the fetch for others.
    return fetch.thenApply(t -> t);
  }

  /** The fetch in flight, or a new one. */
  private CompletableFuture<Optional<String>> fetch() {
    CompletableFuture<Optional<String>> mine = new CompletableFuture<>();
    CompletableFuture<Optional<String>> running = inFlight.compareAndExchange(null, mine);
    if (running != null) {
      return running;
    }
    Instant asked = clock.instant();
    CompletableFuture<NrfOutcome<AccessTokenCodec.IssuedToken>> answer;
    try {
      answer = nrf.token(request);
    } catch (RuntimeException e) {
      answer = CompletableFuture.failedFuture(e);
    }
    // whenComplete, not thenAccept: a failed stage must clear inFlight too, or every later
    // caller would wait on a fetch that never ends.
    answer.whenComplete(
        (o, error) -> {
          Optional<String> token = Optional.empty();
          try {
            if (error == null && o instanceof NrfOutcome.Ok<AccessTokenCodec.IssuedToken> ok) {
              cached = cache(ok.value(), asked);
              token = Optional.of(ok.value().token());
              synchronized (this) {
                backoff.reset();
              }
            } else {
              backOff();
            }
          } catch (RuntimeException e) {
            token = Optional.empty();
            backOff();
          } finally {
            inFlight.set(null);
            mine.complete(token);
          }
        });
    return mine;
  }

  private synchronized void backOff() {
    failedUntil = clock.instant().plus(backoff.next());
  }

  private static Cached cache(AccessTokenCodec.IssuedToken t, Instant asked) {
    Duration life = t.lifetime();
    Instant expires = asked.plus(life);
    Duration early = min(life.dividedBy(5), Duration.ofSeconds(60));
    Duration margin = min(life.dividedBy(10), Duration.ofSeconds(5));
    return new Cached(t.token(), expires.minus(early), expires.minus(margin));
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  @Override
  public String toString() {
    return "NrfTokens[" + request.targetNfType() + " " + request.scope() + ", " + cached + "]";
  }
}
