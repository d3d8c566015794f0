package org.gbabsf.sba.oauth;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The outcome of checking the bearer token of one request: {@link Accepted} or {@link Rejected}.
 * Neither holds the token itself.
 */
public sealed interface TokenCheck permits TokenCheck.Accepted, TokenCheck.Rejected {

  /**
   * A token signed by a trusted NRF, in its validity period, for this BSF and with the required
   * scope (TS 33.501 §13.4.1).
   *
   * @param subject {@code sub}: the NF instance id of the consumer (the NAF)
   * @param issuer {@code iss}: the NF instance id of the NRF that issued the token
   * @param scopes every scope the token grants ({@code scope}, split at spaces)
   * @param expiresAt {@code exp}
   */
  record Accepted(String subject, String issuer, Set<String> scopes, Instant expiresAt)
      implements TokenCheck {
    /** Copies {@code scopes}; nothing may be null. */
    public Accepted {
      Objects.requireNonNull(subject, "subject");
      Objects.requireNonNull(issuer, "issuer");
      scopes = Set.copyOf(scopes);
      Objects.requireNonNull(expiresAt, "expiresAt");
    }
  }

  /**
   * A request without a usable token.
   *
   * @param reason why, which also fixes the HTTP status and the RFC 6750 error code
   * @param detail a short explanation for the log; printable ASCII, never the token or a key
   */
  record Rejected(Reason reason, String detail) implements TokenCheck {
    /** Neither may be null. */
    public Rejected {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
    }

    /** 401 or 403 (RFC 6750 §3.1). */
    public int status() {
      return reason.status();
    }

    /**
     * The RFC 6750 §3.1 {@code error} value; empty for {@link Reason#MISSING}, where the request
     * had no bearer credentials and RFC 6750 §3.1 says no error code should be given.
     */
    public Optional<String> error() {
      return reason.error();
    }
  }

  /** Why a token was rejected. */
  enum Reason {
    /** No {@code Authorization} header, or one of another scheme than Bearer. */
    MISSING(401, null, "no bearer token"),
    /** Not a compact JWS of JSON objects with the claims of TS 29.510 AccessTokenClaims. */
    MALFORMED(401, "invalid_token", "the access token is malformed"),
    /** {@code alg} is not ES256, RS256 or PS256 ({@code none} and HMAC included). */
    UNSUPPORTED_ALGORITHM(401, "invalid_token", "the access token algorithm is not accepted"),
    /** No trusted NRF key for the token's {@code kid}, or that key is not of the token's kind. */
    UNKNOWN_KEY(401, "invalid_token", "the access token is signed with an unknown key"),
    /** The signature does not verify with the trusted key. */
    BAD_SIGNATURE(401, "invalid_token", "the access token signature is invalid"),
    /** {@code exp} is past, beyond the allowed clock skew. */
    EXPIRED(401, "invalid_token", "the access token has expired"),
    /** {@code nbf} or {@code iat} is in the future, beyond the allowed clock skew. */
    NOT_YET_VALID(401, "invalid_token", "the access token is not yet valid"),
    /** {@code aud} names neither this BSF instance nor its NF type. */
    WRONG_AUDIENCE(401, "invalid_token", "the access token is not for this BSF"),
    /** A valid token that lacks a required scope (RFC 6750 §3.1: 403). */
    INSUFFICIENT_SCOPE(403, "insufficient_scope", "the access token lacks the required scope");

    private final int status;
    private final String error;
    private final String description;

    Reason(int status, String error, String description) {
      this.status = status;
      this.error = error;
      this.description = description;
    }

    /** The HTTP status: 403 for {@link #INSUFFICIENT_SCOPE}, 401 otherwise. */
    public int status() {
      return status;
    }

    /** The RFC 6750 §3.1 error code: none for {@link #MISSING}. */
    public Optional<String> error() {
      return Optional.ofNullable(error);
    }

    /**
     * A fixed, human-readable {@code error_description} (RFC 6750 §3): printable ASCII without
     * quote or backslash, so it can be sent back as it is.
     */
    public String description() {
      return description;
    }
  }
}
