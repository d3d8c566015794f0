package org.gbabsf.sba.oauth;

import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.gbabsf.sba.oauth.TokenCheck.Accepted;
import org.gbabsf.sba.oauth.TokenCheck.Reason;
import org.gbabsf.sba.oauth.TokenCheck.Rejected;

/**
 * Checks the OAuth 2.0 access token of a Nbsp_GBA request (TS 33.501 §13.4.1, TS 29.510 §6.3.5.2.4)
 * from its {@code Authorization} header value (RFC 6750 §2.1): a JWS in the compact serialization
 * (RFC 7515 §7.1) signed by a trusted NRF with ES256, RS256 or PS256 (RFC 7518 §3.1), whose claims
 * are valid now, for this BSF, and grant the required scope. The Nbsp_GBA API (TS 29.309) requires
 * {@code nbsp-gba}; the per-operation scope {@code nbsp-gba:bootstrapping-info-retrieval:invoke} is
 * only asked for together with it, so it does not stand in for it.
 *
 * <p>Checked in this order, the first failure deciding: the header (MISSING, MALFORMED); the JWS
 * header (MALFORMED, UNSUPPORTED_ALGORITHM); the key for {@code kid} (UNKNOWN_KEY); the signature
 * (BAD_SIGNATURE), before anything of the payload is read; the claims (MALFORMED); {@code exp}
 * (EXPIRED, RFC 7519 §4.1.4); {@code nbf} and {@code iat} (NOT_YET_VALID, RFC 7519 §4.1.5; a token
 * issued in the future is refused too); {@code aud} (WRONG_AUDIENCE); {@code scope}
 * (INSUFFICIENT_SCOPE). Every time comparison allows the configured clock skew.
 *
 * <p>Thread-safe and without I/O; bad input never throws. A {@link Rejected#detail()} never holds
 * the token or its signature: of the token's content it shows at most the values of {@code alg},
 * {@code kid}, {@code aud}, {@code scope} and the times, each quoted and cut short by {@link
 * Printable}.
 */
public final class AccessTokenVerifier {

  /** The scope Nbsp_GBA requires (TS 29.309 securitySchemes oAuth2ClientCredentials). */
  public static final String NBSP_GBA_SCOPE = "nbsp-gba";

  /** The scope Naanf_AKMA requires of every operation (TS 29.535, TS29535_Naanf_AKMA.yaml). */
  public static final String NAANF_AKMA_SCOPE = "naanf-akma";

  /** The longest {@code Authorization} value read; an NRF token is far shorter. */
  public static final int MAX_HEADER_LENGTH = 8 * 1024;

  /** The largest clock skew that may be configured. */
  public static final Duration MAX_SKEW = Duration.ofMinutes(10);

  private static final String BEARER = "Bearer";

  private final NrfKeys keys;
  private final ExpectedAudience audience;
  private final SortedSet<String> requiredScopes;
  private final Clock clock;
  private final Duration skew;

  /**
   * A verifier.
   *
   * @param keys the trusted NRF keys
   * @param audience whom tokens must be for
   * @param requiredScopes scopes a token must all grant (at least one)
   * @param clock the time tokens are checked at
   * @param allowedSkew how far the NRF's clock may be off, from zero to {@link #MAX_SKEW}
   * @throws IllegalArgumentException if a scope is not a TS 29.510 scope token, none is given, or
   *     the skew is out of range
   */
  public AccessTokenVerifier(
      NrfKeys keys,
      ExpectedAudience audience,
      Set<String> requiredScopes,
      Clock clock,
      Duration allowedSkew) {
    this.keys = Objects.requireNonNull(keys, "keys");
    this.audience = Objects.requireNonNull(audience, "audience");
    this.requiredScopes = Collections.unmodifiableSortedSet(new TreeSet<>(requiredScopes));
    this.clock = Objects.requireNonNull(clock, "clock");
    this.skew = Objects.requireNonNull(allowedSkew, "allowedSkew");
    if (this.requiredScopes.isEmpty()
        || !AccessTokenClaims.scopes(String.join(" ", this.requiredScopes))
            .equals(this.requiredScopes)) {
      throw new IllegalArgumentException(
          "required scopes must be one or more of [a-zA-Z0-9_:-]+: " + this.requiredScopes);
    }
    if (allowedSkew.isNegative() || allowedSkew.compareTo(MAX_SKEW) > 0) {
      throw new IllegalArgumentException("the clock skew must be within 0 and " + MAX_SKEW);
    }
  }

  /**
   * The verifier of Nbsp_GBA: tokens for this BSF instance or for {@code GBA_BSF}, with scope
   * {@value #NBSP_GBA_SCOPE}.
   */
  public static AccessTokenVerifier forNbspGba(
      NrfKeys keys, String nfInstanceId, Clock clock, Duration allowedSkew) {
    return new AccessTokenVerifier(
        keys,
        ExpectedAudience.instanceOrGbaBsf(nfInstanceId),
        Set.of(NBSP_GBA_SCOPE),
        clock,
        allowedSkew);
  }

  /**
   * The verifier of Naanf_AKMA: tokens for this AAnF instance or for {@code AANF}, with scope
   * {@value #NAANF_AKMA_SCOPE}; the operation's own scope is the service's to check.
   */
  public static AccessTokenVerifier forNaanfAkma(
      NrfKeys keys, String nfInstanceId, Clock clock, Duration allowedSkew) {
    return new AccessTokenVerifier(
        keys,
        ExpectedAudience.instanceOrAanf(nfInstanceId),
        Set.of(NAANF_AKMA_SCOPE),
        clock,
        allowedSkew);
  }

  /**
   * Checks a request's token.
   *
   * @param authorization the value of its {@code Authorization} header, null if it had none
   */
  public TokenCheck verify(String authorization) {
    Outcome<String> token = bearerTokenOf(authorization);
    if (token instanceof Outcome.Failed<String> f) {
      return f.rejected();
    }
    return verifyToken(((Outcome.Ok<String>) token).value());
  }

  /**
   * The token of an {@code Authorization} value, as {@link #verify} reads it: the scheme {@code
   * Bearer} in any case, surrounding and separating spaces dropped. Empty if the value has no token
   * (none, another scheme, too long); {@link #verify} then says why. The same token therefore comes
   * out of {@code Bearer t}, {@code bearer t} and {@code BEARER t }, which lets a cache key on it.
   */
  public static Optional<String> bearerToken(String authorization) {
    return bearerTokenOf(authorization) instanceof Outcome.Ok<String> ok
        ? Optional.of(ok.value())
        : Optional.empty();
  }

  /**
   * Checks a bare token, as {@link #bearerToken} took it from a header: {@link #verify} without the
   * header step.
   */
  public TokenCheck verifyToken(String token) {
    if (token.length() > MAX_HEADER_LENGTH) {
      return new Rejected(
          Reason.MALFORMED, "the access token is over " + MAX_HEADER_LENGTH + " characters");
    }
    Outcome<CompactJws> parsed = CompactJws.parse(token);
    if (parsed instanceof Outcome.Failed<CompactJws> f) {
      return f.rejected();
    }
    CompactJws jws = ((Outcome.Ok<CompactJws>) parsed).value();
    String keyName = jws.kid().map(k -> "kid " + Printable.quoted(k)).orElse("the default key");
    Optional<PublicKey> key = keys.find(jws.kid());
    if (key.isEmpty()) {
      return new Rejected(Reason.UNKNOWN_KEY, "no trusted NRF key for " + keyName);
    }
    if (!jws.algorithm().fits(key.get())) {
      return new Rejected(
          Reason.UNKNOWN_KEY,
          keyName + " is a " + key.get().getAlgorithm() + " key, not for " + jws.algorithm());
    }
    if (!JwsSignature.verify(jws.algorithm(), key.get(), jws.signingInput(), jws.signature())) {
      return new Rejected(
          Reason.BAD_SIGNATURE,
          "the " + jws.algorithm() + " signature does not verify with " + keyName);
    }
    Outcome<AccessTokenClaims> read = AccessTokenClaims.parse(jws.payload());
    if (read instanceof Outcome.Failed<AccessTokenClaims> f) {
      return f.rejected();
    }
    return check(((Outcome.Ok<AccessTokenClaims>) read).value());
  }

  /**
   * The {@code WWW-Authenticate} value for a rejection (RFC 6750 §3): {@code Bearer} alone when no
   * token was sent; else with {@code error} and {@code error_description}, and for {@code
   * insufficient_scope} the {@code scope} needed.
   */
  public String wwwAuthenticate(Rejected rejected) {
    StringBuilder b = new StringBuilder(BEARER);
    Optional<String> error = rejected.error();
    if (error.isPresent()) {
      b.append(" error=\"").append(error.get()).append('"');
      b.append(", error_description=\"").append(rejected.reason().description()).append('"');
    }
    if (rejected.reason() == Reason.INSUFFICIENT_SCOPE) {
      b.append(", scope=\"").append(String.join(" ", requiredScopes)).append('"');
    }
    return b.toString();
  }

  /** The scopes a token must grant, sorted. */
  public Set<String> requiredScopes() {
    return requiredScopes;
  }

  /**
   * {@code Bearer} 1*SP token (RFC 6750 §2.1), the scheme in any case (RFC 9110 §11.1), surrounding
   * whitespace dropped: the one parse of the header, for {@link #verify} and {@link #bearerToken}.
   */
  private static Outcome<String> bearerTokenOf(String authorization) {
    if (authorization == null) {
      return Outcome.failed(Reason.MISSING, "no Authorization header");
    }
    if (authorization.length() > MAX_HEADER_LENGTH) {
      return Outcome.failed(
          Reason.MALFORMED,
          "the Authorization header is over " + MAX_HEADER_LENGTH + " characters");
    }
    String value = authorization.strip();
    if (value.isEmpty()) {
      return Outcome.failed(Reason.MISSING, "an empty Authorization header");
    }
    int n = BEARER.length();
    if (!value.regionMatches(true, 0, BEARER, 0, n)
        || (value.length() > n && value.charAt(n) != ' ')) {
      return Outcome.failed(Reason.MISSING, "the Authorization scheme is not Bearer");
    }
    String token = value.substring(n).strip();
    if (token.isEmpty()) {
      return Outcome.failed(Reason.MALFORMED, "Bearer without a token");
    }
    return Outcome.ok(token);
  }

  private TokenCheck check(AccessTokenClaims claims) {
    Instant now = clock.instant();
    Instant expiry = Instant.ofEpochSecond(claims.expiry());
    if (!now.isBefore(expiry.plus(skew))) {
      return new Rejected(Reason.EXPIRED, "exp " + expiry + " is past at " + now);
    }
    Instant latest = now.plus(skew);
    if (claims.notBefore().isPresent()
        && latest.isBefore(Instant.ofEpochSecond(claims.notBefore().getAsLong()))) {
      return new Rejected(
          Reason.NOT_YET_VALID,
          "nbf " + Instant.ofEpochSecond(claims.notBefore().getAsLong()) + " is after " + now);
    }
    if (claims.issuedAt().isPresent()
        && latest.isBefore(Instant.ofEpochSecond(claims.issuedAt().getAsLong()))) {
      return new Rejected(
          Reason.NOT_YET_VALID,
          "iat " + Instant.ofEpochSecond(claims.issuedAt().getAsLong()) + " is after " + now);
    }
    if (!audience.accepts(claims.audiences())) {
      return new Rejected(
          Reason.WRONG_AUDIENCE,
          "aud " + shown(claims.audiences()) + " is neither this BSF instance nor its NF type");
    }
    if (!claims.scopes().containsAll(requiredScopes)) {
      return new Rejected(
          Reason.INSUFFICIENT_SCOPE,
          "scope " + shown(claims.scopes()) + " lacks " + String.join(" ", requiredScopes));
    }
    return new Accepted(claims.subject(), claims.issuer(), claims.scopes(), expiry);
  }

  /** At most a few values, each quoted by {@link Printable}. */
  private static String shown(Set<String> values) {
    StringBuilder b = new StringBuilder("[");
    int shown = 0;
    for (String v : new TreeSet<>(values)) {
      if (shown == 4) {
        b.append(", ...");
        break;
      }
      b.append(shown == 0 ? "" : ", ").append(Printable.quoted(v));
      shown++;
    }
    return b.append(']').toString();
  }
}
