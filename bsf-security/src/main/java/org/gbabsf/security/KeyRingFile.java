package org.gbabsf.security;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.gbabsf.core.seal.KeyRing;

/**
 * The key ring of {@code store.seal.key-ring-file}, held so that a reload takes effect for the next
 * value sealed or opened. Never logs key material: its description is the ids.
 */
public final class KeyRingFile implements Reloadable {

  private final Path file;
  private final AtomicReference<KeyRing> ring;

  private KeyRingFile(Path file, KeyRing ring) {
    this.file = file;
    this.ring = new AtomicReference<>(ring);
  }

  /**
   * Reads {@code file}.
   *
   * @throws java.io.UncheckedIOException if it cannot be read
   * @throws SecurityMaterialException if it is not a valid key ring
   */
  public static KeyRingFile load(Path file) {
    return new KeyRingFile(file, parse(file));
  }

  private static KeyRing parse(Path file) {
    try {
      return KeyRing.parse(SecureFiles.read(file));
    } catch (IllegalArgumentException e) {
      throw new SecurityMaterialException(file, "not a valid key ring: " + e.getMessage());
    }
  }

  /** The ring in force. */
  public KeyRing current() {
    return ring.get();
  }

  @Override
  public String name() {
    return "key-ring";
  }

  @Override
  public List<Path> files() {
    return List.of(file);
  }

  @Override
  public String reload() {
    KeyRing next = parse(file);
    ring.set(next);
    return describe();
  }

  /** The ids and the active one. */
  public String describe() {
    KeyRing r = ring.get();
    return "key ring " + file + ": keys " + r.ids() + ", active " + r.activeId();
  }
}
