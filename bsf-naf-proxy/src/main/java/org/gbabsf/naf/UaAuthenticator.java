package org.gbabsf.naf;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The Ua use case of the authentication proxy (TS 24.109 §5.2 and §7; TS 33.222 §6): decides, for
 * one request, whether to challenge, refuse or forward it. Asynchronous (a Zn query may be needed),
 * never completes exceptionally, and never blocks.
 */
public final class UaAuthenticator {

  private final NafKeySource keys;
  private final NonceBook nonces;
  private final Clock clock;

  /** A use case on {@code keys} (normally a {@link KeyCache}) and {@code nonces}. */
  public UaAuthenticator(NafKeySource keys, NonceBook nonces, Clock clock) {
    this.keys = keys;
    this.nonces = nonces;
    this.clock = clock;
  }

  /** The nonces issued (the adapter issues them for challenges and nextnonce). */
  public NonceBook nonces() {
    return nonces;
  }

  /** What to do with {@code r}. */
  public CompletionStage<UaOutcome> authenticate(UaRequest r) {
    if (r.authorization().isEmpty()) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false));
    }
    UaDigest.Parsed parsed = UaDigest.parse(r.authorization().get());
    if (parsed instanceof UaDigest.OtherScheme) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false));
    }
    if (parsed instanceof UaDigest.Malformed m) {
      return done(new UaOutcome.BadRequest(m.reason()));
    }
    UaDigest.Credentials c = (UaDigest.Credentials) parsed;
    if (!c.realm().equalsIgnoreCase(UaDigest.realm(r.host()))) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.WRONG_REALM, false));
    }
    if (!c.uri().equals(r.target())) {
      // RFC 7616 §3.4.6: the digest-uri must be the request-target, or a captured
      // Authorization could be replayed for another resource.
      return done(new UaOutcome.BadRequest("digest uri does not match the request target"));
    }
    // Nothing for a made-up nonce or B-TID to cost: the BSF is asked for a key only once the
    // nonce is known to be ours, fresh and this host's; and a count is spent only by a digest that
    // verifies, so that junk responses cannot burn a real UE's nonce.
    NonceBook.Use use = nonces.check(c.nonce(), r.host(), c.count());
    if (use == NonceBook.Use.REPLAYED) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.REPLAYED, false));
    }
    String bodyMd5 = c.qop().equals("auth-int") ? r.bodyMd5().get() : null;
    if (use == NonceBook.Use.UNKNOWN) {
      return done(staleNonce(r, c, bodyMd5));
    }
    return keys.fetch(c.btid(), r.host(), r.protocol())
        .thenApply(answer -> decide(r, c, bodyMd5, answer));
  }

  /**
   * A nonce we do not know (expired, dropped, another host's, made up): a new challenge. {@code
   * stale=true} (the UE retries at once with the new nonce, RFC 7616 §3.3) when a key held here
   * shows the digest right; without one the BSF is not asked, and stale=true still costs a UE with
   * a valid key one round trip and tells one without it nothing: its retry, on a nonce we know, is
   * where the BSF is asked and a dead B-TID gets "bootstrapping required".
   */
  private UaOutcome staleNonce(UaRequest r, UaDigest.Credentials c, String bodyMd5) {
    boolean stale =
        keys instanceof KeyCache cache
            ? cache
                .held(c.btid(), r.host(), r.protocol())
                .map(k -> UaDigest.verifies(c, k.ksNaf(), r.method(), bodyMd5))
                .orElse(true)
            : true;
    return new UaOutcome.Challenge(UaOutcome.Cause.STALE_NONCE, stale);
  }

  private UaOutcome decide(UaRequest r, UaDigest.Credentials c, String bodyMd5, KeyAnswer answer) {
    if (answer instanceof KeyAnswer.Unknown) {
      return new UaOutcome.Challenge(UaOutcome.Cause.BOOTSTRAPPING_REQUIRED, false);
    }
    if (answer instanceof KeyAnswer.Refused refused) {
      return new UaOutcome.Forbidden(
          "the BSF does not allow this service for this user (" + refused.code() + ")");
    }
    if (answer instanceof KeyAnswer.Unavailable) {
      return new UaOutcome.Unavailable("the BSF cannot be reached");
    }
    KeyAnswer.Key key = (KeyAnswer.Key) answer;
    if (!clock.instant().isBefore(key.expiresAt())) {
      return new UaOutcome.Challenge(UaOutcome.Cause.KEY_EXPIRED, false);
    }
    if (!UaDigest.verifies(c, key.ksNaf(), r.method(), bodyMd5)) {
      return new UaOutcome.Challenge(UaOutcome.Cause.WRONG_RESPONSE, false);
    }
    switch (nonces.spend(c.nonce(), r.host(), c.count())) {
      case FRESH:
        break;
      case REPLAYED:
        return new UaOutcome.Challenge(UaOutcome.Cause.REPLAYED, false);
      default:
        // dropped or expired while the key was asked for
        return new UaOutcome.Challenge(UaOutcome.Cause.STALE_NONCE, true);
    }
    List<String> allowed = key.identities();
    if (allowed.isEmpty()) {
      return new UaOutcome.Forbidden("no identity of this user may use this service");
    }
    if (r.intendedIdentity().isPresent()) {
      String intended = normalise(r.intendedIdentity().get());
      for (String id : allowed) {
        if (normalise(id).equals(intended)) {
          return new UaOutcome.Authenticated(c, key.ksNaf(), List.of(id));
        }
      }
      return new UaOutcome.Forbidden("the intended identity is not one of this user's");
    }
    return new UaOutcome.Authenticated(c, key.ksNaf(), allowed);
  }

  /**
   * An identity as compared (TS 24.109 §7.2): quotes and angle brackets removed, the scheme and
   * host part in lower case (sip:Alice@Home1.net and "sip:alice@home1.net" are one identity for a
   * provisioning that writes them either way; user parts of SIP URIs are case-sensitive, tel: URIs
   * are digits).
   */
  static String normalise(String identity) {
    String s = identity.strip();
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
      s = s.substring(1, s.length() - 1).strip();
    }
    if (s.length() >= 2 && s.startsWith("<") && s.endsWith(">")) {
      s = s.substring(1, s.length() - 1).strip();
    }
    int colon = s.indexOf(':');
    int at = s.lastIndexOf('@');
    if (colon > 0) {
      String scheme = s.substring(0, colon).toLowerCase(Locale.ROOT);
      String rest = s.substring(colon + 1);
      int restAt = rest.lastIndexOf('@');
      if (restAt >= 0) {
        rest =
            rest.substring(0, restAt) + "@" + rest.substring(restAt + 1).toLowerCase(Locale.ROOT);
      }
      return scheme + ":" + rest;
    }
    return at >= 0 ? s.substring(0, at) + "@" + s.substring(at + 1).toLowerCase(Locale.ROOT) : s;
  }

  private static CompletionStage<UaOutcome> done(UaOutcome o) {
    return CompletableFuture.completedFuture(o);
  }
}
