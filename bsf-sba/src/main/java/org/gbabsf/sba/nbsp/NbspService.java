package org.gbabsf.sba.nbsp;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafAuthorisation;
import org.gbabsf.core.zn.NafDirectory;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.sba.http.SbiRequest;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.http.SbiService;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.CallerIdentity;
import org.gbabsf.sba.oauth.TokenCache;
import org.gbabsf.sba.problem.Problems;

/**
 * The Nbsp_GBA producer (TS 29.309 §5.2.2.2, the BSF's side of N66 in TS 33.220 Annex N): a NAF
 * posts a B-TID and its NAF_Id and gets Ks_(ext/int)_NAF. Same {@link KeyService} as Zn, so the
 * same B-TID gives the same key over both, with the same GUSS filtering.
 *
 * <p>Before the keys, the NAF is identified and authorised: its identities are the DNS names of its
 * TLS client certificate and, when access tokens are configured (then required), the token's
 * subject; the first identity listed in {@code nbsp.nafs} gives its NAF group; and the NAF_Id's
 * FQDN must be one that NAF may use ({@link NafFqdnPolicy}, the Zn rule).
 */
public final class NbspService implements SbiService {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(NbspService.class);

  /**
   * The version of Nbsp_GBA this producer implements: {@code info.version} of the committed
   * TS29309_Nbsp_GBA.yaml (TS 29.309 V18.1.0), its {@code apiFullVersion} in the NF profile.
   */
  public static final String API_FULL_VERSION = "1.1.0-alpha.2";

  /** The operation's path (TS 29.309 §6.1.3.2). */
  public static final String BOOTSTRAPPING_INFO = "/nbsp-gba/v1/bootstrapping-info-retrieval";

  /** Accepted tokens remembered until their expiry (about 1 KB each). */
  static final int TOKENS_REMEMBERED = 10_000;

  /** GBA push (TS 29.309 §6.1.3.3): answered 501 until it is built. */
  public static final String PUSH_INFO = "/nbsp-gba/v1/push-info-retrieval";

  /**
   * Who may ask.
   *
   * @param nafs NAF identity (certificate DNS name or token subject) → NAF group
   * @param fqdns which NAF_Id FQDNs each NAF may use
   * @param sendImpi whether answers carry the IMPI (Zn always does)
   * @param retryAfter the Retry-After of a 503
   */
  public record Settings(
      Map<String, String> nafs, NafFqdnPolicy fqdns, boolean sendImpi, Duration retryAfter) {
    /** Lower-cases the identities. */
    public Settings {
      Map<String, String> m = new HashMap<>();
      nafs.forEach((k, v) -> m.put(k.toLowerCase(Locale.ROOT), v));
      nafs = Map.copyOf(m);
    }
  }

  private final KeyService keys;
  private final Settings settings;
  private final NafAuthorisation nafs;
  private final Optional<TokenCache> tokens;
  private final MeterRegistry registry;
  private final Map<String, Counter> outcomes = new ConcurrentHashMap<>();
  private final Counter ussOmitted;

  /**
   * A producer over {@code keys}; with {@code tokens}, every request needs a valid token (accepted
   * ones are remembered until their expiry by {@code clock}, the verifier's).
   */
  public NbspService(
      KeyService keys,
      Settings settings,
      Optional<AccessTokenVerifier> tokens,
      java.time.Clock clock,
      MeterRegistry registry) {
    this.keys = keys;
    this.settings = settings;
    this.nafs =
        new NafAuthorisation(
            "Nbsp", "403", NafDirectory.byIdentity(settings.nafs()), settings.fqdns());
    this.tokens = tokens.map(v -> new TokenCache(v, clock, TOKENS_REMEMBERED));
    this.registry = registry;
    this.ussOmitted =
        Counter.builder("bsf.nbsp.uss.omitted")
            .description(
                "User security settings left out of Nbsp answers: an id that is not a Uint32, or"
                    + " no user identity")
            .register(registry);
  }

  /** The routes of Nbsp_GBA: this producer, and 501 for push. */
  public SbiRoutes routes() {
    return SbiRoutes.of(
        List.of(
            new SbiRoutes.Route("POST", BOOTSTRAPPING_INFO, "nbsp-gba", this),
            new SbiRoutes.Route(
                "POST",
                PUSH_INFO,
                "nbsp-gba",
                r ->
                    CompletableFuture.completedFuture(
                        SbiResponse.problem(
                            Problems.notImplemented(
                                "GBA push (TS 33.223) is not supported by this BSF"))))));
  }

  @Override
  public CompletionStage<SbiResponse> handle(SbiRequest request) {
    return outcome(request)
        .thenApply(
            o -> {
              count(o);
              return NbspAnswers.toResponse(o, settings.retryAfter());
            });
  }

  /** The outcome for {@code request}; never completes exceptionally. */
  CompletionStage<NbspOutcome> outcome(SbiRequest request) {
    CallerIdentity caller = CallerIdentity.of(request, tokens);
    if (caller instanceof CallerIdentity.Refused r) {
      log.debug("Nbsp: token from {} refused: {}", request.peer().address(), r.rejected().detail());
      return done(new NbspOutcome.TokenRefused(r.rejected(), r.wwwAuthenticate()));
    }
    if (caller instanceof CallerIdentity.Unidentified) {
      log.debug("Nbsp: request from {} without identity", request.peer().address());
      return done(new NbspOutcome.Unidentified());
    }
    List<String> identities = ((CallerIdentity.Identified) caller).identities();
    NbspCodec.Decoded decoded = NbspCodec.decodeRequest(request.body());
    if (decoded instanceof NbspCodec.Decoded.Invalid invalid) {
      return done(new NbspOutcome.Invalid(invalid.problem()));
    }
    NbspCodec.Decoded.Valid v = (NbspCodec.Decoded.Valid) decoded;
    NafAuthorisation.Decision decision = nafs.authorise(identities, null, v.nafId().fqdn());
    if (decision instanceof NafAuthorisation.Decision.Authorised a) {
      return keys.handle(a.request(v.btid(), v.nafId(), v.gsIds(), v.gbaUAware()))
          .thenApply(this::fromZn);
    }
    return done(
        decision instanceof NafAuthorisation.Decision.FqdnNotAllowed
            ? new NbspOutcome.FqdnNotAllowed()
            : new NbspOutcome.UnknownNaf());
  }

  private NbspOutcome fromZn(ZnOutcome o) {
    if (o instanceof ZnOutcome.Keys k) {
      long omitted = k.visibleUss().stream().filter(u -> !UssJson.representable(u)).count();
      if (omitted > 0) {
        ussOmitted.increment(omitted);
      }
      return new NbspOutcome.Served(k, settings.sendImpi());
    }
    if (o instanceof ZnOutcome.UnknownBtid) {
      return new NbspOutcome.UnknownBtid();
    }
    if (o instanceof ZnOutcome.NotAuthorised) {
      return new NbspOutcome.NotAuthorised();
    }
    return new NbspOutcome.StoreUnavailable();
  }

  private void count(NbspOutcome o) {
    outcomes
        .computeIfAbsent(
            o.tag(),
            t ->
                Counter.builder("bsf.nbsp.outcomes")
                    .description("Nbsp_GBA bootstrapping-info requests by outcome")
                    .tag("outcome", t)
                    .register(registry))
        .increment();
  }

  private static CompletionStage<NbspOutcome> done(NbspOutcome o) {
    return CompletableFuture.completedFuture(o);
  }
}
