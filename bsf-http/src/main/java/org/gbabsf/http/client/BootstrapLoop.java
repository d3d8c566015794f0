package org.gbabsf.http.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Simulated UEs bootstrapping one after the other, each as fast as the BSF answers, until stopped:
 * continuous load for failure tests (a node or an HSS killed mid-run). Counts successes, those
 * after a marked moment, and failures by step and status.
 */
public final class BootstrapLoop {

  private final List<GbaUe> ues;
  private final AtomicBoolean running = new AtomicBoolean();
  private final AtomicBoolean marked = new AtomicBoolean();
  private final AtomicInteger bootstrapped = new AtomicInteger();
  private final AtomicInteger bootstrappedSinceMark = new AtomicInteger();
  private final ConcurrentHashMap<String, AtomicInteger> failures = new ConcurrentHashMap<>();
  private final List<CompletableFuture<Void>> loops = new ArrayList<>();

  /** A loop over {@code ues}, each on its own connection. */
  public BootstrapLoop(List<GbaUe> ues) {
    this.ues = List.copyOf(ues);
  }

  /** Starts one loop per UE, each on a pool thread. */
  public BootstrapLoop start() {
    running.set(true);
    for (GbaUe ue : ues) {
      loops.add(CompletableFuture.runAsync(() -> loop(ue)));
    }
    return this;
  }

  private void loop(GbaUe ue) {
    while (running.get()) {
      GbaUe.Result r = ue.bootstrap().toCompletableFuture().join();
      if (r instanceof GbaUe.Result.Bootstrapped) {
        bootstrapped.incrementAndGet();
        if (marked.get()) {
          bootstrappedSinceMark.incrementAndGet();
        }
      } else {
        GbaUe.Result.Failed f = (GbaUe.Result.Failed) r;
        failures
            .computeIfAbsent(f.step() + " " + f.status(), k -> new AtomicInteger())
            .incrementAndGet();
      }
    }
  }

  /** Marks the moment of a fault: later successes are counted apart. */
  public void mark() {
    marked.set(true);
  }

  /** Successful bootstraps so far. */
  public int bootstrapped() {
    return bootstrapped.get();
  }

  /** Successful bootstraps since {@link #mark()}. */
  public int bootstrappedSinceMark() {
    return bootstrappedSinceMark.get();
  }

  /** Stops every UE after its current bootstrap and waits for them. */
  public void stop() throws Exception {
    running.set(false);
    CompletableFuture.allOf(loops.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
  }

  /** Failures by "step status", e.g. {@code answer 503}, sorted. */
  public Map<String, Integer> failures() {
    Map<String, Integer> out = new TreeMap<>();
    failures.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  /** Total failures. */
  public int failureCount() {
    return failures.values().stream().mapToInt(AtomicInteger::get).sum();
  }
}
