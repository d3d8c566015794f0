package org.gbabsf.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.util.Optional;
import org.gbabsf.store.cassandra.CassandraStartupException;

/**
 * The BSF cannot serve, for a reason the operator must mend: carries the {@link ExitCode} and one
 * line saying what is wrong. {@code bsf serve} logs the line and exits with the code; nothing else
 * catches it.
 */
public final class StartupFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ExitCode exitCode;

  /** A failure with a one-line {@code message}. */
  public StartupFailure(ExitCode exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  /** The code the process ends with. */
  public ExitCode exitCode() {
    return exitCode;
  }

  /** The failure for a problem Cassandra reported. */
  static StartupFailure of(CassandraStartupException e) {
    return new StartupFailure(
        e.problem() == CassandraStartupException.Problem.CREDENTIALS
            ? ExitCode.CASSANDRA_CREDENTIALS
            : ExitCode.CASSANDRA_SCHEMA,
        e.getMessage(),
        e);
  }

  /**
   * The startup failure {@code e} stands for, if it is one an operator mends: a taken port
   * (anywhere in its causes) or a file that cannot be read.
   *
   * @param what what was being started, e.g. "Ub on 0.0.0.0:8080"
   */
  static Optional<StartupFailure> classify(Throwable e, String what) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StartupFailure s) {
        return Optional.of(s);
      }
      if (t instanceof BindException bind) {
        // The adapters name the interface and address in an UncheckedIOException around it.
        String message =
            e instanceof UncheckedIOException
                ? e.getMessage()
                : what + " cannot listen: " + bind.getMessage();
        return Optional.of(new StartupFailure(ExitCode.PORT_IN_USE, message, e));
      }
      if (t instanceof CassandraStartupException c) {
        return Optional.of(of(c));
      }
      if (t instanceof org.gbabsf.security.SecurityMaterialException m) {
        return Optional.of(new StartupFailure(ExitCode.SECURITY_MATERIAL, m.getMessage(), e));
      }
    }
    if (e instanceof UncheckedIOException u) {
      IOException io = u.getCause();
      return Optional.of(
          new StartupFailure(
              ExitCode.FILE_UNREADABLE, what + ": " + u.getMessage() + ": " + io, e));
    }
    return Optional.empty();
  }
}
