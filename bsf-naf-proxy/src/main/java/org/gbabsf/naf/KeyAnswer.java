package org.gbabsf.naf;

import java.time.Instant;
import java.util.List;

/** What the BSF said about a B-TID for this NAF, as a value. */
public sealed interface KeyAnswer {

  /**
   * The NAF key and what the proxy may assert about its owner.
   *
   * @param ksNaf Ks_ext_NAF (GBA_ME), 32 octets: never printed
   * @param expiresAt Key-ExpiryTime
   * @param identities the public identities of the user security settings this NAF may see (the
   *     uids of the USSs of its group, TS 33.220 §4.4.6): what X-3GPP-Asserted-Identity may carry
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

  /** The BSF does not know the B-TID, or it expired (Zn 5403): the UE must bootstrap again. */
  record Unknown() implements KeyAnswer {}

  /**
   * The BSF refuses this NAF the key (e.g. 5402: no USS of its group, or a NAF_Id it may not use).
   *
   * @param code the (experimental) result code
   */
  record Refused(long code) implements KeyAnswer {}

  /**
   * The BSF could not be asked or did not answer in time.
   *
   * @param why for the log
   */
  record Unavailable(String why) implements KeyAnswer {}
}
