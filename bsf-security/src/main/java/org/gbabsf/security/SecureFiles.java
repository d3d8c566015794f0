package org.gbabsf.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the small text files that hold certificates, keys, tokens and the key ring. */
public final class SecureFiles {

  /** Larger than any PEM bundle or key ring an operator writes; guards against a wrong path. */
  static final long MAX_SIZE = 1 << 20;

  private SecureFiles() {}

  /**
   * The file's text (UTF-8).
   *
   * @throws UncheckedIOException naming the file if it cannot be read
   * @throws SecurityMaterialException if it is larger than 1 MiB
   */
  public static String read(Path file) {
    try {
      if (Files.size(file) > MAX_SIZE) {
        throw new SecurityMaterialException(file, "larger than 1 MiB: not a key or certificate");
      }
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /**
   * The file's content with surrounding white space stripped: a token or password file, as a
   * Kubernetes Secret or {@code echo} writes it.
   *
   * @throws SecurityMaterialException if it is empty
   */
  public static String readSecret(Path file) {
    String value = read(file).strip();
    if (value.isEmpty()) {
      throw new SecurityMaterialException(file, "is empty");
    }
    return value;
  }
}
