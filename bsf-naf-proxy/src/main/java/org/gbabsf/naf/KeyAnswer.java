package org.gbabsf.naf;

import java.time.Instant;
import java.util.List;

/**
 * What the BSF said about a B-TID for this NAF, or the AAnF about an A-KID for this AF, as a value.
 */
public sealed interface KeyAnswer {

  /**
   * The NAF key and what the proxy may assert about its owner.
   *
   * @param ksNaf Ks_ext_NAF (GBA_ME), or K_AF (AKMA), 32 octets: never printed
   * @param expiresAt Key-ExpiryTime (the K_AF's expiry)
   * @param identities the public identities of the user security settings this NAF may see (the
   *     uids of the USSs of its group, TS 33.220 §4.4.6), or the identities the AAnF gave with K_AF
   *     ({@link AanfKeySource}): what X-3GPP-Asserted-Identity may carry
   */
  record Key(byte[] ksNaf, Instant expiresAt, List<String> identities) implements KeyAnswer {
    /** Copies the list. */
    public Key {
      identities = List.copyOf(identities);
    }

    @Override
    public String toString() {
      return "Key[expires " + expiresAt + ", " + identities.size() + " identities]";
    }
  }

  /**
   * The BSF does not know the B-TID, or it expired (Zn 5403): the UE must bootstrap again; or the
   * AAnF has no context for the A-KID (204).
   */
  record Unknown() implements KeyAnswer {}

  /**
   * The BSF refuses this NAF the key (e.g. 5402: no USS of its group, or a NAF_Id it may not use),
   * or the AAnF this AF (e.g. 403: an FQDN it may not ask for).
   *
   * @param code the (experimental) result code, or the HTTP status
   */
  record Refused(long code) implements KeyAnswer {}

  /**
   * The BSF (the AAnF) could not be asked or did not answer in time.
   *
   * @param why for the log
   */
  record Unavailable(String why) implements KeyAnswer {}
}
