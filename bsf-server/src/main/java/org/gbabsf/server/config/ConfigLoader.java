package org.gbabsf.server.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds the {@link BsfConfig} from, in increasing precedence: the keys' defaults, an optional YAML
 * file, {@code BSF_*} environment variables and explicit overrides (the CLI's {@code --set
 * key=value}).
 *
 * <p>Every problem is collected before failing, so one {@link ConfigException} reports them all:
 * unknown keys in the file and unknown {@code BSF_*} variables (with a "did you mean" suggestion),
 * unknown override keys, values that do not parse or validate. Only the effective value of a key is
 * validated: a bad value in the file that an environment variable overrides is not reported.
 *
 * <pre>{@code
 * BsfConfig config = ConfigLoader.load(configFileOrNull, System.getenv(), setOptions);
 * config.describe().lines().forEach(line -> log.info("  {}", line));
 * }</pre>
 */
public final class ConfigLoader {

  /**
   * The environment variable naming the config file. It is read by the CLI, not by this class,
   * which only exempts it from the check for unknown {@code BSF_*} variables.
   */
  public static final String CONFIG_FILE_ENV = "BSF_CONFIG";

  /**
   * {@code BSF_*} variables that are not configuration keys and are read elsewhere: the config
   * file, the log level (logback.xml), the test Cassandra (cassandra-local) and the JVM options of
   * the start scripts.
   */
  public static final java.util.Set<String> RESERVED_ENV =
      java.util.Set.of(CONFIG_FILE_ENV, "BSF_LOG_LEVEL", "BSF_TEST_CASSANDRA", "BSF_JAVA_OPTS");

  private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ConfigLoader.class);

  private final List<ConfigKey<?>> keys;
  private final Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
  private final Map<String, ConfigKey<?>> byEnvVar = new LinkedHashMap<>();
  private final Set<String> sections = new LinkedHashSet<>();

  ConfigLoader(List<ConfigKey<?>> keys) {
    this.keys = List.copyOf(keys);
    for (ConfigKey<?> key : this.keys) {
      byName.put(key.name(), key);
      byEnvVar.put(key.envVar(), key);
      String name = key.name();
      for (int dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
        sections.add(name.substring(0, dot));
      }
    }
  }

  /**
   * Loads and validates the configuration.
   *
   * @param file the YAML config file, or {@code null} for none
   * @param environment the process environment (normally {@link System#getenv()}); only names
   *     starting with {@code BSF_} are looked at
   * @param overrides dotted key to value, taking precedence over everything else
   * @return the validated configuration
   * @throws ConfigException listing every problem found
   */
  public static BsfConfig load(
      Path file, Map<String, String> environment, Map<String, String> overrides) {
    return new BsfConfig(
        new ConfigLoader(BsfConfigKeys.all()).resolve(file, environment, overrides));
  }

  /** The configuration with every key at its default. */
  public static BsfConfig defaults() {
    return load(null, Map.of(), Map.of());
  }

  /** A raw value and where it came from. */
  private record Setting(String text, ConfigSource source, int line) {}

  ResolvedConfig resolve(
      Path file, Map<String, String> environment, Map<String, String> overrides) {
    List<String> problems = new ArrayList<>();
    Map<String, Setting> settings = new HashMap<>();
    if (file != null) {
      readFile(file, settings, problems);
    }
    readEnvironment(environment, settings, problems);
    readOverrides(overrides, settings, problems);

    Map<ConfigKey<?>, ResolvedConfig.Value> values = new LinkedHashMap<>();
    for (ConfigKey<?> key : keys) {
      resolveKey(key, settings.get(key.name()), values, problems);
    }
    deriveRealm(values);
    CrossChecks.check(values, problems);
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
    return new ResolvedConfig(keys, values);
  }

  private void readFile(Path file, Map<String, Setting> settings, List<String> problems) {
    YamlConfigFile.Contents contents = YamlConfigFile.read(file);
    problems.addAll(contents.problems());
    for (YamlConfigFile.Entry entry : contents.entries()) {
      String name = entry.name();
      ConfigSource source = ConfigSource.ofFile(file, entry.line());
      ConfigKey<?> key = byName.get(name);
      if (key == null) {
        if (sections.contains(name)) {
          if (entry.shape() != YamlConfigFile.Shape.NULL) {
            problems.add(
                name
                    + " (from "
                    + source
                    + "): is a section, not a key; put keys under it, such as "
                    + firstKeyIn(name));
          }
          // A null section ("ub:" with every key commented out) is simply empty.
        } else {
          problems.add(name + " (from " + source + "): unknown key" + didYouMean(name));
        }
        continue;
      }
      if (entry.shape() == YamlConfigFile.Shape.LIST) {
        problems.add(name + " (from " + source + "): a list is not " + key.expectation());
        continue;
      }
      Setting previous = settings.get(name);
      if (previous != null) {
        problems.add(
            name
                + " (from "
                + source
                + "): set twice in the file (first at line "
                + previous.line()
                + ")");
        continue;
      }
      settings.put(name, new Setting(entry.text(), source, entry.line()));
    }
  }

  private void readEnvironment(
      Map<String, String> environment, Map<String, Setting> settings, List<String> problems) {
    List<String> serviceLinks = new ArrayList<>();
    // Sorted, so that problems come in a stable order whatever the map's iteration order.
    for (Map.Entry<String, String> variable : new TreeMap<>(environment).entrySet()) {
      String name = variable.getKey();
      if (!name.startsWith(ConfigKey.ENV_PREFIX) || RESERVED_ENV.contains(name)) {
        continue;
      }
      ConfigKey<?> key = byEnvVar.get(name);
      if (key == null && ServiceLinks.matches(name, variable.getValue())) {
        serviceLinks.add(name); // Kubernetes' doing, not a setting (docs/deploy-kubernetes.md)
        continue;
      }
      if (key == null) {
        Optional<String> suggestion = Suggestions.closest(name, byEnvVar.keySet());
        problems.add(
            name
                + " (from env): unknown variable; only "
                + String.join(", ", new java.util.TreeSet<>(RESERVED_ENV))
                + " and the variables of known keys may start with "
                + ConfigKey.ENV_PREFIX
                + suggestion
                    .map(s -> "; did you mean " + s + " (" + byEnvVar.get(s).name() + ")?")
                    .orElse(""));
        continue;
      }
      settings.put(key.name(), new Setting(variable.getValue(), ConfigSource.ofEnv(name), 0));
    }
    if (!serviceLinks.isEmpty()) {
      log.info(
          "Ignored {} Kubernetes service-link variables starting with {} ({}{}); the chart sets"
              + " enableServiceLinks: false",
          serviceLinks.size(),
          ConfigKey.ENV_PREFIX,
          serviceLinks.get(0),
          serviceLinks.size() > 1 ? ", …" : "");
    }
  }

  private void readOverrides(
      Map<String, String> overrides, Map<String, Setting> settings, List<String> problems) {
    for (Map.Entry<String, String> override : overrides.entrySet()) {
      String name = override.getKey().strip();
      ConfigSource source = ConfigSource.ofOverride(name);
      if (!byName.containsKey(name)) {
        problems.add(name + " (from " + source + "): unknown key" + didYouMean(name));
        continue;
      }
      settings.put(name, new Setting(override.getValue(), source, 0));
    }
  }

  private static <T> void resolveKey(
      ConfigKey<T> key,
      Setting setting,
      Map<ConfigKey<?>, ResolvedConfig.Value> values,
      List<String> problems) {
    if (setting == null) {
      values.put(key, new ResolvedConfig.Value(key.defaultValue(), ConfigSource.ofDefault(), ""));
      return;
    }
    ConfigKey.Parsed<T> parsed = key.parse(setting.text());
    if (parsed.ok()) {
      values.put(
          key,
          new ResolvedConfig.Value(parsed.value(), setting.source(), "", setting.text().strip()));
    } else {
      problems.add(
          key.name()
              + " (from "
              + setting.source()
              + "): "
              + key.quoteRaw(setting.text().strip())
              + " "
              + parsed.problem());
    }
  }

  /** An empty {@code ub.realm} means the same as {@code bsf.name}. */
  private static void deriveRealm(Map<ConfigKey<?>, ResolvedConfig.Value> values) {
    ResolvedConfig.Value realm = values.get(UbConfig.REALM);
    ResolvedConfig.Value name = values.get(NodeConfig.NAME);
    if (realm != null && name != null && realm.value().equals("")) {
      values.put(
          UbConfig.REALM,
          new ResolvedConfig.Value(name.value(), realm.source(), "same as bsf.name"));
    }
  }

  private String didYouMean(String name) {
    return Suggestions.closest(name, byName.keySet())
        .map(s -> "; did you mean " + s + "?")
        .orElse("");
  }

  private String firstKeyIn(String section) {
    for (String name : byName.keySet()) {
      if (name.startsWith(section + ".")) {
        return name;
      }
    }
    throw new IllegalStateException("section without keys: " + section);
  }
}
