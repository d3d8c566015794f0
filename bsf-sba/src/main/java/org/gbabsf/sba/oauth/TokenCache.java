package org.gbabsf.sba.oauth;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Accepted access tokens, remembered until their {@code exp}: a NAF or an AF sends the same token
 * with every request for its lifetime, and an ES256 verification costs about 0.9 ms of CPU on the
 * JDK (docs/benchmarks.md).
 *
 * <p>A token is found by the token itself, as {@link AccessTokenVerifier#bearerToken} takes it from
 * the {@code Authorization} value (the scheme in any case, RFC 9110 §11.1 and RFC 6750 §2.1; spaces
 * dropped): {@code Bearer t}, {@code bearer t} and {@code BEARER t} are one entry and one
 * verification. A hit is a token that verified before; only accepted tokens are kept, refusals
 * never. At most {@code capacity} are kept: a new one first drops those expired, then, if still
 * full, the one that expires soonest (the oldest insertion among equals), never the others.
 *
 * <p>Thread-safe: lookups take no lock; the rare insertions (one per token per lifetime) and
 * removals share one.
 */
public final class TokenCache {

  /** An accepted token's check, and when it was remembered (a tie-break for the eviction order). */
  private record Entry(TokenCheck.Accepted check, long sequence) {}

  private static final Comparator<Entry> SOONEST_EXPIRING =
      Comparator.comparing((Entry e) -> e.check().expiresAt()).thenComparingLong(Entry::sequence);

  private final AccessTokenVerifier verifier;
  private final Clock clock;
  private final int capacity;
  private final ConcurrentHashMap<String, Entry> byToken = new ConcurrentHashMap<>();
  private final LongAdder verifications = new LongAdder();

  /** The same entries as {@link #byToken}, soonest expiry first; guarded by {@code this}. */
  private final TreeMap<Entry, String> byExpiry = new TreeMap<>(SOONEST_EXPIRING);

  private long sequence; // guarded by this

  /**
   * Remembers at most {@code capacity} tokens accepted by {@code verifier}, expiring by {@code
   * clock}.
   */
  public TokenCache(AccessTokenVerifier verifier, Clock clock, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    this.verifier = verifier;
    this.clock = clock;
    this.capacity = capacity;
  }

  /** As {@link AccessTokenVerifier#verify}, from memory for a token accepted before. */
  public TokenCheck verify(String authorization) {
    Optional<String> bearer = AccessTokenVerifier.bearerToken(authorization);
    if (bearer.isEmpty()) {
      return verifier.verify(authorization); // says why there is no token; never remembered
    }
    String token = bearer.get();
    Instant now = clock.instant();
    Entry known = byToken.get(token);
    if (known != null) {
      if (now.isBefore(known.check().expiresAt())) {
        return known.check();
      }
      forget(token, known);
    }
    verifications.increment();
    TokenCheck check = verifier.verifyToken(token);
    if (check instanceof TokenCheck.Accepted a && now.isBefore(a.expiresAt())) {
      remember(token, a, now);
    }
    return check;
  }

  private synchronized void remember(String token, TokenCheck.Accepted accepted, Instant now) {
    Entry previous = byToken.remove(token);
    if (previous != null) {
      byExpiry.remove(previous);
    }
    while (!byExpiry.isEmpty() && !now.isBefore(byExpiry.firstKey().check().expiresAt())) {
      byToken.remove(byExpiry.pollFirstEntry().getValue());
    }
    while (byToken.size() >= capacity) {
      Map.Entry<Entry, String> soonest = byExpiry.pollFirstEntry();
      byToken.remove(soonest.getValue());
    }
    Entry entry = new Entry(accepted, sequence++);
    byExpiry.put(entry, token);
    byToken.put(token, entry);
  }

  private synchronized void forget(String token, Entry entry) {
    if (byToken.remove(token, entry)) {
      byExpiry.remove(entry);
    }
  }

  /** Tokens remembered now. */
  int size() {
    return byToken.size();
  }

  /** Signature verifications made so far: one per token not found in memory. */
  long verifications() {
    return verifications.sum();
  }

  /** The verifier, for its WWW-Authenticate values. */
  public AccessTokenVerifier verifier() {
    return verifier;
  }
}
