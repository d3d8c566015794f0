package org.gbabsf.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileWatchTest {

  @TempDir Path dir;
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** Reloads count; content "bad" is refused like a malformed certificate. */
  private static final class Fake implements Reloadable {
    final Path file;
    final AtomicInteger reloads = new AtomicInteger();
    volatile String inForce;

    Fake(Path file) throws Exception {
      this.file = file;
      this.inForce = Files.readString(file);
    }

    @Override
    public String name() {
      return "fake";
    }

    @Override
    public List<Path> files() {
      return List.of(file);
    }

    @Override
    public String reload() {
      String text = SecureFiles.read(file);
      if (text.equals("bad")) {
        throw new SecurityMaterialException(file, "bad content");
      }
      reloads.incrementAndGet();
      inForce = text;
      return "now " + text;
    }
  }

  private double reloads(String result) {
    return registry.get("bsf.security.reloads").tag("result", result).counter().count();
  }

  @Test
  void should_reload_only_what_changed_and_keep_the_old_when_the_new_is_bad() throws Exception {
    Path file = dir.resolve("f");
    Files.writeString(file, "one");
    Fake fake = new Fake(file);
    try (FileWatch watch = new FileWatch(Duration.ZERO, registry)) {
      watch.watch(fake);

      watch.checkNow().get(5, TimeUnit.SECONDS);
      assertThat(fake.reloads).hasValue(0);

      Files.writeString(file, "bad");
      watch.checkNow().get(5, TimeUnit.SECONDS);
      watch.checkNow().get(5, TimeUnit.SECONDS);
      assertThat(fake.inForce).isEqualTo("one");
      assertThat(reloads("failed")).isEqualTo(1.0);

      Files.writeString(file, "two");
      watch.checkNow().get(5, TimeUnit.SECONDS);
      assertThat(fake.inForce).isEqualTo("two");
      assertThat(reloads("ok")).isEqualTo(1.0);
    }
  }

  @Test
  void should_keep_the_material_when_the_file_disappears() throws Exception {
    Path file = dir.resolve("g");
    Files.writeString(file, "one");
    Fake fake = new Fake(file);
    try (FileWatch watch = new FileWatch(Duration.ZERO, registry)) {
      watch.watch(fake);
      Files.delete(file);

      watch.checkNow().get(5, TimeUnit.SECONDS);

      assertThat(fake.inForce).isEqualTo("one");
      assertThat(reloads("failed")).isEqualTo(1.0);
    }
  }
}
