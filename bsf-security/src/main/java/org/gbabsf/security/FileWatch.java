package org.gbabsf.security;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reloads certificates, keys and the key ring without a restart: every {@code interval} (and at
 * once on {@link #checkNow()}, which {@code bsf serve} calls on SIGHUP) it compares a digest of
 * each {@link Reloadable}'s files with the last one it loaded, and reloads what changed. Contents
 * are compared, not times, so the atomic symlink swap of a Kubernetes Secret volume and an edit
 * within the same second are both seen. A reload that fails keeps the material in force and is
 * retried at the next check; each outcome is logged once (INFO, or WARN with the problem) and
 * counted in {@code bsf.security.reloads{name,result}}. One thread; checks never overlap.
 */
public final class FileWatch implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(FileWatch.class);

  private final List<Reloadable> watched = new CopyOnWriteArrayList<>();
  private final Map<Reloadable, byte[]> loaded = new ConcurrentHashMap<>();
  private final Map<Reloadable, byte[]> failed = new ConcurrentHashMap<>();
  private final ScheduledExecutorService thread;
  private final MeterRegistry registry;

  /** Checks every {@code interval}; zero checks only on {@link #checkNow()}. */
  public FileWatch(Duration interval, MeterRegistry registry) {
    this.registry = registry;
    this.thread = org.gbabsf.netty.Threads.scheduler("bsf-file-watch");
    if (!interval.isZero()) {
      long ms = interval.toMillis();
      thread.scheduleWithFixedDelay(this::check, ms, ms, TimeUnit.MILLISECONDS);
    }
  }

  /** Watches {@code r}, whose files were just loaded. */
  public void watch(Reloadable r) {
    loaded.put(r, digest(r));
    watched.add(r);
    counter(r, "ok");
    counter(r, "failed");
  }

  /** Checks every watched file now, on the watch thread; the future completes when done. */
  public Future<?> checkNow() {
    return thread.submit(this::check);
  }

  private void check() {
    for (Reloadable r : watched) {
      byte[] now;
      try {
        now = digest(r);
      } catch (UncheckedIOException e) {
        report(r, null, e.getMessage() + ": " + e.getCause());
        continue;
      }
      if (Arrays.equals(now, loaded.get(r))) {
        continue;
      }
      try {
        String inForce = r.reload();
        loaded.put(r, now);
        failed.remove(r);
        counter(r, "ok").increment();
        log.info("Reloaded {}: {}", r.name(), inForce);
      } catch (UncheckedIOException e) {
        report(r, now, e.getMessage() + ": " + e.getCause());
      } catch (SecurityMaterialException e) {
        report(r, now, e.getMessage());
      } catch (RuntimeException unexpected) {
        // This thread's boundary: anything else (a provider failure, a parser's surprise on a
        // half-written file) must not end the periodic checks, which would stop silently.
        report(r, now, unexpected.toString());
      }
    }
  }

  /** Counts and logs a failed reload once per content, so a bad file is not reported forever. */
  private void report(Reloadable r, byte[] content, String problem) {
    byte[] key = content == null ? new byte[0] : content;
    byte[] previous = failed.put(r, key);
    if (previous != null && Arrays.equals(previous, key)) {
      return;
    }
    counter(r, "failed").increment();
    log.warn("Cannot reload {}; keeping the one in force: {}", r.name(), problem);
  }

  private Counter counter(Reloadable r, String result) {
    return Counter.builder("bsf.security.reloads")
        .description("Reloads of certificates, keys and the key ring, by outcome")
        .tag("name", r.name())
        .tag("result", result)
        .register(registry);
  }

  private static byte[] digest(Reloadable r) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("JCA provider failure", e);
    }
    for (Path p : r.files()) {
      try {
        sha.update(Files.readAllBytes(p));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + p, e);
      }
      sha.update((byte) 0);
    }
    return sha.digest();
  }

  /** Stops checking. */
  @Override
  public void close() {
    thread.shutdownNow();
  }
}
