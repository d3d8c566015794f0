package org.gbabsf.server.config;

import java.net.URI;
import java.util.List;

/**
 * N65 toward the HSS over the SBA (TS 29.562).
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param instances {@code n65.instances}: N65 instances
 */
public record N65Config(List<URI> instances) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** N65 instances. */
  public static final ConfigKey<List<URI>> INSTANCES =
      KEYS.add(
          ConfigKey.of(
              "n65.instances",
              SbiEntryTypes.apiRoots(),
              "",
              "apiRoots of the HSS instances on N65 (TS 29.562), comma-separated, in order of"
                  + " preference, e.g. http://hss1:8080,https://hss2:443; required with"
                  + " hss.type=n65."));

  /** The section from validated values. */
  static N65Config from(ResolvedConfig r) {
    return new N65Config(r.get(INSTANCES));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
