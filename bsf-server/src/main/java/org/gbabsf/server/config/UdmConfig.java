package org.gbabsf.server.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.gbabsf.core.sim.SimulatedGuss;

/**
 * N68 toward the UDM (TS 29.503), and the GUSS that N68 does not carry.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param instances {@code udm.instances}: UDM instances
 * @param defaultUss {@code udm.default-uss}: The GUSS a UDM user gets
 * @param defaultLifetime {@code udm.default-lifetime}: Their key lifetime
 */
public record UdmConfig(
    List<URI> instances, List<SimulatedGuss.Uss> defaultUss, Duration defaultLifetime) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** UDM instances. */
  public static final ConfigKey<List<URI>> INSTANCES =
      KEYS.add(
          ConfigKey.of(
              "udm.instances",
              SbiEntryTypes.apiRoots(),
              "",
              "apiRoots of the UDM instances on N68 (TS 29.503), comma-separated, in order of"
                  + " preference; required with hss.type=udm."));

  /** The GUSS a UDM user gets. */
  public static final ConfigKey<List<SimulatedGuss.Uss>> DEFAULT_USS =
      KEYS.add(
          ConfigKey.of(
              "udm.default-uss",
              EntryTypes.ussList(),
              "1:default:1",
              "N68 carries no GUSS: the USSs every user gets, TYPE[:NAF-GROUP[:FLAG+FLAG]]"
                  + " separated by ';' (user identity sip:<IMPI>)."));

  /** Their key lifetime. */
  public static final ConfigKey<Duration> DEFAULT_LIFETIME =
      KEYS.add(
          ConfigKey.of(
              "udm.default-lifetime",
              ValueTypes.positiveDuration(),
              "1h",
              "Key lifetime in the default GUSS of N68 users (bounded by session.max-lifetime)."));

  /** The section from validated values. */
  static UdmConfig from(ResolvedConfig r) {
    return new UdmConfig(r.get(INSTANCES), r.get(DEFAULT_USS), r.get(DEFAULT_LIFETIME));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
