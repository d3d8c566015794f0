package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.core.akma.AfIdentifiers;
import org.gbabsf.sba.CommonTypes;

/**
 * The AAnF of AKMA (TS 33.535, Naanf_AKMA of TS 29.535) on the SBI server: who may call it, how
 * long contexts and AF keys live, how an afId becomes AF_ID, its tokens and its NRF profile.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param enabled {@code aanf.enabled}: Whether Naanf_AKMA is served
 * @param nfInstanceId {@code aanf.nf-instance-id}: The AAnF's NF instance id
 * @param ausfs {@code aanf.ausfs}: AUSFs that register and remove contexts
 * @param afs {@code aanf.afs}: AFs that get keys
 * @param nefs {@code aanf.nefs}: NEFs that get keys for external AFs
 * @param afFqdns {@code aanf.af-fqdns}: afId FQDNs beyond an AF's own
 * @param supiAfs {@code aanf.supi-afs}: AFs that may receive the SUPI
 * @param uaProtocol {@code aanf.ua-protocol}: The default Ua* protocol identifier
 * @param uaProtocols {@code aanf.ua-protocols}: Ua* protocol identifiers per AF FQDN
 * @param contextLifetime {@code aanf.context-lifetime}: How long a context is served
 * @param afKeyLifetime {@code aanf.af-key-lifetime}: The lifetime of K_AF
 * @param operationScopes {@code aanf.operation-scopes}: Whether tokens need the operation's scope
 * @param oauth2NrfKeys {@code aanf.oauth2.nrf-keys}: Access tokens
 * @param oauth2ClockSkew {@code aanf.oauth2.clock-skew}: Clock skew
 * @param routingIndicators {@code aanf.routing-indicators}: Routing indicators served
 * @param memoryMaxContexts {@code aanf.memory.max-contexts}: Bound on contexts held in memory
 */
public record AanfConfig(
    boolean enabled,
    String nfInstanceId,
    Set<String> ausfs,
    Map<String, String> afs,
    Map<String, String> nefs,
    Map<String, Set<String>> afFqdns,
    Set<String> supiAfs,
    String uaProtocol,
    Map<String, String> uaProtocols,
    Duration contextLifetime,
    Duration afKeyLifetime,
    boolean operationScopes,
    Optional<Path> oauth2NrfKeys,
    Duration oauth2ClockSkew,
    List<String> routingIndicators,
    int memoryMaxContexts) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Whether Naanf_AKMA is served. */
  public static final ConfigKey<Boolean> ENABLED =
      KEYS.add(
          ConfigKey.of(
              "aanf.enabled",
              ValueTypes.bool(),
              "false",
              "Whether this BSF is also the AAnF of AKMA: Naanf_AKMA (TS 29.535) on the SBI"
                  + " server (needs sbi.enabled), with its contexts in the store of store.type"
                  + " (docs/akma.md)."));

  /** The AAnF's NF instance id. */
  public static final ConfigKey<String> NF_INSTANCE_ID =
      KEYS.add(
          ConfigKey.of(
                  "aanf.nf-instance-id",
                  ValueTypes.optionalString(),
                  "",
                  "The AAnF's NF instance id (a UUID, not the BSF's): registered at the NRF as an"
                      + " NF of type AANF, and the audience of its access tokens (with AANF)."
                      + " Required with aanf.enabled and nrf.enabled or aanf.oauth2.nrf-keys.")
              .withValidator(
                  Validator.of(
                      "a UUID", v -> v.isEmpty() || CommonTypes.isUuid(v), "must be a UUID")));

  /** AUSFs that register and remove contexts. */
  public static final ConfigKey<Set<String>> AUSFS =
      KEYS.add(
          ConfigKey.of(
              "aanf.ausfs",
              EntryTypes.identities("name,name…", "must be identities, comma-separated"),
              "",
              "AUSFs that may register and remove AKMA contexts, comma-separated: each a dNSName"
                  + " of its client certificate or the subject (NF instance id) of its access"
                  + " token. Others get 403."));

  /** AFs that get keys. */
  public static final ConfigKey<Map<String, String>> AFS =
      KEYS.add(
          ConfigKey.of(
              "aanf.afs",
              EntryTypes.groups(
                  "identity=group,…", "must be identity=group entries, comma-separated"),
              "",
              "AFs of the operator that may get K_AF, as identity=af-group, comma-separated"
                  + " (identity as for aanf.ausfs; the group is a name aanf.af-fqdns can grant"
                  + " FQDNs to). An AF gets keys for its own identity as afId, and for FQDNs"
                  + " granted. Others get 403."));

  /** NEFs that get keys for external AFs. */
  public static final ConfigKey<Map<String, String>> NEFS =
      KEYS.add(
          ConfigKey.of(
              "aanf.nefs",
              EntryTypes.groups(
                  "identity=group,…", "must be identity=group entries, comma-separated"),
              "",
              "NEFs that get K_AF for external AFs (TS 33.535 §6.2a), as identity=group: never"
                  + " the SUPI; the GPSI unless anonInd. The external AFs' FQDNs are granted in"
                  + " aanf.af-fqdns. An identity may not be both an AF and a NEF."));

  /** afId FQDNs beyond an AF's own. */
  public static final ConfigKey<Map<String, Set<String>>> AF_FQDNS =
      KEYS.add(
          ConfigKey.of(
              "aanf.af-fqdns",
              EntryTypes.fqdnGrants(
                  "who=fqdn|fqdn,…",
                  "must be identity-or-group=fqdn|fqdn entries, comma-separated"),
              "",
              "afId FQDNs an AF or NEF may get keys for besides its own identity, as"
                  + " identity-or-group=fqdn|fqdn, comma-separated (the rule of zn.naf-fqdns);"
                  + " any other gets 403."));

  /** AFs that may receive the SUPI. */
  public static final ConfigKey<Set<String>> SUPI_AFS =
      KEYS.add(
          ConfigKey.of(
              "aanf.supi-afs",
              EntryTypes.identities("name,name…", "must be identities, comma-separated"),
              "",
              "AFs of aanf.afs whose answers carry the SUPI and GPSI; with access tokens the"
                  + " token must also grant naanf-akma:applicationkeyget:supi-access. Others,"
                  + " and every anonInd request, get K_AF and its expiry only."));

  /** The default Ua* protocol identifier. */
  public static final ConfigKey<String> UA_PROTOCOL =
      KEYS.add(
          ConfigKey.of(
                  "aanf.ua-protocol",
                  ValueTypes.string(),
                  AfIdentifiers.HTTP_DIGEST,
                  "The Ua* security protocol identifier (TS 33.220 Annex H, ten hexadecimal"
                      + " digits) appended to the afId's FQDN to make AF_ID (TS 33.535 Annex"
                      + " A.4), for every AF not in aanf.ua-protocols. The default is HTTP Digest"
                      + " of TS 24.109 without TLS; an AF running Digest over TLS (TS 33.535 Annex"
                      + " B, the NAF proxy) is 010001 and its cipher suite, e.g. 0100011301.")
              .withValidator(
                  Validator.of(
                      "ten hexadecimal digits",
                      AfIdentifiers::isProtocolId,
                      "must be ten hexadecimal digits")));

  /** Ua* protocol identifiers per AF FQDN. */
  public static final ConfigKey<Map<String, String>> UA_PROTOCOLS =
      KEYS.add(
          ConfigKey.of(
                  "aanf.ua-protocols",
                  EntryTypes.groups(
                      "fqdn=hex,…", "must be fqdn=identifier entries, comma-separated"),
                  "",
                  "The Ua* security protocol identifier of particular AFs, as"
                      + " fqdn=ten-hex-digits, comma-separated.")
              .withValidator(
                  Validator.of(
                      "identifiers of ten hexadecimal digits",
                      m -> m.values().stream().allMatch(AfIdentifiers::isProtocolId),
                      "every identifier must be ten hexadecimal digits")));

  /** How long a context is served. */
  public static final ConfigKey<Duration> CONTEXT_LIFETIME =
      KEYS.add(
          ConfigKey.of(
                  "aanf.context-lifetime",
                  ValueTypes.positiveDuration(),
                  "24h",
                  "How long an AKMA context (K_AKMA) is served after the AUSF registered it,"
                      + " unless a new primary authentication replaces it first.")
              .withValidator(Validators.atLeast(Duration.ofMinutes(1)))
              .withValidator(Validators.atMost(Duration.ofDays(365))));

  /** The lifetime of K_AF. */
  public static final ConfigKey<Duration> AF_KEY_LIFETIME =
      KEYS.add(
          ConfigKey.of(
                  "aanf.af-key-lifetime",
                  ValueTypes.positiveDuration(),
                  "1h",
                  "The expiry given with K_AF: this long after the request, and never after the"
                      + " context's own expiry.")
              .withValidator(Validators.atLeast(Duration.ofSeconds(1)))
              .withValidator(Validators.atMost(Duration.ofDays(30))));

  /** Whether tokens need the operation's scope. */
  public static final ConfigKey<Boolean> OPERATION_SCOPES =
      KEYS.add(
          ConfigKey.of(
              "aanf.operation-scopes",
              ValueTypes.bool(),
              "true",
              "With access tokens: whether each operation also needs its scope of the Rel-19"
                  + " YAML (naanf-akma:anchorkey, naanf-akma:applicationkeyget) besides"
                  + " naanf-akma; false for an NRF that grants the API scope only."));

  /** Access tokens. */
  public static final ConfigKey<Optional<Path>> OAUTH2_NRF_KEYS =
      KEYS.add(
          ConfigKey.of(
                  "aanf.oauth2.nrf-keys",
                  ValueTypes.optionalPath(),
                  "",
                  "The NRF's public keys (a PEM file, or a directory of <kid>.pem files) that sign"
                      + " access tokens. When set, every Naanf_AKMA request needs a valid token"
                      + " with scope naanf-akma for aanf.nf-instance-id or AANF; empty: callers"
                      + " are known by their client certificate only.")
              .withValidator(
                  Validator.of(
                      "a readable file or directory",
                      p -> p.isEmpty() || java.nio.file.Files.isReadable(p.get()),
                      "must be a readable file or directory")));

  /** Clock skew. */
  public static final ConfigKey<Duration> OAUTH2_CLOCK_SKEW =
      KEYS.add(
          ConfigKey.of(
                  "aanf.oauth2.clock-skew",
                  ValueTypes.nonNegativeDuration(),
                  "30s",
                  "Clock difference allowed when checking a token's exp, nbf and iat.")
              .withValidator(Validators.atMost(Duration.ofMinutes(10))));

  /** Routing indicators served. */
  public static final ConfigKey<List<String>> ROUTING_INDICATORS =
      KEYS.add(
          ConfigKey.of(
              "aanf.routing-indicators",
              SbiEntryTypes.routingIndicators(),
              "",
              "The routing indicators this AAnF serves (aanfInfo.routingIndicators of its NRF"
                  + " profile, matched by AUSFs that discover it); empty: all."));

  /** Bound on contexts held in memory. */
  public static final ConfigKey<Integer> MEMORY_MAX_CONTEXTS =
      KEYS.add(
          ConfigKey.of(
              "aanf.memory.max-contexts",
              ValueTypes.integer(1, 1_000_000_000),
              "2000000",
              "Bound on AKMA contexts held in memory with store.type=memory; a registration"
                  + " beyond it gets 503."));

  /** The section from validated values. */
  static AanfConfig from(ResolvedConfig r) {
    return new AanfConfig(
        r.get(ENABLED),
        r.get(NF_INSTANCE_ID),
        r.get(AUSFS),
        r.get(AFS),
        r.get(NEFS),
        r.get(AF_FQDNS),
        r.get(SUPI_AFS),
        r.get(UA_PROTOCOL),
        r.get(UA_PROTOCOLS),
        r.get(CONTEXT_LIFETIME),
        r.get(AF_KEY_LIFETIME),
        r.get(OPERATION_SCOPES),
        r.get(OAUTH2_NRF_KEYS),
        r.get(OAUTH2_CLOCK_SKEW),
        r.get(ROUTING_INDICATORS),
        r.get(MEMORY_MAX_CONTEXTS));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }

  /** How afIds become AF_IDs. */
  public AfIdentifiers afIdentifiers() {
    return new AfIdentifiers(uaProtocol, uaProtocols);
  }
}
