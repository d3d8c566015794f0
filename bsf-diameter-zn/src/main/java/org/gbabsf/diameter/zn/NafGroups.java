package org.gbabsf.diameter.zn;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.gbabsf.diameter.PeerAdmission;

/**
 * The NAFs the BSF serves on Zn and the NAF group of each: by Origin-Host first, then by
 * Origin-Realm. The same table decides who passes CER ({@link #admission()}) and which user
 * security settings a NAF may see (its group). Identities compare case-insensitively.
 *
 * @param byHost NAF Origin-Host → NAF group
 * @param byRealm NAF Origin-Realm → NAF group, for every NAF host of that realm
 */
public record NafGroups(Map<String, String> byHost, Map<String, String> byRealm) {

  /** Normalises the identities to lower case. */
  public NafGroups {
    byHost = lower(byHost);
    byRealm = lower(byRealm);
  }

  /**
   * The group of the NAF announcing {@code originHost}/{@code originRealm}, if it is one of ours.
   */
  public Optional<String> groupOf(String originHost, String originRealm) {
    String byName = originHost == null ? null : byHost.get(originHost.toLowerCase(Locale.ROOT));
    if (byName != null) {
      return Optional.of(byName);
    }
    return Optional.ofNullable(
        originRealm == null ? null : byRealm.get(originRealm.toLowerCase(Locale.ROOT)));
  }

  /** The CER admission these NAFs need. */
  public PeerAdmission admission() {
    return PeerAdmission.only(byHost.keySet(), byRealm.keySet());
  }

  private static Map<String, String> lower(Map<String, String> m) {
    return m.entrySet().stream()
        .collect(
            Collectors.toUnmodifiableMap(
                e -> e.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue, (a, b) -> a));
  }
}
