package org.gbabsf.security;

import java.nio.file.Path;
import java.util.List;

/**
 * Something read from files that {@link FileWatch} reloads when they change: a certificate and its
 * key, a trust bundle, the key ring.
 */
public interface Reloadable {

  /** What it is, for logs and metric tags, e.g. {@code ub-tls} or {@code key-ring}. */
  String name();

  /** The files it is read from. */
  List<Path> files();

  /**
   * Reads the files again and takes them into use; on failure, keeps what it had.
   *
   * @return one line describing what is now in force (no key material), for the INFO log
   * @throws java.io.UncheckedIOException if a file cannot be read
   * @throws SecurityMaterialException if a file is not usable
   */
  String reload();
}
