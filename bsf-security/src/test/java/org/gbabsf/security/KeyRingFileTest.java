package org.gbabsf.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import org.gbabsf.core.seal.KeyRing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyRingFileTest {

  @TempDir Path dir;

  @Test
  void should_take_a_rotated_ring_when_reloaded() throws Exception {
    Path file = dir.resolve("keyring");
    String one = KeyRing.newEntry(1, new SecureRandom());
    Files.writeString(file, one + "\n");
    KeyRingFile ring = KeyRingFile.load(file);

    Files.writeString(file, one + "\n" + KeyRing.newEntry(2, new SecureRandom()) + "\n");
    String described = ring.reload();

    assertThat(ring.current().activeId()).isEqualTo(2);
    assertThat(described).isEqualTo("key ring " + file + ": keys [1, 2], active 2");
  }

  @Test
  void should_name_the_file_and_never_the_keys_when_the_ring_is_malformed() throws Exception {
    Path file = dir.resolve("keyring");
    String entry = KeyRing.newEntry(1, new SecureRandom());
    Files.writeString(file, entry + "\n" + entry + "\n");

    assertThatThrownBy(() -> KeyRingFile.load(file))
        .isInstanceOf(SecurityMaterialException.class)
        .hasMessage(file + ": not a valid key ring: line 2: key 1 is set twice")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(entry.substring(2)));
    assertThatThrownBy(() -> KeyRingFile.load(dir.resolve("missing")))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage("cannot read " + dir.resolve("missing"));
  }
}
