package org.gbabsf.server.config;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Zn toward NAFs (TS 29.109): which NAFs are admitted, their groups and the NAF_Id FQDNs granted to
 * them.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param enabled {@code zn.enabled}: Whether the BSF answers NAFs on Zn
 * @param nafs {@code zn.nafs}: The NAFs and their NAF groups
 * @param nafRealms {@code zn.naf-realms}: NAF realms whose every host is a NAF of the given group
 * @param nafFqdns {@code zn.naf-fqdns}: Further NAF_Id FQDNs a NAF, or every NAF of a group, may
 *     ask keys for
 */
public record ZnConfig(
    boolean enabled,
    Map<String, String> nafs,
    Map<String, String> nafRealms,
    Map<String, Set<String>> nafFqdns) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Whether the BSF answers NAFs on Zn. */
  public static final ConfigKey<Boolean> ENABLED =
      KEYS.add(
          ConfigKey.of(
              "zn.enabled",
              ValueTypes.bool(),
              "true",
              "Answer NAFs' Bootstrapping-Info-Requests on Zn (on the Diameter node, port"
                  + " diameter.listen-port)."));

  /** The NAFs and their NAF groups. */
  public static final ConfigKey<Map<String, String>> NAFS =
      KEYS.add(
          ConfigKey.of(
              "zn.nafs",
              EntryTypes.groups(
                  "host=group,…", "must be origin-host=naf-group entries, comma-separated"),
              "naf.home1.net=default",
              "NAFs allowed on Zn as origin-host=naf-group, comma-separated; the group selects"
                  + " the user security settings a NAF may see (docs/zn.md). Other peers are"
                  + " refused at CER with 3010 (unless in zn.naf-realms or zh.peers)."));

  /** NAF realms whose every host is a NAF of the given group. */
  public static final ConfigKey<Map<String, String>> NAF_REALMS =
      KEYS.add(
          ConfigKey.of(
              "zn.naf-realms",
              EntryTypes.groups(
                  "realm=group,…", "must be origin-realm=naf-group entries, comma-separated"),
              "",
              "NAF realms allowed on Zn as origin-realm=naf-group, comma-separated: any NAF"
                  + " host of such a realm passes CER and gets that group, unless zn.nafs"
                  + " names the host. Empty: only the hosts in zn.nafs."));

  /** Further NAF_Id FQDNs a NAF, or every NAF of a group, may ask keys for. */
  public static final ConfigKey<Map<String, Set<String>>> NAF_FQDNS =
      KEYS.add(
          ConfigKey.of(
              "zn.naf-fqdns",
              EntryTypes.fqdnGrants(
                  "who=fqdn|fqdn,…",
                  "must be naf-host-or-group=fqdn|fqdn entries, comma-separated"),
              "",
              "NAF_Id FQDNs a NAF may use besides its own Origin-Host, as"
                  + " naf-host-or-naf-group=fqdn|fqdn, comma-separated (TS 33.220 §4.5.3; a"
                  + " NAF serving several public names). Any other NAF_Id gets 5402. Empty:"
                  + " each NAF only its own Origin-Host."));

  /** The section from validated values. */
  static ZnConfig from(ResolvedConfig r) {
    return new ZnConfig(r.get(ENABLED), r.get(NAFS), r.get(NAF_REALMS), r.get(NAF_FQDNS));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
