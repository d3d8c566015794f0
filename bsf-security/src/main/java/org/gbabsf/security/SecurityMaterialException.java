package org.gbabsf.security;

import java.nio.file.Path;

/**
 * A certificate, private key or key ring file was read but is not usable: not PEM, a key that does
 * not match its certificate, a malformed key ring. The message names the file and the problem,
 * never key material. At start-up the BSF stops on it with one line (exit code 7); on a reload the
 * previous material stays in force.
 */
public final class SecurityMaterialException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;

  /** {@code file} holds something unusable, as {@code problem} says. */
  public SecurityMaterialException(Path file, String problem) {
    super(file + ": " + problem);
    this.file = file;
  }

  /** The file at fault. */
  public Path file() {
    return file;
  }
}
