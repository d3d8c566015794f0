package org.gbabsf.server.config;

import java.time.Duration;
import java.util.List;

/**
 * How often TLS material, key rings and token files are read again.
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param reloadInterval {@code security.reload-interval}: How often security files are checked
 */
public record SecurityConfig(Duration reloadInterval) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** How often security files are checked. */
  public static final ConfigKey<Duration> RELOAD_INTERVAL =
      KEYS.add(
          ConfigKey.of(
                  "security.reload-interval",
                  ValueTypes.nonNegativeDuration(),
                  "30s",
                  "How often certificate, key, token and key-ring files are checked for changes"
                      + " and reloaded (also at once on SIGHUP); 0: only on SIGHUP.")
              .withValidator(Validators.atMost(Duration.ofHours(1))));

  /** The section from validated values. */
  static SecurityConfig from(ResolvedConfig r) {
    return new SecurityConfig(r.get(RELOAD_INTERVAL));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
