package org.gbabsf.server.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Whether this BSF can serve bootstraps: every dependency it was configured with is reachable (at
 * least one HSS peer connected; the local Cassandra datacenter reachable) and Ub listens.
 */
public final class Readiness {

  private final Map<String, BooleanSupplier> checks = new LinkedHashMap<>();

  /** Adds a named dependency check. */
  public Readiness check(String name, BooleanSupplier up) {
    checks.put(name, up);
    return this;
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
