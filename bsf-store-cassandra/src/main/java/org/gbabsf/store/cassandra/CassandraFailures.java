package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.RequestThrottlingException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import org.gbabsf.core.port.StoreException;

/**
 * The one place where driver exceptions become {@link StoreException}s (which the use case turns
 * into 503) and metric tags. Messages name the kind of failure, never row contents.
 */
final class CassandraFailures {

  private CassandraFailures() {}

  /** A short tag for a failure: failure, timeout, unavailable, no_host, throttled, other. */
  static String kind(Throwable error) {
    Throwable t = unwrap(error);
    if (t instanceof StoreException && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof ReadFailureException || t instanceof WriteFailureException) {
      return "failure"; // replicas answered with an error, not too late
    }
    if (t instanceof DriverTimeoutException || t instanceof QueryConsistencyException) {
      return "timeout";
    }
    if (t instanceof UnavailableException) {
      return "unavailable";
    }
    if (t instanceof AllNodesFailedException) {
      return "no_host";
    }
    if (t instanceof RequestThrottlingException) {
      return "throttled";
    }
    return "other";
  }

  /** A {@code handle} function that passes values through and wraps failures. */
  static <T> BiFunction<T, Throwable, T> wrap(String what) {
    return (value, error) -> {
      if (error == null) {
        return value;
      }
      Throwable cause = unwrap(error);
      if (cause instanceof StoreException) {
        throw new CompletionException(cause);
      }
      throw new CompletionException(
          new StoreException("cassandra " + what + " failed: " + kind(cause), cause));
    };
  }

  static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
