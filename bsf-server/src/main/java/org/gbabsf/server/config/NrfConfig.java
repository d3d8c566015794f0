package org.gbabsf.server.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.CommonTypes;
import org.gbabsf.sba.nrf.NfProfile;

/**
 * The NRF (TS 29.510): registration, discovery of HSS or UDM instances, access tokens.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param enabled {@code nrf.enabled}: Whether the BSF uses an NRF
 * @param apiRoot {@code nrf.api-root}: The NRF's apiRoot
 * @param nfInstanceId {@code nrf.nf-instance-id}: This BSF's NF instance id, already defaulted:
 *     nbsp.oauth2.nf-instance-id when empty (empty if neither is set)
 * @param register {@code nrf.register}: Whether the BSF registers
 * @param heartbeat {@code nrf.heartbeat}: The heartbeat proposed
 * @param profileFqdn {@code nrf.profile.fqdn}: The FQDN registered
 * @param profileIpv4 {@code nrf.profile.ipv4}: The IPv4 address registered
 * @param discoverHss {@code nrf.discover-hss}: Whether HSS/UDM instances are discovered
 * @param discoveryInterval {@code nrf.discovery-interval}: How often discovery repeats at least
 * @param tokens {@code nrf.tokens}: Whether outgoing calls carry NRF tokens
 * @param timeout {@code nrf.timeout}: Time per NRF call
 */
public record NrfConfig(
    boolean enabled,
    Optional<URI> apiRoot,
    String nfInstanceId,
    boolean register,
    Duration heartbeat,
    String profileFqdn,
    String profileIpv4,
    boolean discoverHss,
    Duration discoveryInterval,
    boolean tokens,
    Duration timeout) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Whether the BSF uses an NRF. */
  public static final ConfigKey<Boolean> ENABLED =
      KEYS.add(
          ConfigKey.of(
              "nrf.enabled",
              ValueTypes.bool(),
              "false",
              "Use an NRF (TS 29.510) at nrf.api-root: register this BSF (nrf.register), discover"
                  + " the HSS/UDM instances (nrf.discover-hss) and fetch access tokens for the"
                  + " calls to them (nrf.tokens). false: static configuration only."));

  /** The NRF's apiRoot. */
  public static final ConfigKey<Optional<URI>> API_ROOT =
      KEYS.add(
          ConfigKey.of(
              "nrf.api-root",
              SbiEntryTypes.optionalApiRoot(),
              "",
              "apiRoot of the NRF, e.g. https://nrf.5gc.home1.net:443; required with"
                  + " nrf.enabled. Reached with the sbi.client.tls.* settings; redirects are"
                  + " followed to this origin only."));

  /** This BSF's NF instance id. */
  public static final ConfigKey<String> NF_INSTANCE_ID =
      KEYS.add(
          ConfigKey.of(
                  "nrf.nf-instance-id",
                  ValueTypes.optionalString(),
                  "",
                  "This BSF's NF instance id (a UUID) at the NRF: registered, and the subject of"
                      + " its access tokens. Empty: nbsp.oauth2.nf-instance-id (one of them is"
                      + " required with nrf.enabled; if both are set they must be equal). Each BSF"
                      + " instance needs its own.")
              .withValidator(
                  Validator.of(
                      "a UUID", v -> v.isEmpty() || CommonTypes.isUuid(v), "must be a UUID")));

  /** Whether the BSF registers. */
  public static final ConfigKey<Boolean> REGISTER =
      KEYS.add(
          ConfigKey.of(
              "nrf.register",
              ValueTypes.bool(),
              "true",
              "Register this BSF at the NRF once the SBI server listens (NF type GBA_BSF, service"
                  + " nbsp-gba; needs sbi.enabled), send heartbeats, and deregister at shutdown."
                  + " false: use the NRF for discovery and tokens only."));

  /** The heartbeat proposed. */
  public static final ConfigKey<Duration> HEARTBEAT =
      KEYS.add(
          ConfigKey.of(
                  "nrf.heartbeat",
                  ValueTypes.positiveDuration(),
                  "60s",
                  "Heartbeat interval proposed in the registration (heartBeatTimer); the NRF's"
                      + " answer wins.")
              .withValidator(Validators.wholeSeconds())
              .withValidator(Validators.atLeast(Duration.ofSeconds(1)))
              .withValidator(Validators.atMost(Duration.ofHours(1))));

  /** The FQDN registered. */
  public static final ConfigKey<String> PROFILE_FQDN =
      KEYS.add(
          ConfigKey.of(
                  "nrf.profile.fqdn",
                  ValueTypes.optionalString(),
                  "",
                  "FQDN of the Nbsp_GBA service in the registered NFProfile (with sbi.port and"
                      + " https when sbi.tls.enabled). Empty: sbi.listen-address if it is an FQDN.")
              .withValidator(
                  Validator.of(
                      "an FQDN",
                      v -> v.isEmpty() || CommonTypes.isFqdn(v),
                      "must be an FQDN (two labels at least)")));

  /** The IPv4 address registered. */
  public static final ConfigKey<String> PROFILE_IPV4 =
      KEYS.add(
          ConfigKey.of(
                  "nrf.profile.ipv4",
                  ValueTypes.optionalString(),
                  "",
                  "IPv4 address of the Nbsp_GBA service in the registered NFProfile. Empty:"
                      + " sbi.listen-address if it is an IPv4 address other than 0.0.0.0. A"
                      + " registration needs this or nrf.profile.fqdn.")
              .withValidator(
                  Validator.of(
                      "an IPv4 address",
                      v -> v.isEmpty() || (NfProfile.isIpv4(v) && !v.equals("0.0.0.0")),
                      "must be a dotted-quad IPv4 address other than 0.0.0.0")));

  /** Whether HSS/UDM instances are discovered. */
  public static final ConfigKey<Boolean> DISCOVER_HSS =
      KEYS.add(
          ConfigKey.of(
              "nrf.discover-hss",
              ValueTypes.bool(),
              "true",
              "With hss.type n65 or udm: discover the instances at the NRF (NF type HSS with"
                  + " service nhss-gba-ueau, or UDM with nudm-ueau). They are tried first, in the"
                  + " NRF's order of preference; n65.instances or udm.instances, then optional,"
                  + " come after them as a fallback. Ignored with hss.type zh or simulated."));

  /** How often discovery repeats at least. */
  public static final ConfigKey<Duration> DISCOVERY_INTERVAL =
      KEYS.add(
          ConfigKey.of(
                  "nrf.discovery-interval",
                  ValueTypes.positiveDuration(),
                  "60s",
                  "Discovery is repeated before the NRF's validityPeriod ends (at 90 % of it) and"
                      + " at least this often, to see instances come and go; also the longest"
                      + " wait between retries of a failed discovery.")
              .withValidator(Validators.atLeast(Duration.ofSeconds(1)))
              .withValidator(Validators.atMost(Duration.ofHours(1))));

  /** Whether outgoing calls carry NRF tokens. */
  public static final ConfigKey<Boolean> TOKENS =
      KEYS.add(
          ConfigKey.of(
              "nrf.tokens",
              ValueTypes.bool(),
              "false",
              "With hss.type n65 or udm: fetch OAuth2 access tokens (client credentials, TS 33.501"
                  + " §13.4.1) from the NRF and send them on every N65/N68 call (Authorization:"
                  + " Bearer). A token is reused until shortly before it expires; while none can be"
                  + " had, calls go without one."));

  /** Time per NRF call. */
  public static final ConfigKey<Duration> TIMEOUT =
      KEYS.add(
          ConfigKey.of(
                  "nrf.timeout",
                  ValueTypes.positiveDuration(),
                  "2s",
                  "Time one call to the NRF (registration, heartbeat, deregistration, discovery,"
                      + " token) waits for its answer; shutdown waits this long for the"
                      + " deregistration.")
              .withValidator(Validators.atMost(Duration.ofMinutes(1))));

  /** The section from validated values. */
  static NrfConfig from(ResolvedConfig r) {
    return new NrfConfig(
        r.get(ENABLED),
        r.get(API_ROOT),
        r.get(NF_INSTANCE_ID).isEmpty()
            ? r.get(NbspConfig.OAUTH2_NF_INSTANCE_ID)
            : r.get(NF_INSTANCE_ID),
        r.get(REGISTER),
        r.get(HEARTBEAT),
        r.get(PROFILE_FQDN),
        r.get(PROFILE_IPV4),
        r.get(DISCOVER_HSS),
        r.get(DISCOVERY_INTERVAL),
        r.get(TOKENS),
        r.get(TIMEOUT));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }

  /**
   * The FQDN or IPv4 address of the registered profile: the {@code nrf.profile.*} keys, else {@code
   * sbi.listen-address} when it is an FQDN or a specific IPv4 address; both empty when none fits.
   *
   * @param fqdn {@code nrf.profile.fqdn}
   * @param ipv4 {@code nrf.profile.ipv4}
   * @param listenAddress {@code sbi.listen-address}
   */
  public static ProfileAddress profileAddress(String fqdn, String ipv4, String listenAddress) {
    if (!fqdn.isEmpty() || !ipv4.isEmpty()) {
      return new ProfileAddress(
          fqdn.isEmpty() ? Optional.empty() : Optional.of(fqdn),
          ipv4.isEmpty() ? Optional.empty() : Optional.of(ipv4));
    }
    if (NfProfile.isIpv4(listenAddress) && !listenAddress.equals("0.0.0.0")) {
      return new ProfileAddress(Optional.empty(), Optional.of(listenAddress));
    }
    if (CommonTypes.isFqdn(listenAddress)) {
      return new ProfileAddress(Optional.of(listenAddress), Optional.empty());
    }
    return new ProfileAddress(Optional.empty(), Optional.empty());
  }

  /**
   * Where NFs reach the registered BSF.
   *
   * @param fqdn its FQDN, if registered by name
   * @param ipv4 its IPv4 address, if registered by address
   */
  public record ProfileAddress(Optional<String> fqdn, Optional<String> ipv4) {
    /** True if there is neither. */
    public boolean isEmpty() {
      return fqdn.isEmpty() && ipv4.isEmpty();
    }
  }
}
