package org.gbabsf.core.zn;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which NAF may ask for the keys of which NAF_Id FQDN (TS 33.220 §4.5.3: the BSF checks that the
 * requesting NAF is authorised to use the FQDN in the NAF_Id). Ks_NAF is bound to the NAF_Id:
 * without this check any admitted NAF could obtain the key of every other NAF, e.g. a voicemail
 * server the key a UE shares with the XCAP server.
 *
 * <p>By default a NAF may use exactly its own identity (its Diameter Origin-Host, as admitted, or
 * the identity of its TLS certificate on the SBA). Further FQDNs can be granted per NAF identity or
 * per NAF group, for a NAF that serves several public names. Names compare case-insensitively.
 *
 * @param grants NAF identity or NAF group → FQDNs it may also use
 */
public record NafFqdnPolicy(Map<String, Set<String>> grants) {

  /** Normalises to lower case. */
  public NafFqdnPolicy {
    Map<String, Set<String>> m = new HashMap<>();
    grants.forEach(
        (who, fqdns) ->
            m.merge(
                lower(who),
                fqdns.stream().map(NafFqdnPolicy::lower).collect(Collectors.toUnmodifiableSet()),
                (a, b) ->
                    java.util.stream.Stream.concat(a.stream(), b.stream())
                        .collect(Collectors.toUnmodifiableSet())));
    grants = Map.copyOf(m);
  }

  /** Only the NAF's own identity. */
  public static NafFqdnPolicy ownIdentityOnly() {
    return new NafFqdnPolicy(Map.of());
  }

  /**
   * Whether the NAF known as {@code nafIdentity}, of group {@code nafGroup} (may be null), may get
   * keys for a NAF_Id whose FQDN is {@code fqdn}.
   */
  public boolean allows(String nafIdentity, String nafGroup, String fqdn) {
    if (fqdn == null || nafIdentity == null) {
      return false;
    }
    String f = lower(fqdn);
    if (f.equals(lower(nafIdentity))) {
      return true;
    }
    if (grants.getOrDefault(lower(nafIdentity), Set.of()).contains(f)) {
      return true;
    }
    return nafGroup != null && grants.getOrDefault(lower(nafGroup), Set.of()).contains(f);
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
