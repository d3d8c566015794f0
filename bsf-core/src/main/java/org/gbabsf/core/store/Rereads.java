package org.gbabsf.core.store;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A read that is made again, after each of a list of waits, while it finds nothing: how the stores
 * wait for another instance's or another DC's write without blocking ({@link HybridChallengeStore}
 * for challenges, {@link RereadingSessionStore} for sessions). The waits are tasks on {@link
 * Delays}; when they refuse one (shut down), the read ends as a miss.
 */
final class Rereads {

  /**
   * What the reads found.
   *
   * @param value what the last read found, or empty when every read missed
   * @param rereads reads made after the first (0: the first read decided)
   * @param firstMissNanos {@link System#nanoTime()} when the first read missed; 0 if it found
   */
  record Result<T>(Optional<T> value, int rereads, long firstMissNanos) {}

  private Rereads() {}

  /**
   * Runs {@code read}, then again after each of {@code waits} in turn while it finds nothing. A
   * read that fails (or throws) fails the whole.
   */
  static <T> CompletionStage<Result<T>> read(
      Supplier<CompletionStage<Optional<T>>> read, List<Duration> waits, Delays delays) {
    return attempt(read, waits, delays, 0, 0);
  }

  private static <T> CompletionStage<Result<T>> attempt(
      Supplier<CompletionStage<Optional<T>>> read,
      List<Duration> waits,
      Delays delays,
      int attempt,
      long firstMiss) {
    CompletionStage<Optional<T>> stage;
    try {
      stage = read.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return stage.thenCompose(
        value -> {
          long missedAt = attempt == 0 && value.isEmpty() ? System.nanoTime() : firstMiss;
          if (value.isPresent() || attempt >= waits.size()) {
            return CompletableFuture.completedFuture(new Result<>(value, attempt, missedAt));
          }
          CompletableFuture<Result<T>> later = new CompletableFuture<>();
          boolean scheduled =
              delays.after(
                  waits.get(attempt),
                  () ->
                      attempt(read, waits, delays, attempt + 1, missedAt)
                          .whenComplete(
                              (r, error) -> {
                                if (error != null) {
                                  later.completeExceptionally(error);
                                } else {
                                  later.complete(r);
                                }
                              }));
          return scheduled
              ? later
              : CompletableFuture.completedFuture(new Result<>(value, attempt, missedAt));
        });
  }
}
