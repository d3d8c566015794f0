package org.gbabsf.core.zn;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The NAFs an interface serves and the NAF group of each (TS 33.220 §4.4.6: the group selects the
 * user security settings a NAF may see): by identity first, then by realm. One table type for every
 * interface on which NAFs ask for keys: on Zn the identity is the Diameter Origin-Host admitted at
 * CER and the realm its Origin-Realm; on Nbsp_GBA the identities are the client certificate's
 * dNSNames or the access token's subject, and there is no realm. Identities compare
 * case-insensitively.
 *
 * @param byIdentity NAF identity → NAF group
 * @param byRealm NAF realm → NAF group, for every NAF of that realm not listed by identity
 */
public record NafDirectory(Map<String, String> byIdentity, Map<String, String> byRealm) {

  /** Normalises the identities to lower case. */
  public NafDirectory {
    byIdentity = lower(byIdentity);
    byRealm = lower(byRealm);
  }

  /** NAFs known by identity only. */
  public static NafDirectory byIdentity(Map<String, String> nafs) {
    return new NafDirectory(nafs, Map.of());
  }

  /**
   * A NAF found: the identity it was found by (or, by realm, its first identity) and its group.
   *
   * @param naf the NAF's identity, lower case
   * @param group its NAF group
   */
  public record Entry(String naf, String group) {}

  /** The group of the NAF announcing {@code identity} in {@code realm} (may be null). */
  public Optional<String> groupOf(String identity, String realm) {
    return find(identity == null ? List.of() : List.of(identity), realm).map(Entry::group);
  }

  /**
   * The first of {@code identities} listed, else the NAF of {@code realm} (may be null) under its
   * first identity; empty if none is a NAF.
   */
  public Optional<Entry> find(List<String> identities, String realm) {
    for (String id : identities) {
      String group = byIdentity.get(id.toLowerCase(Locale.ROOT));
      if (group != null) {
        return Optional.of(new Entry(id.toLowerCase(Locale.ROOT), group));
      }
    }
    String group = realm == null ? null : byRealm.get(realm.toLowerCase(Locale.ROOT));
    return group == null || identities.isEmpty()
        ? Optional.empty()
        : Optional.of(new Entry(identities.get(0).toLowerCase(Locale.ROOT), group));
  }

  private static Map<String, String> lower(Map<String, String> m) {
    return m.entrySet().stream()
        .collect(
            Collectors.toUnmodifiableMap(
                e -> e.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue, (a, b) -> a));
  }
}
