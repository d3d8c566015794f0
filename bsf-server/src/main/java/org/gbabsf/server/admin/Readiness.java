package org.gbabsf.server.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Whether this BSF can serve bootstraps: every dependency it was configured with is reachable (at
 * least one HSS peer connected; the local Cassandra datacenter reachable) and Ub listens. Notes add
 * lines about what does not decide it (the NRF registration), shown but not counted.
 */
public final class Readiness {

  private final Map<String, BooleanSupplier> checks = new LinkedHashMap<>();
  private final Map<String, Supplier<Optional<String>>> details = new LinkedHashMap<>();
  private final Map<String, Supplier<String>> notes = new LinkedHashMap<>();

  /** Adds a named dependency check. */
  public Readiness check(String name, BooleanSupplier up) {
    return check(name, up, Optional::empty);
  }

  /**
   * Adds a named dependency check with what to say when it is down, e.g. "connecting to
   * [/10.0.0.1:9042] (3 failed attempts; last: connection refused)".
   */
  public Readiness check(String name, BooleanSupplier up, Supplier<Optional<String>> whyDown) {
    checks.put(name, up);
    details.put(name, whyDown);
    return this;
  }

  /**
   * Adds a named line {@code /ready} shows without counting it: the state of something whose loss
   * does not stop this BSF from serving, e.g. "registered as GBA_BSF …" for the NRF.
   */
  public Readiness note(String name, Supplier<String> text) {
    notes.put(name, text);
    return this;
  }

  /** Each note's current text, in the order added. */
  public Map<String, String> notes() {
    Map<String, String> out = new LinkedHashMap<>();
    notes.forEach((name, text) -> out.put(name, text.get()));
    return out;
  }

  /** Why {@code name} is down, if its check says. */
  public Optional<String> whyDown(String name) {
    Supplier<Optional<String>> why = details.get(name);
    return why == null ? Optional.empty() : why.get();
  }

  /** Each check's current state, in the order added. */
  public Map<String, Boolean> states() {
    Map<String, Boolean> out = new LinkedHashMap<>();
    checks.forEach((name, up) -> out.put(name, up.getAsBoolean()));
    return out;
  }

  /** True when every check holds. */
  public boolean ready() {
    return states().values().stream().allMatch(Boolean::booleanValue);
  }
}
