package org.gbabsf.sba.oauth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.gbabsf.sba.http.SbiRequest;

/**
 * Who sent an SBI request, as the BSF's producers (Nbsp_GBA, Naanf_AKMA) prove it: with access
 * tokens configured (then required), the token's subject, and a client certificate then only
 * protects the channel (a certificate of one NF with the token of another must not mix identities);
 * without, the dNSNames of the client certificate. Identities are lower case.
 */
public sealed interface CallerIdentity {

  /**
   * The caller is known.
   *
   * @param identities its identities, lower case, at least one
   * @param token the accepted token, when tokens are required
   */
  record Identified(List<String> identities, Optional<TokenCheck.Accepted> token)
      implements CallerIdentity {
    /** Copies the list. */
    public Identified {
      identities = List.copyOf(identities);
    }

    /**
     * Whether the caller may use {@code scope}: always without tokens, else if its token grants it.
     */
    public boolean grants(String scope) {
      return token.isEmpty() || token.get().scopes().contains(scope);
    }
  }

  /**
   * The token is missing, invalid, or lacks the API's scope.
   *
   * @param rejected why
   * @param wwwAuthenticate the RFC 6750 challenge to answer with
   */
  record Refused(TokenCheck.Rejected rejected, String wwwAuthenticate) implements CallerIdentity {}

  /** No token is required and the peer presented no certificate name. */
  record Unidentified() implements CallerIdentity {}

  /** The caller of {@code request}, by {@code tokens} when present, else by its certificate. */
  static CallerIdentity of(SbiRequest request, Optional<TokenCache> tokens) {
    if (tokens.isPresent()) {
      TokenCheck check = tokens.get().verify(request.header("authorization").orElse(null));
      if (check instanceof TokenCheck.Rejected r) {
        return new Refused(r, tokens.get().verifier().wwwAuthenticate(r));
      }
      TokenCheck.Accepted a = (TokenCheck.Accepted) check;
      return new Identified(List.of(a.subject().toLowerCase(Locale.ROOT)), Optional.of(a));
    }
    List<String> names = new ArrayList<>();
    for (String n : request.peer().certificateNames()) {
      names.add(n.toLowerCase(Locale.ROOT));
    }
    return names.isEmpty() ? new Unidentified() : new Identified(names, Optional.empty());
  }
}
