package org.gbabsf.naf;

import java.util.List;

/** What the proxy does with a UE's request: the one decision its Netty adapter turns into HTTP. */
public sealed interface UaOutcome {

  /** Why a UE is challenged; the metric tag is the lower-case name. */
  enum Cause {
    /** No credentials, or not Digest. */
    INITIAL,
    /**
     * The B-TID is unknown to the BSF or expired: bootstrap again (TS 24.109 §5.2.4). GBA only:
     * with AKMA a key that cannot be had is {@link NoAfKey}, never a challenge.
     */
    BOOTSTRAPPING_REQUIRED,
    /** The key expired since it was fetched (TS 24.109 §5.2.5, renegotiation). */
    KEY_EXPIRED,
    /** The digest does not verify: a wrong password (key). */
    WRONG_RESPONSE,
    /** The nonce is unknown or expired; with a right digest, the challenge says stale=true. */
    STALE_NONCE,
    /** This nonce count was used already: a replay. */
    REPLAYED,
    /**
     * The realm answered is not this host's GBA realm, nor its AKMA realm on a request where AKMA
     * is offered.
     */
    WRONG_REALM;

    /** Lower case, for metric tags. */
    public String tag() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * 401 with a fresh challenge.
   *
   * @param cause why
   * @param stale RFC 7616 stale=true: the credentials were right, only the nonce is not
   * @param keying the keying offered: its realm goes into WWW-Authenticate
   */
  record Challenge(Cause cause, boolean stale, Keying keying) implements UaOutcome {
    /** A GBA challenge. */
    public Challenge(Cause cause, boolean stale) {
      this(cause, stale, Keying.GBA);
    }
  }

  /**
   * 400: the request cannot be authenticated as sent.
   *
   * @param reason printable, echoes no credential
   */
  record BadRequest(String reason) implements UaOutcome {}

  /**
   * 403: authenticated, or known to the BSF (the AAnF), but not allowed (TS 24.109 §7.3).
   *
   * @param reason printable
   * @param keying the keying of the credentials
   */
  record Forbidden(String reason, Keying keying) implements UaOutcome {
    /** A GBA refusal. */
    public Forbidden(String reason) {
      this(reason, Keying.GBA);
    }
  }

  /**
   * 503: the BSF (with AKMA, the AAnF) cannot be asked now.
   *
   * @param reason printable
   * @param keying whose key server
   */
  record Unavailable(String reason, Keying keying) implements UaOutcome {
    /** The BSF unavailable. */
    public Unavailable(String reason) {
      this(reason, Keying.GBA);
    }
  }

  /**
   * 403 without a challenge: AKMA credentials whose K_AF the AAnF does not give (the A-KID unknown
   * to it, 204; or the key it gave already expired). TS 33.535 Annex B step 6: an AF that cannot
   * get the AF-specific key answers with an error that carries none of the realm attributes of its
   * challenge: so no new AKMA challenge (the UE could only answer it with the same A-KID); the UE
   * gets a new A-KID from its next primary authentication, not from the AF.
   *
   * @param reason printable
   */
  record NoAfKey(String reason) implements UaOutcome {}

  /**
   * Authenticated: forward to the application server, asserting {@code assertedIdentities}.
   *
   * @param credentials the UE's credentials (for Authentication-Info)
   * @param nafKey the key (for rspauth): never printed
   * @param assertedIdentities what X-3GPP-Asserted-Identity carries
   * @param keying which key opened it
   */
  record Authenticated(
      UaDigest.Credentials credentials,
      byte[] nafKey,
      List<String> assertedIdentities,
      Keying keying)
      implements UaOutcome {

    /** Authenticated with a GBA key. */
    public Authenticated(
        UaDigest.Credentials credentials, byte[] nafKey, List<String> assertedIdentities) {
      this(credentials, nafKey, assertedIdentities, Keying.GBA);
    }

    @Override
    public String toString() {
      return "Authenticated[" + keying.tag() + ", " + assertedIdentities + "]";
    }
  }
}
