package org.gbabsf.core.ub;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** How Ub calls its ports: each call bounded by a budget, every failure an exceptional stage. */
final class UbCalls {

  private UbCalls() {}

  /**
   * Calls a port and bounds the answer by {@code budget}. A port that throws instead of returning a
   * stage, or returns null, counts as a failed call; the port's own future is never mutated.
   */
  static <T> CompletableFuture<T> within(Supplier<CompletionStage<T>> call, Duration budget) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      CompletionStage<T> stage = call.get();
      if (stage == null) {
        result.completeExceptionally(new IllegalStateException("port returned no stage"));
      } else {
        stage.whenComplete(
            (value, error) -> {
              if (error != null) {
                result.completeExceptionally(error);
              } else {
                result.complete(value);
              }
            });
      }
    } catch (RuntimeException portBug) {
      result.completeExceptionally(portBug);
    }
    return result.orTimeout(budget.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** The cause under CompletionException and ExecutionException wrappers. */
  static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
