package org.gbabsf.server.config;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A type whose parser returns null for text that breaks its rule; values are shown as written. */
class EntryType<T> implements ValueType<T> {
  private final boolean required;
  private final String expectation;
  private final String problem;
  private final Function<String, T> parser;

  /**
   * @param form the entries' syntax, e.g. {@code host=group,…}
   * @param problem the refusal of a value that breaks it
   * @param parser the value of a text, or null if it breaks the rule
   */
  EntryType(String form, String problem, Function<String, T> parser) {
    this(false, form, problem, parser);
  }

  /**
   * @param required whether an empty value is refused as such ("is not a non-blank string; …")
   *     rather than read as no entries
   */
  EntryType(boolean required, String form, String problem, Function<String, T> parser) {
    // The phrases of the string types these keys had, so that messages and docs read as before.
    this.required = required;
    this.expectation = (required ? "a non-blank string; " : "a string, possibly empty; ") + form;
    this.problem = problem;
    this.parser = parser;
  }

  @Override
  public String expectation() {
    return expectation;
  }

  @Override
  public T parse(String text) {
    if (required && text.isBlank()) {
      throw new IllegalArgumentException(expectation); // "is not a non-blank string; …"
    }
    T value = parser.apply(text);
    if (value == null) {
      throw new Refusal(problem);
    }
    return value;
  }

  /** Never used for display ({@link #shownAsWritten()}); a readable rendering for debugging. */
  @Override
  public String format(T value) {
    return String.valueOf(value);
  }

  @Override
  public boolean shownAsWritten() {
    return true;
  }

  /**
   * A parser of comma-separated entries, each parsed by {@code entry} (null for one that breaks the
   * rule): the list in written order, or null if any entry is refused.
   */
  static <T> Function<String, List<T>> eachEntry(Function<String, T> entry) {
    return text -> {
      List<T> out = new ArrayList<>();
      for (String e : entries(text)) {
        T value = entry.apply(e);
        if (value == null) {
          return null;
        }
        out.add(value);
      }
      return List.copyOf(out);
    };
  }

  /** The stripped, comma-separated entries of {@code text}; none if it is blank. */
  static List<String> entries(String text) {
    if (text.isBlank()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String entry : text.split(",", -1)) {
      out.add(entry.strip());
    }
    return out;
  }
}
