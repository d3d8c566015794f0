package org.gbabsf.sba.akma;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.gbabsf.core.akma.AfIdentifiers;
import org.gbabsf.core.akma.AfKeyOutcome;
import org.gbabsf.core.akma.AfKeyService;
import org.gbabsf.core.akma.AnchorOutcome;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.zn.NafAuthorisation;
import org.gbabsf.core.zn.NafDirectory;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.sba.http.SbiRequest;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.CallerIdentity;
import org.gbabsf.sba.oauth.TokenCache;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * The Naanf_AKMA producer (TS 29.535, TS 33.535 §6): the AAnF of 5G on the BSF's SBI server.
 *
 * <ul>
 *   <li>{@code register-anchorkey} and {@code remove-context}, from an AUSF ({@code aanf.ausfs}):
 *       {@link AnchorService}.
 *   <li>{@code retrieve-applicationkey}, from an AF ({@code aanf.afs}) or the NEF for an external
 *       AF ({@code aanf.nefs}): the caller is authorised for the afId's FQDN by the same {@link
 *       NafAuthorisation} as Zn and Nbsp_GBA, then {@link AfKeyService} derives K_AF.
 * </ul>
 *
 * <p>Who the caller is: {@link CallerIdentity}, as on Nbsp_GBA. With tokens, each operation also
 * needs its own scope of the Rel-19 YAML ({@code naanf-akma:anchorkey}, {@code
 * naanf-akma:applicationkeyget}) unless {@code operationScopes} is off, and the SUPI goes only to
 * an AF listed in {@code supiAfs} whose token grants {@code
 * naanf-akma:applicationkeyget:supi-access}. A NEF never receives the SUPI (TS 33.535 §6.2a: the
 * external AF must not learn it), and AnonUser_Get ({@code anonInd}) returns no identity at all.
 */
public final class NaanfService {

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(NaanfService.class);

  /**
   * {@code info.version} of the Rel-19 TS29535_Naanf_AKMA.yaml (TS 29.535 V19.5.0) this producer
   * follows, for the NF profile; its bodies are checked against the committed Rel-18 file
   * (1.1.0-alpha.4), whose operations and schemas are the same but for Rel-19's optional {@code
   * notifUri}, which is ignored.
   */
  public static final String API_FULL_VERSION = "1.2.0";

  /** The API's name: its URI part, the NRF service name, and the metrics' {@code api} tag. */
  public static final String API = "naanf-akma";

  /** Naanf_AKMA_AnchorKey_Register. */
  public static final String REGISTER = "/naanf-akma/v1/register-anchorkey";

  /** Naanf_AKMA_ApplicationKey_Get and AnonUser_Get. */
  public static final String RETRIEVE = "/naanf-akma/v1/retrieve-applicationkey";

  /** Naanf_AKMA_Context_Remove. */
  public static final String REMOVE = "/naanf-akma/v1/remove-context";

  /** The scope of register-anchorkey and remove-context. */
  public static final String ANCHORKEY_SCOPE = "naanf-akma:anchorkey";

  /** The scope of retrieve-applicationkey. */
  public static final String KEYGET_SCOPE = "naanf-akma:applicationkeyget";

  /** The scope that lets retrieve-applicationkey return the SUPI. */
  public static final String SUPI_ACCESS_SCOPE = "naanf-akma:applicationkeyget:supi-access";

  /** Accepted tokens remembered until their expiry. */
  static final int TOKENS_REMEMBERED = 10_000;

  /**
   * Who may ask for what.
   *
   * @param ausfs identities of the AUSFs that register and remove contexts
   * @param afs AF identity → AF group (a name {@code fqdns} can grant FQDNs to)
   * @param nefs NEF identity → group, for external AFs: never given the SUPI
   * @param fqdns which afId FQDNs each AF or NEF may use besides its own identity
   * @param supiAfs AFs that may receive the SUPI (with tokens, also the supi-access scope)
   * @param afIds how an afId becomes AF_ID
   * @param operationScopes whether tokens need the operation's scope besides naanf-akma
   * @param retryAfter the Retry-After of a 503
   */
  public record Settings(
      Set<String> ausfs,
      Map<String, String> afs,
      Map<String, String> nefs,
      NafFqdnPolicy fqdns,
      Set<String> supiAfs,
      AfIdentifiers afIds,
      boolean operationScopes,
      Duration retryAfter) {
    /** Lower-cases the identities; an identity may not be both an AF and a NEF. */
    public Settings {
      ausfs = lower(ausfs);
      afs = lower(afs);
      nefs = lower(nefs);
      supiAfs = lower(supiAfs);
      Set<String> both =
          afs.keySet().stream().filter(nefs::containsKey).collect(Collectors.toSet());
      if (!both.isEmpty()) {
        throw new IllegalArgumentException("both an AF and a NEF: " + both);
      }
    }

    private static Set<String> lower(Set<String> s) {
      return s.stream()
          .map(x -> x.toLowerCase(Locale.ROOT))
          .collect(Collectors.toUnmodifiableSet());
    }

    private static Map<String, String> lower(Map<String, String> m) {
      Map<String, String> out = new HashMap<>();
      m.forEach((k, v) -> out.put(k.toLowerCase(Locale.ROOT), v));
      return Map.copyOf(out);
    }
  }

  private final AnchorService anchors;
  private final AfKeyService afKeys;
  private final Settings settings;
  private final NafAuthorisation callers;
  private final Optional<TokenCache> tokens;
  private final MeterRegistry registry;
  private final Map<String, Counter> outcomes = new ConcurrentHashMap<>();

  /**
   * A producer; with {@code tokens}, every request needs a valid token with scope {@code
   * naanf-akma} (accepted ones are remembered until their expiry by {@code clock}).
   */
  public NaanfService(
      AnchorService anchors,
      AfKeyService afKeys,
      Settings settings,
      Optional<AccessTokenVerifier> tokens,
      Clock clock,
      MeterRegistry registry) {
    this.anchors = anchors;
    this.afKeys = afKeys;
    this.settings = settings;
    Map<String, String> directory = new HashMap<>(settings.afs());
    directory.putAll(settings.nefs());
    this.callers =
        new NafAuthorisation(
            "Naanf", "403", NafDirectory.byIdentity(directory), settings.fqdns(), "AF", "afId");
    this.tokens = tokens.map(v -> new TokenCache(v, clock, TOKENS_REMEMBERED));
    this.registry = registry;
  }

  /** The three operations of Naanf_AKMA. */
  public SbiRoutes routes() {
    return SbiRoutes.of(
        List.of(
            new SbiRoutes.Route("POST", REGISTER, API, r -> answer("register", register(r))),
            new SbiRoutes.Route("POST", RETRIEVE, API, r -> answer("retrieve", retrieve(r))),
            new SbiRoutes.Route("POST", REMOVE, API, r -> answer("remove", remove(r)))));
  }

  private CompletionStage<SbiResponse> answer(
      String operation, CompletionStage<NaanfOutcome> outcome) {
    return outcome.thenApply(
        o -> {
          count(operation, o);
          logAnswer(operation, o);
          return NaanfAnswers.toResponse(o, settings.retryAfter());
        });
  }

  /**
   * The DEBUG line of the outcomes not logged where they were decided (refusals of the caller are):
   * a 400 with the attributes it names, a 204 for no context, a 503. Never a key or a SUPI.
   */
  private static void logAnswer(String operation, NaanfOutcome o) {
    if (o instanceof NaanfOutcome.Invalid i) {
      log.debug(
          "Naanf {}: 400 {} {}",
          operation,
          i.problem().cause().orElse(""),
          i.problem().invalidParams().stream().map(Problem.InvalidParam::param).toList());
    } else if (o instanceof NaanfOutcome.NoContext) {
      log.debug("Naanf {}: no live context for the A-KID, 204", operation);
    } else if (o instanceof NaanfOutcome.StoreUnavailable) {
      log.debug("Naanf {}: the AKMA context store failed or was too slow, 503", operation);
    }
  }

  /** AnchorKey_Register; never completes exceptionally. */
  CompletionStage<NaanfOutcome> register(SbiRequest request) {
    Optional<NaanfOutcome> refused = refuseUnlessAusf(request, "register");
    if (refused.isPresent()) {
      return done(refused.get());
    }
    NaanfCodec.Decoded<AnchorService.Registration> d =
        NaanfCodec.decodeRegistration(request.body());
    if (d instanceof NaanfCodec.Decoded.Invalid<AnchorService.Registration> i) {
      return done(new NaanfOutcome.Invalid(i.problem()));
    }
    AnchorService.Registration r =
        ((NaanfCodec.Decoded.Valid<AnchorService.Registration>) d).request();
    return anchors.register(r).thenApply(o -> fromAnchor(o, r));
  }

  /** Context_Remove; never completes exceptionally. */
  CompletionStage<NaanfOutcome> remove(SbiRequest request) {
    Optional<NaanfOutcome> refused = refuseUnlessAusf(request, "remove");
    if (refused.isPresent()) {
      return done(refused.get());
    }
    NaanfCodec.Decoded<org.gbabsf.core.akma.Supi> d = NaanfCodec.decodeRemove(request.body());
    if (d instanceof NaanfCodec.Decoded.Invalid<org.gbabsf.core.akma.Supi> i) {
      return done(new NaanfOutcome.Invalid(i.problem()));
    }
    return anchors
        .remove(((NaanfCodec.Decoded.Valid<org.gbabsf.core.akma.Supi>) d).request())
        .thenApply(o -> fromAnchor(o, null));
  }

  /** ApplicationKey_Get and AnonUser_Get; never completes exceptionally. */
  CompletionStage<NaanfOutcome> retrieve(SbiRequest request) {
    CallerIdentity caller = CallerIdentity.of(request, tokens);
    Optional<NaanfOutcome> refused = refusal(caller, request, "retrieve", KEYGET_SCOPE);
    if (refused.isPresent()) {
      return done(refused.get());
    }
    CallerIdentity.Identified who = (CallerIdentity.Identified) caller;
    NaanfCodec.Decoded<NaanfCodec.KeyRequest> d = NaanfCodec.decodeKeyRequest(request.body());
    if (d instanceof NaanfCodec.Decoded.Invalid<NaanfCodec.KeyRequest> i) {
      return done(new NaanfOutcome.Invalid(i.problem()));
    }
    NaanfCodec.KeyRequest k = ((NaanfCodec.Decoded.Valid<NaanfCodec.KeyRequest>) d).request();
    NafAuthorisation.Decision decision = callers.authorise(who.identities(), null, k.afId());
    if (decision instanceof NafAuthorisation.Decision.UnknownNaf) {
      return done(new NaanfOutcome.UnknownAf());
    }
    if (decision instanceof NafAuthorisation.Decision.FqdnNotAllowed) {
      return done(new NaanfOutcome.FqdnNotAllowed());
    }
    String af = ((NafAuthorisation.Decision.Authorised) decision).naf();
    // A caller holding a NEF's identity is a NEF whatever else its certificate names: the SUPI
    // must never reach an external AF through an order of names.
    boolean nef = who.identities().stream().anyMatch(settings.nefs()::containsKey);
    boolean supi =
        !k.anonymous() && !nef && settings.supiAfs().contains(af) && who.grants(SUPI_ACCESS_SCOPE);
    AfKeyService.Request keyRequest =
        new AfKeyService.Request(
            k.aKid(), settings.afIds().afId(k.afId()), supi, !k.anonymous() && (nef || supi));
    return afKeys.handle(keyRequest).thenApply(NaanfService::fromAfKey);
  }

  private Optional<NaanfOutcome> refuseUnlessAusf(SbiRequest request, String operation) {
    CallerIdentity caller = CallerIdentity.of(request, tokens);
    Optional<NaanfOutcome> refused = refusal(caller, request, operation, ANCHORKEY_SCOPE);
    if (refused.isPresent()) {
      return refused;
    }
    List<String> identities = ((CallerIdentity.Identified) caller).identities();
    if (identities.stream().noneMatch(settings.ausfs()::contains)) {
      log.debug(
          "Naanf {}: {} is no configured AUSF",
          operation,
          NafAuthorisation.printable(String.join(",", identities)));
      return Optional.of(new NaanfOutcome.NotAnAusf());
    }
    return Optional.empty();
  }

  /** The refusal of a caller that is not identified, or lacks the operation's scope. */
  private Optional<NaanfOutcome> refusal(
      CallerIdentity caller, SbiRequest request, String operation, String scope) {
    if (caller instanceof CallerIdentity.Refused r) {
      log.debug(
          "Naanf {}: token from {} refused: {}",
          operation,
          request.peer().address(),
          r.rejected().detail());
      return Optional.of(new NaanfOutcome.TokenRefused(r.rejected(), r.wwwAuthenticate()));
    }
    if (caller instanceof CallerIdentity.Unidentified) {
      log.debug("Naanf {}: request from {} without identity", operation, request.peer().address());
      return Optional.of(new NaanfOutcome.Unidentified());
    }
    if (settings.operationScopes() && !((CallerIdentity.Identified) caller).grants(scope)) {
      log.debug("Naanf {}: token from {} lacks {}", operation, request.peer().address(), scope);
      return Optional.of(new NaanfOutcome.ScopeMissing(scope));
    }
    return Optional.empty();
  }

  /** At most one WARN a second for an A-KID of another SUPI: a faulty AUSF cannot flood the log. */
  private static final org.gbabsf.core.time.WarnLimiter A_KID_WARNINGS =
      new org.gbabsf.core.time.WarnLimiter(Duration.ofSeconds(1));

  private static NaanfOutcome fromAnchor(AnchorOutcome o, AnchorService.Registration r) {
    if (o instanceof AnchorOutcome.Registered reg) {
      return new NaanfOutcome.Registered(r, reg.replaced());
    }
    if (o instanceof AnchorOutcome.Removed) {
      return new NaanfOutcome.Removed();
    }
    if (o instanceof AnchorOutcome.AKidOfAnotherSupi) {
      String text =
          "Naanf register: an AUSF registered an A-KID that names another SUPI's context; refused"
              + " with 403, the other context kept";
      if (A_KID_WARNINGS.warn()) {
        log.warn(text);
      } else {
        log.debug(text);
      }
      return new NaanfOutcome.AKidOfAnotherSupi();
    }
    if (o instanceof AnchorOutcome.SupiRequired) {
      return new NaanfOutcome.Invalid(
          Problems.mandatoryIeMissing(
              List.of(
                  new Problem.InvalidParam(
                      "/supi", "this AAnF keeps contexts per SUPI (TS 33.535 §6.1)"))));
    }
    return new NaanfOutcome.StoreUnavailable();
  }

  private static NaanfOutcome fromAfKey(AfKeyOutcome o) {
    if (o instanceof AfKeyOutcome.Key k) {
      return new NaanfOutcome.Key(k);
    }
    if (o instanceof AfKeyOutcome.NoContext) {
      return new NaanfOutcome.NoContext();
    }
    if (o instanceof AfKeyOutcome.StoreUnavailable) {
      return new NaanfOutcome.StoreUnavailable();
    }
    throw new IllegalStateException("an AF key outcome without its answer: " + o);
  }

  private void count(String operation, NaanfOutcome o) {
    outcomes
        .computeIfAbsent(
            operation + "/" + o.tag(),
            t ->
                Counter.builder("bsf.naanf.outcomes")
                    .description("Naanf_AKMA requests by operation and outcome")
                    .tag("operation", operation)
                    .tag("outcome", o.tag())
                    .register(registry))
        .increment();
  }

  private static CompletionStage<NaanfOutcome> done(NaanfOutcome o) {
    return CompletableFuture.completedFuture(o);
  }
}
