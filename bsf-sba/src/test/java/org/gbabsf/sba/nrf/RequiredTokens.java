package org.gbabsf.sba.nrf;

import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.ExpectedAudience;
import org.gbabsf.sba.oauth.NrfKeys;
import org.gbabsf.sba.oauth.TokenCheck;
import org.gbabsf.sba.problem.Problem;

/**
 * A producer that requires access tokens, for tests: routes (an HSS simulator's) wrapped so that
 * each request needs a token of the NRF's key for {@code audienceNfType} with the route's API name
 * as scope (e.g. {@code nhss-gba-ueau}); others get 401 (403 for a missing scope) with a
 * ProblemDetails, as TS 29.500 §5.2.7 has it.
 */
public final class RequiredTokens {

  private final NrfKeys keys;
  private final String audienceNfType;
  private final Clock clock;
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();

  /**
   * Tokens signed with {@code nrfKey}, for NF type {@code audienceNfType}, valid at {@code clock}.
   */
  public RequiredTokens(PublicKey nrfKey, String audienceNfType, Clock clock) {
    this.keys = NrfKeys.of(Map.of(), Optional.of(nrfKey));
    this.audienceNfType = audienceNfType;
    this.clock = clock;
  }

  /** {@code routes}, each requiring a token with its API name as scope. */
  public SbiRoutes wrap(SbiRoutes routes) {
    List<SbiRoutes.Route> out = new ArrayList<>();
    for (SbiRoutes.Route r : routes.routes()) {
      AccessTokenVerifier verifier =
          new AccessTokenVerifier(
              keys,
              new ExpectedAudience(Optional.empty(), Optional.of(audienceNfType)),
              Set.of(r.api()),
              clock,
              Duration.ofSeconds(5));
      out.add(
          new SbiRoutes.Route(
              r.method(),
              r.template(),
              r.api(),
              request -> {
                TokenCheck check = verifier.verify(request.header("authorization").orElse(null));
                if (check instanceof TokenCheck.Rejected no) {
                  refused.incrementAndGet();
                  return CompletableFuture.completedFuture(
                      SbiResponse.problem(
                              new Problem(
                                  no.status(),
                                  no.status() == 401 ? "Unauthorized" : "Forbidden",
                                  Optional.empty(),
                                  Optional.of(no.reason().description()),
                                  List.of()))
                          .withHeader("www-authenticate", "Bearer"));
                }
                accepted.incrementAndGet();
                return r.service().handle(request);
              },
              r.otherMediaTypes()));
    }
    return SbiRoutes.of(out);
  }

  /** Requests let through with a valid token. */
  public int accepted() {
    return accepted.get();
  }

  /** Requests refused. */
  public int refused() {
    return refused.get();
  }
}
