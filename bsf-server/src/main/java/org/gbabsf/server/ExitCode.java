package org.gbabsf.server;

/**
 * The exit codes of {@code bsf serve}, one per kind of problem an operator mends differently. Each
 * ends the process with one ERROR line naming the problem (docs/operations.md, "Exit codes").
 */
public enum ExitCode {
  /** Stopped on request; a JVM stopped by SIGTERM reports 143 instead. */
  OK(0, "stopped"),
  /** An unexpected failure: a bug; the log holds a stack trace. */
  UNEXPECTED(1, "unexpected failure (a bug: please report it with the log)"),
  /** The configuration is invalid; every problem is listed on stderr. */
  CONFIG(2, "invalid configuration"),
  /** A file cannot be read: the config file, or a file a key names. */
  FILE_UNREADABLE(3, "a file cannot be read"),
  /** A port to listen on is taken (Ub, admin or Diameter). */
  PORT_IN_USE(4, "a port is already in use"),
  /** Cassandra refused the credentials. */
  CASSANDRA_CREDENTIALS(5, "Cassandra refused the credentials"),
  /** The keyspace or a table is missing with cassandra.schema.create=false, or DDL was refused. */
  CASSANDRA_SCHEMA(6, "the Cassandra keyspace or tables are missing or were refused"),
  /** A certificate, private key, token or key ring file reads but is not usable. */
  SECURITY_MATERIAL(7, "a certificate, private key, token or key ring is not usable");

  private final int code;
  private final String meaning;

  ExitCode(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  /** The process exit status. */
  public int code() {
    return code;
  }

  /** What it means, for the docs and the log line. */
  public String meaning() {
    return meaning;
  }
}
