package org.gbabsf.server.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The registry of every configuration key of the BSF, in documentation order. Each key is declared
 * in the section record it belongs to ({@link UbConfig}, {@link ZhConfig}…).
 *
 * <p>To add a key: declare it in its section with a component of the same name, then regenerate
 * {@code docs/configuration.md} and {@code bsf.yaml} with {@link ConfigReference}.
 */
public final class BsfConfigKeys {

  /** The first segments of key names, in documentation order. */
  private static final List<String> SECTION_ORDER =
      List.of(
          "bsf",
          "io",
          "ub",
          "session",
          "admin",
          "store",
          "cassandra",
          "diameter",
          "zh",
          "zn",
          "hss",
          "security",
          "sbi",
          "nbsp",
          "n65",
          "udm",
          "nrf",
          "aanf",
          "naf-proxy");

  private BsfConfigKeys() {}

  /**
   * Every key, in documentation order: by first name segment in {@link #SECTION_ORDER}, then in
   * declaration order within its section.
   */
  public static List<ConfigKey<?>> all() {
    return Merged.ALL;
  }

  /** Built on first use, once every section has registered its keys. */
  private static final class Merged {
    static final List<ConfigKey<?>> ALL =
        ordered(
            Stream.of(
                    NodeConfig.keys(),
                    UbConfig.keys(),
                    StoreConfig.keys(),
                    AdminConfig.keys(),
                    CassandraConfig.keys(),
                    DiameterConfig.keys(),
                    ZhConfig.keys(),
                    ZnConfig.keys(),
                    HssConfig.keys(),
                    SecurityConfig.keys(),
                    SbiConfig.keys(),
                    SbiClientConfig.keys(),
                    NbspConfig.keys(),
                    N65Config.keys(),
                    UdmConfig.keys(),
                    NrfConfig.keys(),
                    AanfConfig.keys(),
                    NafProxyConfig.keys())
                .flatMap(List::stream)
                .toList());
  }

  static List<ConfigKey<?>> ordered(List<ConfigKey<?>> keys) {
    List<ConfigKey<?>> out = new ArrayList<>(keys);
    for (ConfigKey<?> key : out) {
      if (!SECTION_ORDER.contains(segment(key))) {
        throw new IllegalStateException(key.name() + ": section not in SECTION_ORDER");
      }
    }
    out.sort(Comparator.comparingInt(key -> SECTION_ORDER.indexOf(segment(key))));
    check(out);
    return Collections.unmodifiableList(out);
  }

  private static String segment(ConfigKey<?> key) {
    return key.name().substring(0, key.name().indexOf('.'));
  }

  private static void check(List<ConfigKey<?>> keys) {
    for (int i = 0; i < keys.size(); i++) {
      for (int j = 0; j < i; j++) {
        ConfigKey<?> key = keys.get(i);
        ConfigKey<?> existing = keys.get(j);
        if (existing.envVar().equals(key.envVar())) {
          throw new IllegalStateException(
              key.name() + " and " + existing.name() + " share " + key.envVar());
        }
        if (key.name().startsWith(existing.name() + ".")
            || existing.name().startsWith(key.name() + ".")) {
          throw new IllegalStateException(
              key.name() + " and " + existing.name() + ": a key cannot also be a section");
        }
      }
    }
  }
}
