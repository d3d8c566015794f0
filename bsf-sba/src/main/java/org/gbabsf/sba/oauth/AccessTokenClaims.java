package org.gbabsf.sba.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.OptionalLong;
import java.util.Set;
import org.gbabsf.sba.oauth.TokenCheck.Reason;

/**
 * The claims of an NRF access token that this BSF checks (TS 29.510 §6.3.5.2.4 AccessTokenClaims;
 * RFC 7519 §4.1). Required: {@code iss}, {@code sub}, {@code aud}, {@code scope}, {@code exp}. Read
 * when present: {@code nbf}, {@code iat}. Every other claim ({@code consumerPlmnId}, {@code
 * producerNfSetId}, …) is ignored.
 *
 * @param issuer {@code iss}, the NRF's NF instance id
 * @param subject {@code sub}, the consumer's NF instance id
 * @param audiences {@code aud}: one NF type, or NF instance ids
 * @param scopes {@code scope} split at its spaces
 * @param expiry {@code exp} in seconds since the epoch, clamped to {@code [0, }{@value
 *     #MAX_NUMERIC_DATE}{@code ]}
 * @param notBefore {@code nbf}, likewise
 * @param issuedAt {@code iat}, likewise
 */
record AccessTokenClaims(
    String issuer,
    String subject,
    Set<String> audiences,
    Set<String> scopes,
    long expiry,
    OptionalLong notBefore,
    OptionalLong issuedAt) {

  /** 9999-12-31T23:59:59Z: later NumericDates are taken as this one. */
  static final long MAX_NUMERIC_DATE = 253_402_300_799L;

  /** Reads the payload of a verified JWS; never throws on bad input. */
  static Outcome<AccessTokenClaims> parse(byte[] payload) {
    Outcome<JsonNode> json = CompactJws.object(payload, "claims set");
    if (json instanceof Outcome.Failed<JsonNode> f) {
      return new Outcome.Failed<>(f.rejected());
    }
    JsonNode c = ((Outcome.Ok<JsonNode>) json).value();
    String iss = text(c, "iss");
    String sub = text(c, "sub");
    if (iss == null || sub == null) {
      return Outcome.failed(Reason.MALFORMED, "iss or sub is missing or not a non-empty string");
    }
    Set<String> aud = audiences(c.get("aud"));
    if (aud.isEmpty()) {
      return Outcome.failed(
          Reason.MALFORMED, "aud is missing, or neither a string nor an array of strings");
    }
    JsonNode scope = c.get("scope");
    Set<String> scopes = scope != null && scope.isTextual() ? scopes(scope.textValue()) : Set.of();
    if (scopes.isEmpty()) {
      return Outcome.failed(
          Reason.MALFORMED, "scope is missing or not space-separated scope tokens (TS 29.510)");
    }
    OptionalLong exp = numericDate(c.get("exp"));
    OptionalLong nbf = numericDate(c.get("nbf"));
    OptionalLong iat = numericDate(c.get("iat"));
    if (exp.isEmpty()) {
      return Outcome.failed(Reason.MALFORMED, "exp is missing or not a NumericDate");
    }
    if ((c.has("nbf") && nbf.isEmpty()) || (c.has("iat") && iat.isEmpty())) {
      return Outcome.failed(Reason.MALFORMED, "nbf or iat is not a NumericDate");
    }
    return Outcome.ok(new AccessTokenClaims(iss, sub, aud, scopes, exp.getAsLong(), nbf, iat));
  }

  private static String text(JsonNode claims, String name) {
    JsonNode n = claims.get(name);
    return n != null && n.isTextual() && !n.textValue().isEmpty() ? n.textValue() : null;
  }

  /** A string, or a non-empty array of strings (TS 29.510 AccessTokenClaims aud); else empty. */
  private static Set<String> audiences(JsonNode aud) {
    if (aud == null) {
      return Set.of();
    }
    if (aud.isTextual()) {
      return Set.of(aud.textValue());
    }
    if (!aud.isArray()) {
      return Set.of();
    }
    Set<String> out = new LinkedHashSet<>();
    for (JsonNode item : aud) {
      if (!item.isTextual()) {
        return Set.of();
      }
      out.add(item.textValue());
    }
    return Set.copyOf(out);
  }

  /**
   * The tokens of {@code ^([a-zA-Z0-9_:-]+)( [a-zA-Z0-9_:-]+)*$} (TS 29.510 AccessTokenClaims
   * scope), or empty if {@code scope} does not match it.
   */
  static Set<String> scopes(String scope) {
    Set<String> out = new LinkedHashSet<>();
    int start = 0;
    for (int i = 0; i <= scope.length(); i++) {
      if (i == scope.length() || scope.charAt(i) == ' ') {
        if (i == start) {
          return Set.of();
        }
        out.add(scope.substring(start, i));
        start = i + 1;
      } else if (!isScopeChar(scope.charAt(i))) {
        return Set.of();
      }
    }
    return Set.copyOf(out);
  }

  private static boolean isScopeChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == ':'
        || c == '-';
  }

  /**
   * A NumericDate (RFC 7519 §2): a JSON number of seconds since the epoch, fractions dropped,
   * clamped to {@code [0, MAX_NUMERIC_DATE]}; empty if absent, not a number or beyond a long.
   */
  private static OptionalLong numericDate(JsonNode n) {
    if (n == null || !n.isNumber() || !n.canConvertToLong()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.max(0, Math.min(MAX_NUMERIC_DATE, n.asLong())));
  }
}
