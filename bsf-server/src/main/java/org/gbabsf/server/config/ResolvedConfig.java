package org.gbabsf.server.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Validated values of a list of keys, each with its source. Immutable. */
final class ResolvedConfig {

  /**
   * One key's effective value.
   *
   * @param value the parsed value, of the key's type
   * @param source where it came from
   * @param note how it was derived, e.g. {@code same as bsf.name}; empty if given directly
   * @param written the text it was parsed from, stripped; empty for a default or a derived value
   */
  record Value(Object value, ConfigSource source, String note, String written) {

    /** A default or derived value. */
    Value(Object value, ConfigSource source, String note) {
      this(value, source, note, "");
    }
  }

  private final List<ConfigKey<?>> keys;
  private final Map<ConfigKey<?>, Value> values;

  ResolvedConfig(List<ConfigKey<?>> keys, Map<ConfigKey<?>, Value> values) {
    this.keys = List.copyOf(keys);
    for (ConfigKey<?> key : this.keys) {
      if (!values.containsKey(key)) {
        throw new IllegalArgumentException("no value for " + key);
      }
    }
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The value of a key; the key must be one of those resolved. */
  <T> T get(ConfigKey<T> key) {
    @SuppressWarnings("unchecked") // values.get(key) was produced by key's own ValueType
    T value = (T) entry(key).value();
    return value;
  }

  ConfigSource source(ConfigKey<?> key) {
    return entry(key).source();
  }

  List<ConfigKey<?>> keys() {
    return keys;
  }

  /** One {@code key = value (source)} line per key, in key order, secrets masked. */
  String describe() {
    StringJoiner lines = new StringJoiner("\n");
    for (ConfigKey<?> key : keys) {
      Value entry = entry(key);
      String source =
          entry.note().isEmpty() ? entry.source().toString() : entry.source() + ", " + entry.note();
      lines.add(key.name() + " = " + display(key) + "  (" + source + ")");
    }
    return lines.toString();
  }

  private <T> String display(ConfigKey<T> key) {
    Value entry = entry(key);
    // Defaults are shown as documented (60s rather than 1m); other values in canonical form.
    // Lists and maps as written, since their parsed values keep no spacing.
    String text =
        entry.source().kind() == ConfigSource.Kind.DEFAULT && entry.note().isEmpty()
            ? key.displayRaw(key.defaultText())
            : key.type().shownAsWritten() && entry.note().isEmpty()
                ? key.displayRaw(entry.written())
                : key.display(get(key));
    return text.isEmpty() ? "\"\"" : text;
  }

  private Value entry(ConfigKey<?> key) {
    Value entry = values.get(key);
    if (entry == null) {
      throw new IllegalArgumentException("not a resolved key: " + key);
    }
    return entry;
  }
}
