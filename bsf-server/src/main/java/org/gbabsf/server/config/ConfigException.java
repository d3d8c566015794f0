package org.gbabsf.server.config;

import java.util.List;

/**
 * The configuration is invalid. The message lists every problem found, one per line, each naming
 * the key, where its value came from, the value and what was expected, e.g.
 *
 * <pre>
 * Invalid configuration (2 problems):
 *   ub.port (from env BSF_UB_PORT): "80x" is not an integer in 0..65535
 *   ub.prot (from file /etc/bsf/bsf.yaml:3): unknown key; did you mean ub.port?
 * </pre>
 */
public final class ConfigException extends RuntimeException {

  /**
   * The words every problem about a file that cannot be read contains: the config file itself, or a
   * file a key names. Such configurations exit with their own code (docs/operations.md).
   */
  public static final String UNREADABLE = "file cannot be read";

  private final List<String> problems;

  /**
   * Makes an exception for a non-empty list of problems.
   *
   * @param problems one line per problem
   */
  public ConfigException(List<String> problems) {
    super(message(problems));
    this.problems = List.copyOf(problems);
  }

  /** The problems, one line each, in the order they were found. */
  public List<String> problems() {
    return problems;
  }

  /** True if every problem is a file that cannot be read. */
  public boolean onlyUnreadableFiles() {
    return problems.stream().allMatch(p -> p.contains(UNREADABLE));
  }

  private static String message(List<String> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a ConfigException needs at least one problem");
    }
    StringBuilder message =
        new StringBuilder("Invalid configuration (")
            .append(problems.size())
            .append(problems.size() == 1 ? " problem):" : " problems):");
    for (String problem : problems) {
      message.append("\n  ").append(problem);
    }
    return message.toString();
  }
}
