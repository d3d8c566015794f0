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
import java.util.concurrent.CompletionStage;
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
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.PortCalls;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.store.InMemoryTmpiStore;
import org.gbabsf.core.time.WarnLimiter;
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
 * A username that is a TMPI is resolved to its IMPI first, and a bootstrap by a UE that announced
 * {@code 3gpp-gba-tmpi} allocates the next one ({@link TmpiService}). Only GBA_ME runs: a GUSS that
 * says GBA_U, or a {@code uiccType} the BSF does not know, is refused before any challenge (TS
 * 33.220 §5 forbids answering a GBA_U UICC with GBA_ME).
 *
 * <p>Every outcome, including failures of the HSS and the stores, is a {@link UbOutcome} value: the
 * returned stage never completes exceptionally.
 */
public final class BootstrappingService {

  private static final Logger log = LoggerFactory.getLogger(BootstrappingService.class);
  private static final byte[] EMPTY_PASSWORD = new byte[0];

  private final HssClient hss;
  private final ChallengeStore challenges;
  private final SessionStore sessions;
  private final UbPolicy policy;
  private final Clock clock;
  private final FailureTracker failures;
  private final TmpiService tmpis;
  private final WarnLimiter uiccWarnings = new WarnLimiter(Duration.ofSeconds(1));
  private final String opaque;

  /** Wires the use case to its ports, for a policy that allocates no TMPIs. */
  public BootstrappingService(
      HssClient hss,
      ChallengeStore challenges,
      SessionStore sessions,
      UbPolicy policy,
      Clock clock) {
    this(hss, challenges, sessions, noTmpis(policy, clock), policy, clock);
  }

  /** Wires the use case to its ports, TMPIs in {@code tmpiStore}. */
  public BootstrappingService(
      HssClient hss,
      ChallengeStore challenges,
      SessionStore sessions,
      TmpiStore tmpiStore,
      UbPolicy policy,
      Clock clock) {
    this.tmpis =
        new TmpiService(tmpiStore, policy.bsfName(), policy.tmpiLifetime(), policy.storeTimeout());
    this.hss = hss;
    this.challenges = challenges;
    this.sessions = sessions;
    this.policy = policy;
    this.clock = clock;
    this.failures = new FailureTracker(clock, policy.failureWindow());
    // RFC 2617 §3.2.1: opaque is returned unchanged by the client. It carries no state here.
    this.opaque = DigestAka.md5Hex(("gba-bsf:" + policy.realm()).getBytes(StandardCharsets.UTF_8));
  }

  private static TmpiStore noTmpis(UbPolicy policy, Clock clock) {
    if (policy.tmpiLifetime().isPresent()) {
      throw new IllegalArgumentException("a policy with TMPIs needs a TMPI store");
    }
    return new InMemoryTmpiStore(1, clock);
  }

  /** Whether bootstraps allocate TMPIs: Ub's Server header then says {@code 3gpp-gba-tmpi}. */
  public boolean allocatesTmpis() {
    return tmpis.enabled();
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
    if (!sessions.accepting()) {
      return done(new Rejected(RejectReason.STORE_UNAVAILABLE, "session store not connected"));
    }
    if (!credentials.isInitial() && tmpis.isMappable(credentials.username())) {
      // The challenge taken by the answer's RAND names the IMPI its first request resolved, and
      // only the holder of that IMPI's USIM can answer it: no second TMPI lookup.
      return answer(request, Optional.empty());
    }
    return resolved(
        credentials.username(),
        impi ->
            credentials.isInitial()
                ? challenge(impi, ChallengeCause.INITIAL)
                : answer(request, Optional.of(impi)));
  }

  /** Runs {@code next} on the IMPI {@code username} names, or answers why it names none. */
  private CompletionStage<UbOutcome> resolved(
      String username, Function<Impi, CompletionStage<UbOutcome>> next) {
    return tmpis
        .resolve(username)
        .thenCompose(
            resolution ->
                resolution instanceof TmpiService.Resolution.Refused r
                    ? done(r.rejection())
                    : next.apply(((TmpiService.Resolution.Identified) resolution).impi()));
  }

  // ---- first request and fresh challenges ----------------------------------------------------

  private CompletionStage<UbOutcome> challenge(Impi impi, ChallengeCause cause) {
    return askHss(() -> hss.fetchVector(impi))
        .thenCompose(answer -> issueChallenge(impi, answer, cause));
  }

  private CompletionStage<HssAnswer> askHss(Supplier<CompletionStage<HssAnswer>> call) {
    return PortCalls.within(policy.hssTimeout(), call)
        .handle(
            (answer, error) -> {
              if (error == null) {
                return answer;
              }
              Throwable cause = PortCalls.cause(error);
              return new HssAnswer.Unavailable(
                  cause instanceof TimeoutException
                      ? "no answer within " + policy.hssTimeout().toMillis() + " ms"
                      : "HSS client failed: " + cause.getClass().getSimpleName());
            });
  }

  private CompletionStage<UbOutcome> issueChallenge(
      Impi impi, HssAnswer answer, ChallengeCause cause) {
    if (answer instanceof HssAnswer.Vector v) {
      Optional<Rejected> unsupported = unsupportedUicc(impi, v.guss().uiccType());
      if (unsupported.isPresent()) {
        return done(unsupported.get());
      }
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

  /**
   * TS 33.220 §5: the GUSS's UICC type decides between GBA_U and GBA_ME. Only GBA_ME is built, and
   * a GBA_U UICC would refuse the GBA_ME AUTN, so GBA_U and unknown types are refused, never served
   * as GBA_ME. A WARN at most once a second: each one is a provisioning matter.
   */
  private Optional<Rejected> unsupportedUicc(Impi impi, UiccType type) {
    if (type == UiccType.GBA) {
      return Optional.empty();
    }
    boolean gbaU = type == UiccType.GBA_U;
    if (uiccWarnings.warn()) {
      log.warn(
          "Ub: the GUSS of {} says {}, which this BSF does not run; answering 403"
              + " (docs/ub-conformance.md)",
          impi,
          gbaU ? "GBA_U" : "an unknown uiccType");
    }
    return Optional.of(
        gbaU
            ? new Rejected(RejectReason.GBA_U_NOT_SUPPORTED, "GBA_U is not supported by this BSF")
            : new Rejected(
                RejectReason.UICC_TYPE_UNKNOWN, "the subscription's UICC type is not supported"));
  }

  // ---- second request: verify, resync or bootstrap --------------------------------------------

  /**
   * The answer to a challenge; {@code named} is the IMPI its username names, or empty for a TMPI,
   * whose IMPI is then the one of the challenge it answers.
   */
  private CompletionStage<UbOutcome> answer(UbRequest request, Optional<Impi> named) {
    AnswerSyntax.Checked checked = AnswerSyntax.check(request, policy.realm());
    if (checked instanceof AnswerSyntax.Checked.Malformed m) {
      return done(new Rejected(RejectReason.MALFORMED_REQUEST, m.problem()));
    }
    AnswerSyntax.Checked.WellFormed w = (AnswerSyntax.Checked.WellFormed) checked;
    Rand rand = Rand.prefixOf(w.nonce());
    byte[] presentedAuts = w.auts();
    return stored(
        () -> challenges.take(rand),
        pending -> {
          if (pending.isEmpty()) {
            log.debug(
                "Ub: unknown, expired or used nonce from {}", request.credentials().username());
            return named.isPresent()
                ? challenge(named.get(), ChallengeCause.UNKNOWN_NONCE)
                : resolved(
                    request.credentials().username(),
                    impi -> challenge(impi, ChallengeCause.UNKNOWN_NONCE));
          }
          PendingChallenge p = pending.get();
          Impi impi = named.orElse(p.impi());
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
    // The TMPI's write runs beside the session's; its failure does not fail the bootstrap.
    CompletionStage<TmpiAllocation> tmpi =
        tmpis.allocate(request.tmpiCapable(), vector.ks(), vector.rand(), pending.impi(), now);
    return stored(
        () -> sessions.put(session),
        ignored -> {
          failures.reset(pending.impi());
          CompletionStage<Void> retired = tmpis.retire(c.username());
          byte[] body = BootstrappingInfoXml.render(btid, session.expiresAt());
          String qop = c.qop().toLowerCase(Locale.ROOT);
          String ha1 = DigestAka.ha1(c.username(), c.realm(), vector.xres());
          String rspauth =
              DigestAka.rspauth(
                  ha1, c.nonce(), c.nc(), c.cnonce(), qop, c.uri(), DigestAka.md5Hex(body));
          return tmpi.thenCombine(
              retired,
              (allocation, done) ->
                  (UbOutcome)
                      new Bootstrapped(
                          btid,
                          session.expiresAt(),
                          body,
                          rspauth,
                          qop,
                          c.cnonce(),
                          c.nc(),
                          allocation));
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
    return PortCalls.within(policy.storeTimeout(), storeCall)
        .handle(
            (value, error) -> {
              if (error == null) {
                return next.apply(value);
              }
              Throwable cause = PortCalls.cause(error);
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

  private static CompletionStage<UbOutcome> done(UbOutcome outcome) {
    return CompletableFuture.completedFuture(outcome);
  }
}
