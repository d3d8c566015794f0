package org.gbabsf.sba.nbsp;

import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.TokenCheck;

/**
 * Accepted access tokens, remembered until their {@code exp}: a NAF sends the same token with every
 * request for its lifetime, and an ES256 verification costs about 0.9 ms of CPU on the JDK
 * (docs/benchmarks.md). A token is found by its exact {@code Authorization} value, so a hit is a
 * token that verified before; only accepted tokens are kept (at most {@code capacity}: when full,
 * the cache starts again empty). Refusals are never cached.
 */
final class TokenCache {

  private final AccessTokenVerifier verifier;
  private final Clock clock;
  private final int capacity;
  private final ConcurrentHashMap<String, TokenCheck.Accepted> accepted = new ConcurrentHashMap<>();

  TokenCache(AccessTokenVerifier verifier, Clock clock, int capacity) {
    this.verifier = verifier;
    this.clock = clock;
    this.capacity = capacity;
  }

  /** As {@link AccessTokenVerifier#verify}, from memory for a token accepted before. */
  TokenCheck verify(String authorization) {
    if (authorization == null) {
      return verifier.verify(null);
    }
    TokenCheck.Accepted known = accepted.get(authorization);
    if (known != null) {
      if (clock.instant().isBefore(known.expiresAt())) {
        return known;
      }
      accepted.remove(authorization);
    }
    TokenCheck check = verifier.verify(authorization);
    if (check instanceof TokenCheck.Accepted a) {
      if (accepted.size() >= capacity) {
        accepted.clear();
      }
      accepted.put(authorization, a);
    }
    return check;
  }

  /** Tokens remembered now. */
  int size() {
    return accepted.size();
  }

  /** The verifier, for its WWW-Authenticate values. */
  AccessTokenVerifier verifier() {
    return verifier;
  }
}
