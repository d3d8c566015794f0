package org.gbabsf.naf;

import java.util.List;

/** What the proxy does with a UE's request: the one decision its Netty adapter turns into HTTP. */
public sealed interface UaOutcome {

  /** Why a UE is challenged; the metric tag is the lower-case name. */
  enum Cause {
    /** No credentials, or not Digest. */
    INITIAL,
    /** The B-TID is unknown to the BSF or expired: bootstrap again (TS 24.109 §5.2.4). */
    BOOTSTRAPPING_REQUIRED,
    /** The key expired since it was fetched (TS 24.109 §5.2.5, renegotiation). */
    KEY_EXPIRED,
    /** The digest does not verify: a wrong password (key). */
    WRONG_RESPONSE,
    /** The nonce is unknown or expired; with a right digest, the challenge says stale=true. */
    STALE_NONCE,
    /** This nonce count was used already: a replay. */
    REPLAYED,
    /** The realm answered is not this host's GBA realm. */
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
   */
  record Challenge(Cause cause, boolean stale) implements UaOutcome {}

  /**
   * 400: the request cannot be authenticated as sent.
   *
   * @param reason printable, echoes no credential
   */
  record BadRequest(String reason) implements UaOutcome {}

  /**
   * 403: authenticated, or known to the BSF, but not allowed (TS 24.109 §7.3).
   *
   * @param reason printable
   */
  record Forbidden(String reason) implements UaOutcome {}

  /**
   * 503: the BSF cannot be asked now.
   *
   * @param reason printable
   */
  record Unavailable(String reason) implements UaOutcome {}

  /**
   * Authenticated: forward to the application server, asserting {@code assertedIdentities}.
   *
   * @param credentials the UE's credentials (for Authentication-Info)
   * @param nafKey the key (for rspauth): never printed
   * @param assertedIdentities what X-3GPP-Asserted-Identity carries
   */
  record Authenticated(
      UaDigest.Credentials credentials, byte[] nafKey, List<String> assertedIdentities)
      implements UaOutcome {
    @Override
    public String toString() {
      return "Authenticated[" + assertedIdentities + "]";
    }
  }
}
