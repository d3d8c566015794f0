package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.sba.CommonTypes;

/**
 * Nbsp_GBA (TS 29.309) toward NAFs: admitted NAFs, their FQDN grants, OAuth2.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param nafs {@code nbsp.nafs}: NAFs admitted on Nbsp
 * @param nafFqdns {@code nbsp.naf-fqdns}: FQDNs beyond a NAF's own
 * @param sendImpi {@code nbsp.send-impi}: Whether answers carry the IMPI
 * @param oauth2NrfKeys {@code nbsp.oauth2.nrf-keys}: Access tokens
 * @param oauth2NfInstanceId {@code nbsp.oauth2.nf-instance-id}: This BSF's NF instance id
 * @param oauth2ClockSkew {@code nbsp.oauth2.clock-skew}: Clock skew
 */
public record NbspConfig(
    Map<String, String> nafs,
    Map<String, Set<String>> nafFqdns,
    boolean sendImpi,
    Optional<Path> oauth2NrfKeys,
    String oauth2NfInstanceId,
    Duration oauth2ClockSkew) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** NAFs admitted on Nbsp. */
  public static final ConfigKey<Map<String, String>> NAFS =
      KEYS.add(
          ConfigKey.of(
              "nbsp.nafs",
              EntryTypes.groups(
                  "identity=group,…", "must be identity=group entries, comma-separated"),
              "",
              "NAFs admitted on Nbsp_GBA as identity=naf-group, comma-separated; the identity"
                  + " is a dNSName of the NAF's client certificate or the subject (NF"
                  + " instance id) of its access token. Others get 403."));

  /** FQDNs beyond a NAF's own. */
  public static final ConfigKey<Map<String, Set<String>>> NAF_FQDNS =
      KEYS.add(
          ConfigKey.of(
              "nbsp.naf-fqdns",
              EntryTypes.fqdnGrants(
                  "who=fqdn|fqdn,…",
                  "must be identity-or-group=fqdn|fqdn entries, comma-separated"),
              "",
              "NAF_Id FQDNs a NAF may use on Nbsp besides its own identity, as"
                  + " identity-or-group=fqdn|fqdn, comma-separated (the rule of zn.naf-fqdns);"
                  + " any other gets 403."));

  /** Whether answers carry the IMPI. */
  public static final ConfigKey<Boolean> SEND_IMPI =
      KEYS.add(
          ConfigKey.of(
              "nbsp.send-impi",
              ValueTypes.bool(),
              "true",
              "Whether Nbsp answers carry the user's IMPI (Zn's BIA always does); false keeps it"
                  + " from NAFs that must not learn it."));

  /** Access tokens. */
  public static final ConfigKey<Optional<Path>> OAUTH2_NRF_KEYS =
      KEYS.add(
          ConfigKey.of(
                  "nbsp.oauth2.nrf-keys",
                  ValueTypes.optionalPath(),
                  "",
                  "The NRF's public keys (a PEM file, or a directory of <kid>.pem files) that sign"
                      + " access tokens (TS 33.501 §13.4.1). When set, every Nbsp request needs a"
                      + " valid token with scope nbsp-gba for this BSF; empty: no tokens checked.")
              .withValidator(
                  Validator.of(
                      "a readable file or directory",
                      p -> p.isEmpty() || java.nio.file.Files.isReadable(p.get()),
                      "must be a readable file or directory")));

  /** This BSF's NF instance id. */
  public static final ConfigKey<String> OAUTH2_NF_INSTANCE_ID =
      KEYS.add(
          ConfigKey.of(
                  "nbsp.oauth2.nf-instance-id",
                  ValueTypes.optionalString(),
                  "",
                  "This BSF's NF instance id (a UUID); tokens must name it or the NF type GBA_BSF"
                      + " as audience. Required with nbsp.oauth2.nrf-keys; empty:"
                      + " nrf.nf-instance-id.")
              .withValidator(
                  Validator.of(
                      "a UUID", v -> v.isEmpty() || CommonTypes.isUuid(v), "must be a UUID")));

  /** Clock skew. */
  public static final ConfigKey<Duration> OAUTH2_CLOCK_SKEW =
      KEYS.add(
          ConfigKey.of(
                  "nbsp.oauth2.clock-skew",
                  ValueTypes.nonNegativeDuration(),
                  "30s",
                  "Clock difference allowed when checking a token's exp, nbf and iat.")
              .withValidator(Validators.atMost(Duration.ofMinutes(10))));

  /** The section from validated values. */
  static NbspConfig from(ResolvedConfig r) {
    return new NbspConfig(
        r.get(NAFS),
        r.get(NAF_FQDNS),
        r.get(SEND_IMPI),
        r.get(OAUTH2_NRF_KEYS),
        r.get(OAUTH2_NF_INSTANCE_ID),
        r.get(OAUTH2_CLOCK_SKEW));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
