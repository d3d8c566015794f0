package org.gbabsf.core.ub;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.ub.UbOutcome.Bootstrapped;
import org.gbabsf.core.ub.UbOutcome.Challenge;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Ub bootstrapping procedure of TS 33.220 §4.5.2 over HTTP Digest AKA (TS 24.109 §4.5.2, RFC
 * 3310), asynchronous end to end.
 *
 * <ol>
 *   <li>A first request (empty nonce) fetches a vector and GUSS from the HSS, stores them keyed by
 *       RAND and answers a {@link Challenge} with nonce = base64(RAND ‖ AUTN).
 *   <li>The answer takes the pending challenge once (so a nonce is single-use), checks the digest
 *       with password = XRES, stores the session with Ks = CK ‖ IK and answers {@link
 *       Bootstrapped}.
 *   <li>An answer with {@code auts} is checked with the empty password (RFC 3310 §3.4), then the
 *       HSS resynchronises and a fresh challenge goes out.
 * </ol>
 *
 * Every outcome, including failures of the HSS and the stores, is a {@link UbOutcome} value: the
 * returned stage never completes exceptionally.
 */
public final class BootstrappingService {

  private static final Logger log = LoggerFactory.getLogger(BootstrappingService.class);
  private static final byte[] EMPTY_PASSWORD = new byte[0];
  private static final int NONCE_OCTETS = 32;
  private static final int AUTS_OCTETS = 14;

  private final HssClient hss;
  private final ChallengeStore challenges;
  private final SessionStore sessions;
  private final UbPolicy policy;
  private final Clock clock;
  private final FailureTracker failures;
  private final String opaque;

  /** Wires the use case to its ports. */
  public BootstrappingService(
      HssClient hss,
      ChallengeStore challenges,
      SessionStore sessions,
      UbPolicy policy,
      Clock clock) {
    this.hss = hss;
    this.challenges = challenges;
    this.sessions = sessions;
    this.policy = policy;
    this.clock = clock;
    this.failures = new FailureTracker(clock, policy.failureWindow());
    // RFC 2617 §3.2.1: opaque is returned unchanged by the client. It carries no state here.
    this.opaque = DigestAka.md5Hex(("gba-bsf:" + policy.realm()).getBytes(StandardCharsets.UTF_8));
  }

  /** The policy in force. */
  public UbPolicy policy() {
    return policy;
  }

  /** Handles one Ub request; the stage always completes normally with an outcome. */
  public CompletionStage<UbOutcome> handle(UbRequest request) {
    DigestCredentials credentials = request.credentials();
    if (credentials == null || credentials.username() == null) {
      return done(
          new Rejected(
              RejectReason.MISSING_IDENTITY,
              "Authorization: Digest username=\"<IMPI>\" is required"));
    }
    if (!Impi.isValid(credentials.username())) {
      return done(new Rejected(RejectReason.MALFORMED_REQUEST, "username is not a valid IMPI"));
    }
    Impi impi = new Impi(credentials.username());
    if (!sessions.accepting()) {
      return done(new Rejected(RejectReason.STORE_UNAVAILABLE, "session store not connected"));
    }
    if (credentials.isInitial()) {
      return challenge(impi, ChallengeCause.INITIAL);
    }
    return answer(request, impi);
  }

  // ---- first request and fresh challenges ----------------------------------------------------

  private CompletionStage<UbOutcome> challenge(Impi impi, ChallengeCause cause) {
    return askHss(() -> hss.fetchVector(impi))
        .thenCompose(answer -> issueChallenge(impi, answer, cause));
  }

  private CompletionStage<HssAnswer> askHss(Supplier<CompletionStage<HssAnswer>> call) {
    return within(call, policy.hssTimeout())
        .handle(
            (answer, error) -> {
              if (error == null) {
                return answer;
              }
              Throwable cause = unwrap(error);
              return new HssAnswer.Unavailable(
                  cause instanceof TimeoutException
                      ? "no answer within " + policy.hssTimeout().toMillis() + " ms"
                      : "HSS client failed: " + cause.getClass().getSimpleName());
            });
  }

  private CompletionStage<UbOutcome> issueChallenge(
      Impi impi, HssAnswer answer, ChallengeCause cause) {
    if (answer instanceof HssAnswer.Vector v) {
      PendingChallenge pending =
          new PendingChallenge(
              impi, v.vector(), v.guss(), clock.instant().truncatedTo(ChronoUnit.MILLIS));
      String nonce = Base64.getEncoder().encodeToString(v.vector().randAutn());
      return stored(
          () -> challenges.put(pending, policy.challengeValidity()),
          ignored -> done(new Challenge(policy.realm(), nonce, opaque, cause)));
    }
    if (answer instanceof HssAnswer.UserUnknown) {
      log.debug("Ub: HSS does not know {}", impi);
      return done(new Rejected(RejectReason.USER_UNKNOWN, "unknown user"));
    }
    if (answer instanceof HssAnswer.Refused r) {
      log.debug("Ub: HSS refused {}: {}", impi, r.reason());
      return done(new Rejected(RejectReason.HSS_REFUSED, "refused by the HSS"));
    }
    HssAnswer.Unavailable u = (HssAnswer.Unavailable) answer;
    log.debug("Ub: HSS unavailable for {}: {}", impi, u.reason());
    return done(new Rejected(RejectReason.HSS_UNAVAILABLE, "HSS unavailable"));
  }

  // ---- second request: verify, resync or bootstrap --------------------------------------------

  private CompletionStage<UbOutcome> answer(UbRequest request, Impi impi) {
    DigestCredentials c = request.credentials();
    Optional<String> problem = checkAnswerSyntax(request);
    if (problem.isPresent()) {
      return done(new Rejected(RejectReason.MALFORMED_REQUEST, problem.get()));
    }
    byte[] nonce = decodeBase64(c.nonce());
    if (nonce == null || nonce.length != NONCE_OCTETS) {
      return done(new Rejected(RejectReason.MALFORMED_REQUEST, "nonce is not base64(RAND||AUTN)"));
    }
    byte[] auts = null;
    if (c.auts() != null) {
      auts = decodeBase64(c.auts());
      if (auts == null || auts.length != AUTS_OCTETS) {
        return done(
            new Rejected(RejectReason.MALFORMED_REQUEST, "auts is not base64 of 14 octets"));
      }
    }
    Rand rand = Rand.prefixOf(nonce);
    byte[] presentedAuts = auts;
    return stored(
        () -> challenges.take(rand),
        pending -> {
          if (pending.isEmpty()) {
            log.debug("Ub: unknown, expired or used nonce from {}", impi);
            return challenge(impi, ChallengeCause.UNKNOWN_NONCE);
          }
          PendingChallenge p = pending.get();
          if (!p.impi().equals(impi) || !verifies(request, p.vector(), presentedAuts != null)) {
            return wrongResponse(impi);
          }
          if (presentedAuts != null) {
            return askHss(() -> hss.resynchronise(impi, rand, presentedAuts))
                .thenCompose(answer -> issueChallenge(impi, answer, ChallengeCause.RESYNC));
          }
          return bootstrap(request, p);
        });
  }

  private Optional<String> checkAnswerSyntax(UbRequest request) {
    DigestCredentials c = request.credentials();
    if (!policy.realm().equals(c.realm())) {
      return Optional.of("realm must be \"" + policy.realm() + "\"");
    }
    if (c.uri() == null || !c.uri().equals(request.requestUri())) {
      return Optional.of("uri must equal the request-URI");
    }
    if (c.response() == null || c.response().length() != 32 || !isHex(c.response())) {
      return Optional.of("response must be 32 hex digits");
    }
    if (c.algorithm() != null && !c.algorithm().equalsIgnoreCase(UbOutcome.ALGORITHM)) {
      return Optional.of("algorithm must be AKAv1-MD5");
    }
    if (c.qop() == null) {
      return Optional.of("qop is required");
    }
    String qop = c.qop().toLowerCase(Locale.ROOT);
    if (!qop.equals(UbOutcome.QOP_AUTH_INT) && !qop.equals(UbOutcome.QOP_AUTH)) {
      return Optional.of("qop must be auth-int or auth");
    }
    if (c.nc() == null || c.nc().length() != 8 || !isHex(c.nc())) {
      return Optional.of("nc must be 8 hex digits");
    }
    if (c.cnonce() == null || c.cnonce().isEmpty()) {
      return Optional.of("cnonce is required");
    }
    return Optional.empty();
  }

  private boolean verifies(UbRequest request, AuthenticationVector vector, boolean resync) {
    DigestCredentials c = request.credentials();
    // RFC 3310 §3.4: with auts the response is computed with an empty password.
    byte[] password = resync ? EMPTY_PASSWORD : vector.xres();
    String ha1 = DigestAka.ha1(c.username(), c.realm(), password);
    String expected =
        DigestAka.response(
            ha1,
            c.nonce(),
            c.nc(),
            c.cnonce(),
            c.qop().toLowerCase(Locale.ROOT),
            request.method(),
            c.uri(),
            request.entityBodyMd5());
    return DigestAka.matches(expected, c.response());
  }

  private CompletionStage<UbOutcome> wrongResponse(Impi impi) {
    int count = failures.recordFailure(impi);
    if (count >= policy.maxFailures()) {
      log.info("Ub: {} wrong responses from {} within {}: refusing", count, impi, window());
      return done(
          new Rejected(RejectReason.TOO_MANY_FAILURES, "too many failed authentication attempts"));
    }
    log.debug("Ub: wrong response from {} ({} of {})", impi, count, policy.maxFailures());
    return challenge(impi, ChallengeCause.WRONG_RESPONSE);
  }

  private String window() {
    return policy.failureWindow().toString().substring(2).toLowerCase(Locale.ROOT);
  }

  private CompletionStage<UbOutcome> bootstrap(UbRequest request, PendingChallenge pending) {
    DigestCredentials c = request.credentials();
    AuthenticationVector vector = pending.vector();
    // Times derive from the challenge, not from the clock at the answer: a replayed answer (the
    // take race of docs/storage.md) then re-creates exactly the same session, expiry included.
    Instant now = pending.issuedAt().truncatedTo(ChronoUnit.SECONDS);
    Duration lifetime = lifetime(pending.guss());
    BTid btid = BTid.of(vector.rand(), policy.bsfName());
    SecurityAssociation session =
        new SecurityAssociation(
            btid,
            pending.impi(),
            vector.ks(),
            vector.rand(),
            now,
            now.plus(lifetime),
            pending.guss(),
            GbaType.THREE_G);
    return stored(
        () -> sessions.put(session),
        ignored -> {
          failures.reset(pending.impi());
          byte[] body = BootstrappingInfoXml.render(btid, session.expiresAt());
          String qop = c.qop().toLowerCase(Locale.ROOT);
          String ha1 = DigestAka.ha1(c.username(), c.realm(), vector.xres());
          String rspauth =
              DigestAka.rspauth(
                  ha1, c.nonce(), c.nc(), c.cnonce(), qop, c.uri(), DigestAka.md5Hex(body));
          return done(
              new Bootstrapped(btid, session.expiresAt(), body, rspauth, qop, c.cnonce(), c.nc()));
        });
  }

  /** The GUSS lifetime capped by the policy maximum (TS 33.220 §4.5.2, step 6). */
  private Duration lifetime(Guss guss) {
    Duration max = policy.maxLifetime();
    return guss.lifetime()
        .filter(l -> !l.isNegative() && !l.isZero() && l.compareTo(max) < 0)
        .orElse(max);
  }

  // ---- plumbing --------------------------------------------------------------------------------

  /**
   * Runs {@code next} on the store result, or answers STORE_UNAVAILABLE if the store failed or
   * exceeded the store budget.
   */
  private <T> CompletionStage<UbOutcome> stored(
      Supplier<CompletionStage<T>> storeCall, Function<T, CompletionStage<UbOutcome>> next) {
    return within(storeCall, policy.storeTimeout())
        .handle(
            (value, error) -> {
              if (error == null) {
                return next.apply(value);
              }
              Throwable cause = unwrap(error);
              log.debug("Ub: store failed: {}", cause.toString());
              // The stores' own reasons are short and free of key material ("session store full",
              // "cassandra put failed: timeout"): the 503 says what is exhausted or unavailable.
              String detail =
                  cause instanceof StoreException
                      ? cause.getMessage()
                      : cause instanceof TimeoutException
                          ? "store slower than ub.store-timeout"
                          : "store unavailable";
              return done((UbOutcome) new Rejected(RejectReason.STORE_UNAVAILABLE, detail));
            })
        .thenCompose(stage -> stage);
  }

  /**
   * Calls a port and bounds the answer by {@code budget}. A port that throws instead of returning a
   * stage, or returns null, counts as a failed call; the port's own future is never mutated.
   */
  private static <T> CompletableFuture<T> within(
      Supplier<CompletionStage<T>> call, Duration budget) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      CompletionStage<T> stage = call.get();
      if (stage == null) {
        result.completeExceptionally(new IllegalStateException("port returned no stage"));
      } else {
        stage.whenComplete(
            (value, error) -> {
              if (error != null) {
                result.completeExceptionally(error);
              } else {
                result.complete(value);
              }
            });
      }
    } catch (RuntimeException portBug) {
      result.completeExceptionally(portBug);
    }
    return result.orTimeout(budget.toNanos(), TimeUnit.NANOSECONDS);
  }

  private static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  private static CompletionStage<UbOutcome> done(UbOutcome outcome) {
    return CompletableFuture.completedFuture(outcome);
  }

  private static byte[] decodeBase64(String text) {
    try {
      return Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
  }

  private static boolean isHex(String s) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      boolean hex =
          (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
      if (!hex) {
        return false;
      }
    }
    return true;
  }
}
