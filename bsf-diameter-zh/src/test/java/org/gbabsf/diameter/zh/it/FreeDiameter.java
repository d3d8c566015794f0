package org.gbabsf.diameter.zh.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.gbabsf.core.testing.Poll;

/**
 * A freeDiameterd process (Debian's freeDiameter) run from a configuration written by the test,
 * with its output in a log file to wait on and quote. Skips the test, saying why, where
 * freeDiameterd is not installed (apt-get install freediameter); CI installs it.
 */
final class FreeDiameter implements AutoCloseable {

  private final Process process;
  private final Path log;

  private FreeDiameter(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** The freeDiameterd executable, if installed. */
  static Optional<Path> daemon() {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.concat(
            Stream.of(path.split(File.pathSeparator)).filter(p -> !p.isEmpty()),
            Stream.of("/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"))
        .map(p -> Path.of(p, "freeDiameterd"))
        .filter(Files::isExecutable)
        .findFirst();
  }

  /**
   * Writes {@code conf} (one statement per line) to {@code dir} and starts freeDiameterd on it,
   * with {@code environment} added to its own (e.g. SSLKEYLOGFILE); for the test {@code name}.
   */
  static FreeDiameter start(
      String name, Path dir, List<String> conf, Map<String, String> environment)
      throws IOException {
    Optional<Path> daemon = daemon();
    if (daemon.isEmpty()) {
      System.out.println(
          "[" + name + "] SKIPPED: freeDiameterd is not installed (apt-get install freediameter)");
    }
    assumeTrue(daemon.isPresent(), "freeDiameterd is not installed");
    Path file = dir.resolve("freeDiameter.conf");
    Files.writeString(file, String.join("\n", conf) + "\n", StandardCharsets.UTF_8);
    Path log = dir.resolve("freeDiameterd.log");
    ProcessBuilder pb =
        new ProcessBuilder(daemon.get().toString(), "-c", file.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().putAll(environment);
    return new FreeDiameter(pb.start(), log);
  }

  /** True once the log holds {@code text} (false if the daemon died or the time passed). */
  boolean await(String text, Duration timeout) {
    Poll.until(() -> !process.isAlive() || logContains(text), timeout);
    return logContains(text);
  }

  boolean logContains(String text) {
    return read().contains(text);
  }

  private String read() {
    try {
      return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The last lines the daemon wrote, for assertion messages. */
  String tail() {
    List<String> lines = read().lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(5, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    }
  }
}
