package org.gbabsf.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.sim.SimulatedGuss;

/**
 * Where vectors and GUSS come from (hss.type), and the simulated HSS.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param type {@code hss.type}: Where authentication vectors come from
 * @param simulatedSubscribersCsv {@code hss.simulated.subscribers-csv}: Optional subscriber CSV of
 *     the simulated HSS
 * @param simulatedGeneratedCount {@code hss.simulated.generated-count}: Number of generated
 *     subscribers of the simulated HSS
 * @param simulatedGeneratedDomain {@code hss.simulated.generated-domain}: Domain of the generated
 *     IMPIs of the simulated HSS
 * @param simulatedGussLifetime {@code hss.simulated.guss-lifetime}: Lifetime the simulated HSS puts
 *     in each GUSS
 * @param simulatedUss {@code hss.simulated.uss}: USS list of the simulated GUSS
 * @param simulatedDelay {@code hss.simulated.delay}: Artificial delay of the simulated HSS
 */
public record HssConfig(
    String type,
    Optional<Path> simulatedSubscribersCsv,
    int simulatedGeneratedCount,
    String simulatedGeneratedDomain,
    Duration simulatedGussLifetime,
    List<SimulatedGuss.Uss> simulatedUss,
    Duration simulatedDelay) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** Where authentication vectors come from. */
  public static final ConfigKey<String> TYPE =
      KEYS.add(
          ConfigKey.of(
              "hss.type",
              ValueTypes.oneOf("zh", "n65", "udm", "simulated"),
              "zh",
              "Where vectors and GUSS come from: zh (an HSS over Diameter, see zh.* and"
                  + " diameter.*), n65 (an HSS over the SBA, TS 29.562, see n65.* and"
                  + " sbi.client.*), udm (a UDM over N68, TS 29.503, see udm.*; GUSS from"
                  + " udm.default-uss) or simulated (an in-process HSS, for tests)."));

  /** Optional subscriber CSV of the simulated HSS. */
  public static final ConfigKey<Optional<Path>> SIMULATED_SUBSCRIBERS_CSV =
      KEYS.add(
          ConfigKey.of(
                  "hss.simulated.subscribers-csv",
                  ValueTypes.optionalPath(),
                  "",
                  "Optional CSV file of subscribers, lines impi,k,opc,amf,sqn in hex; when empty,"
                      + " a generated range is used.")
              .withValidator(Validators.readableFileIfPresent()));

  /** Number of generated subscribers of the simulated HSS. */
  public static final ConfigKey<Integer> SIMULATED_GENERATED_COUNT =
      KEYS.add(
          ConfigKey.of(
              "hss.simulated.generated-count",
              ValueTypes.integer(0, 10_000_000),
              "1000",
              "Number of generated subscribers, named `user<N>@<domain>`."));

  /** Domain of the generated IMPIs of the simulated HSS. */
  public static final ConfigKey<String> SIMULATED_GENERATED_DOMAIN =
      KEYS.add(
          ConfigKey.of(
              "hss.simulated.generated-domain",
              ValueTypes.hostname(),
              "home1.net",
              "Domain of generated IMPIs."));

  /** Lifetime the simulated HSS puts in each GUSS. */
  public static final ConfigKey<Duration> SIMULATED_GUSS_LIFETIME =
      KEYS.add(
          ConfigKey.of(
              "hss.simulated.guss-lifetime",
              ValueTypes.positiveDuration(),
              "1h",
              "Lifetime the simulated HSS puts in each GUSS."));

  /** USS list of the simulated GUSS. */
  public static final ConfigKey<List<SimulatedGuss.Uss>> SIMULATED_USS =
      KEYS.add(
          ConfigKey.of(
              "hss.simulated.uss",
              EntryTypes.ussList(),
              "1:default:1",
              "USSs of the simulated GUSS: TYPE[:NAF-GROUP[:FLAG+FLAG]] separated by ';'."));

  /** Artificial delay of the simulated HSS. */
  public static final ConfigKey<Duration> SIMULATED_DELAY =
      KEYS.add(
          ConfigKey.of(
              "hss.simulated.delay",
              ValueTypes.nonNegativeDuration(),
              "0ms",
              "Artificial delay before the simulated HSS answers (fault injection)."));

  /** The section from validated values. */
  static HssConfig from(ResolvedConfig r) {
    return new HssConfig(
        r.get(TYPE),
        r.get(SIMULATED_SUBSCRIBERS_CSV),
        r.get(SIMULATED_GENERATED_COUNT),
        r.get(SIMULATED_GENERATED_DOMAIN),
        r.get(SIMULATED_GUSS_LIFETIME),
        r.get(SIMULATED_USS),
        r.get(SIMULATED_DELAY));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
