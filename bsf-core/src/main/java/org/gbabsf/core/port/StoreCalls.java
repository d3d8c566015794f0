package org.gbabsf.core.port;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One store call within a budget, the way every use case makes it: a store that throws instead of
 * failing its stage, fails its stage, or does not answer in time all end in an exceptional
 * completion of the returned future, which the use case turns into its "store unavailable" value.
 */
public final class StoreCalls {

  private StoreCalls() {}

  /** The result of {@code call}, failed after {@code budget} with a TimeoutException. */
  public static <T> CompletableFuture<T> within(
      Duration budget, Supplier<CompletionStage<T>> call) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      call.get()
          .whenComplete(
              (v, e) -> {
                if (e != null) {
                  result.completeExceptionally(e);
                } else {
                  result.complete(v);
                }
              });
    } catch (RuntimeException storeBug) {
      result.completeExceptionally(storeBug);
    }
    return result.orTimeout(budget.toNanos(), TimeUnit.NANOSECONDS);
  }
}
