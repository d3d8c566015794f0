package org.gbabsf.naf;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The Ua use case of the authentication proxy (TS 24.109 §5.2 and §7; TS 33.222 §6), and of Ua*
 * with AKMA keys (TS 33.535 Annex B, TS 24.109 Annex K.2): decides, for one request, which keying
 * to offer, and whether to challenge, refuse or forward it. The one place of these decisions for
 * both keyings: they differ in realm, key source and what a missing key means, not in how Digest is
 * checked. Asynchronous (a Zn or Naanf query may be needed), never completes exceptionally, and
 * never blocks.
 */
public final class UaAuthenticator {

  /**
   * AKMA beside GBA: where K_AF comes from and to whom it is offered.
   *
   * @param keys K_AF by (A-KID, AF FQDN, Ua* protocol): normally a {@link KeyCache} over an {@link
   *     AanfKeySource}
   * @param protocol the Ua* security protocol identifier the AAnF derives K_AF with for the proxy's
   *     FQDNs (AF_ID = FQDN ‖ it, TS 33.535 Annex A.4): {@code 01 00 01 yy zz}, Digest over TLS
   *     with suite yy zz (TS 33.220 Annex H.3, TS 33.222 §5.3, whose NAF role the AF takes in TS
   *     33.535 Annex B). The AAnF's Naanf request carries the FQDN only, so K_AF can match the UE's
   *     only on connections that agreed that suite: AKMA is offered on those only
   * @param hosts the route hosts that offer AKMA (lower case); empty: every host
   * @param preferred true: a UE announcing both {@code 3gpp-akma} and {@code 3gpp-gba} is offered
   *     AKMA; false: GBA (TS 24.109 Annex K.2 NOTE 1: the choice between AKMA and AKA-based GBA is
   *     application dependent)
   */
  public record Akma(NafKeySource keys, UaProtocol protocol, Set<String> hosts, boolean preferred) {

    /** Checks that the protocol is one over TLS, and copies the hosts. */
    public Akma {
      byte[] o = protocol.octets();
      if (o[0] != 1 || o[1] != 0 || o[2] != 1) {
        throw new IllegalArgumentException(
            "AKMA runs over TLS only (TS 24.109 Annex K.2): its Ua* protocol is 01 00 01 yy zz");
      }
      hosts = Set.copyOf(hosts);
    }
  }

  private final NafKeySource keys;
  private final Optional<Akma> akma;
  private final NonceBook nonces;
  private final Clock clock;

  /** A use case on {@code keys} (normally a {@link KeyCache}) and {@code nonces}: GBA only. */
  public UaAuthenticator(NafKeySource keys, NonceBook nonces, Clock clock) {
    this(keys, Optional.empty(), nonces, clock);
  }

  /** A use case offering GBA with {@code keys} and, if present, {@code akma}. */
  public UaAuthenticator(NafKeySource keys, Optional<Akma> akma, NonceBook nonces, Clock clock) {
    this.keys = keys;
    this.akma = akma;
    this.nonces = nonces;
    this.clock = clock;
  }

  /** The nonces issued (the adapter issues them for challenges and nextnonce). */
  public NonceBook nonces() {
    return nonces;
  }

  /**
   * Whether AKMA credentials are taken on {@code r}: AKMA configured, a TLS connection whose Ua*
   * protocol is the AAnF's (never plain HTTP: that protocol is {@code 01 00 00 00 02}), a host that
   * offers it.
   */
  private boolean akmaAllowed(UaRequest r) {
    return akma.isPresent()
        && r.protocol().equals(akma.get().protocol())
        && (akma.get().hosts().isEmpty() || akma.get().hosts().contains(r.host()));
  }

  /**
   * The keying a challenge to {@code r} offers: AKMA where it is allowed and the UE announced
   * {@code 3gpp-akma} (TS 24.109 Annex K.2 b) 1)), unless it also announced {@code 3gpp-gba} and
   * GBA is preferred; else GBA.
   */
  Keying offered(UaRequest r) {
    if (!akmaAllowed(r)) {
      return Keying.GBA;
    }
    String userAgent = r.userAgent().orElse(null);
    if (!UaDigest.hasProduct(userAgent, UaDigest.AKMA_USER_AGENT_TOKEN)) {
      return Keying.GBA;
    }
    return akma.get().preferred() || !UaDigest.hasProduct(userAgent, UaDigest.USER_AGENT_TOKEN)
        ? Keying.AKMA
        : Keying.GBA;
  }

  private NafKeySource keys(Keying keying) {
    return keying == Keying.AKMA ? akma.orElseThrow().keys() : keys;
  }

  /** What to do with {@code r}. */
  public CompletionStage<UaOutcome> authenticate(UaRequest r) {
    if (r.authorization().isEmpty()) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, offered(r)));
    }
    UaDigest.Parsed parsed = UaDigest.parse(r.authorization().get());
    if (parsed instanceof UaDigest.OtherScheme) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.INITIAL, false, offered(r)));
    }
    if (parsed instanceof UaDigest.Malformed m) {
      return done(new UaOutcome.BadRequest(m.reason()));
    }
    UaDigest.Credentials c = (UaDigest.Credentials) parsed;
    Keying keying;
    if (c.realm().equalsIgnoreCase(UaDigest.realm(r.host(), Keying.GBA))) {
      keying = Keying.GBA;
    } else if (c.realm().equalsIgnoreCase(UaDigest.realm(r.host(), Keying.AKMA))
        && akmaAllowed(r)) {
      keying = Keying.AKMA;
    } else {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.WRONG_REALM, false, offered(r)));
    }
    if (!c.uri().equals(r.target())) {
      // RFC 7616 §3.4.6: the digest-uri must be the request-target, or a captured
      // Authorization could be replayed for another resource.
      return done(new UaOutcome.BadRequest("digest uri does not match the request target"));
    }
    // Nothing for a made-up nonce or B-TID (A-KID) to cost: the BSF (AAnF) is asked for a key only
    // once the nonce is known to be ours, fresh and this host's; and a count is spent only by a
    // digest that verifies, so that junk responses cannot burn a real UE's nonce.
    NonceBook.Use use = nonces.check(c.nonce(), r.host(), c.count());
    if (use == NonceBook.Use.REPLAYED) {
      return done(new UaOutcome.Challenge(UaOutcome.Cause.REPLAYED, false, keying));
    }
    String bodyMd5 = c.qop().equals("auth-int") ? r.bodyMd5().get() : null;
    if (use == NonceBook.Use.UNKNOWN) {
      return done(staleNonce(r, c, bodyMd5, keying));
    }
    return keys(keying)
        .fetch(c.btid(), r.host(), r.protocol())
        .thenApply(answer -> decide(r, c, bodyMd5, answer, keying));
  }

  /**
   * A nonce we do not know (expired, dropped, another host's, made up): a new challenge. {@code
   * stale=true} (the UE retries at once with the new nonce, RFC 7616 §3.3) when a key held here
   * shows the digest right; without one the BSF is not asked, and stale=true still costs a UE with
   * a valid key one round trip and tells one without it nothing: its retry, on a nonce we know, is
   * where the BSF is asked and a dead B-TID gets "bootstrapping required".
   */
  private UaOutcome staleNonce(UaRequest r, UaDigest.Credentials c, String bodyMd5, Keying keying) {
    boolean stale =
        keys(keying) instanceof KeyCache cache
            ? cache
                .held(c.btid(), r.host(), r.protocol())
                .map(k -> UaDigest.verifies(c, k.ksNaf(), r.method(), bodyMd5))
                .orElse(true)
            : true;
    return new UaOutcome.Challenge(UaOutcome.Cause.STALE_NONCE, stale, keying);
  }

  private UaOutcome decide(
      UaRequest r, UaDigest.Credentials c, String bodyMd5, KeyAnswer answer, Keying keying) {
    boolean gba = keying == Keying.GBA;
    if (answer instanceof KeyAnswer.Unknown) {
      return gba
          ? new UaOutcome.Challenge(UaOutcome.Cause.BOOTSTRAPPING_REQUIRED, false)
          : new UaOutcome.NoAfKey("the AAnF has no AKMA context for this A-KID");
    }
    if (answer instanceof KeyAnswer.Refused refused) {
      return new UaOutcome.Forbidden(
          (gba
                  ? "the BSF does not allow this service for this user ("
                  : "the AAnF does not give this service the user's key (")
              + refused.code()
              + ")",
          keying);
    }
    if (answer instanceof KeyAnswer.Unavailable) {
      return new UaOutcome.Unavailable(
          gba ? "the BSF cannot be reached" : "the AAnF cannot be reached", keying);
    }
    KeyAnswer.Key key = (KeyAnswer.Key) answer;
    if (!clock.instant().isBefore(key.expiresAt())) {
      return gba
          ? new UaOutcome.Challenge(UaOutcome.Cause.KEY_EXPIRED, false)
          : new UaOutcome.NoAfKey("the AAnF gave a key that has expired");
    }
    if (!UaDigest.verifies(c, key.ksNaf(), r.method(), bodyMd5)) {
      return new UaOutcome.Challenge(UaOutcome.Cause.WRONG_RESPONSE, false, keying);
    }
    switch (nonces.spend(c.nonce(), r.host(), c.count())) {
      case FRESH:
        break;
      case REPLAYED:
        return new UaOutcome.Challenge(UaOutcome.Cause.REPLAYED, false, keying);
      default:
        // dropped or expired while the key was asked for
        return new UaOutcome.Challenge(UaOutcome.Cause.STALE_NONCE, true, keying);
    }
    List<String> allowed = key.identities();
    if (allowed.isEmpty()) {
      return new UaOutcome.Forbidden(
          gba
              ? "no identity of this user may use this service"
              : "the AAnF gives this service no identity of this user",
          keying);
    }
    if (r.intendedIdentity().isPresent()) {
      String intended = normalise(r.intendedIdentity().get());
      for (String id : allowed) {
        if (normalise(id).equals(intended)) {
          return new UaOutcome.Authenticated(c, key.ksNaf(), List.of(id), keying);
        }
      }
      return new UaOutcome.Forbidden("the intended identity is not one of this user's", keying);
    }
    return new UaOutcome.Authenticated(c, key.ksNaf(), allowed, keying);
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
