package org.gbabsf.store.cassandra;

/**
 * Cassandra answered, but in a way that waiting will not mend: the credentials were refused, or the
 * keyspace or its tables are missing while {@code cassandra.schema.create} is false, or Cassandra
 * refused the schema. The BSF stops with the exit code of {@link #problem()}; the message is one
 * line for the operator and holds no secret.
 */
public final class CassandraStartupException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** What is wrong. */
  public enum Problem {
    /** Authentication failed: wrong user name or password. */
    CREDENTIALS,
    /** The keyspace or a table is missing and the BSF may not create it, or DDL was refused. */
    SCHEMA
  }

  private final Problem problem;

  CassandraStartupException(Problem problem, String message, Throwable cause) {
    super(message, cause);
    this.problem = problem;
  }

  /** What is wrong. */
  public Problem problem() {
    return problem;
  }
}
