package org.gbabsf.core.domain;

import java.util.List;

/**
 * One USS of a GUSS (TS 29.109 Annex A, element {@code uss}): the GAA service type, the NAF group
 * it applies to, the user's public identities and the security flags.
 *
 * @param id the USS id attribute
 * @param type the GAA service type code
 * @param nafGroup the NAF group, or empty when the USS applies to any NAF
 * @param uids public identities for this service
 * @param flags security feature flags
 */
public record UserSecuritySetting(
    String id, int type, String nafGroup, List<String> uids, List<Integer> flags) {

  /** Copies the lists and normalises a missing NAF group to an empty string. */
  public UserSecuritySetting {
    nafGroup = nafGroup == null ? "" : nafGroup;
    uids = List.copyOf(uids);
    flags = List.copyOf(flags);
  }
}
