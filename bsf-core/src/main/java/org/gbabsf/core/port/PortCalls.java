package org.gbabsf.core.port;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One call of a port (a store, the HSS) within a budget, the way every use case makes it: a port
 * that throws instead of failing its stage, returns no stage, fails its stage, or does not answer
 * in time all end in an exceptional completion of the returned future, which the use case turns
 * into its "unavailable" value. The port's own future is never mutated.
 */
public final class PortCalls {

  private PortCalls() {}

  /** The result of {@code call}, failed after {@code budget} with a TimeoutException. */
  public static <T> CompletableFuture<T> within(
      Duration budget, Supplier<CompletionStage<T>> call) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      CompletionStage<T> stage = call.get();
      if (stage == null) {
        result.completeExceptionally(new IllegalStateException("port returned no stage"));
      } else {
        stage.whenComplete(
            (v, e) -> {
              if (e != null) {
                result.completeExceptionally(e);
              } else {
                result.complete(v);
              }
            });
      }
    } catch (RuntimeException portBug) {
      result.completeExceptionally(portBug);
    }
    return result.orTimeout(budget.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** The cause under CompletionException and ExecutionException wrappers. */
  public static Throwable cause(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
