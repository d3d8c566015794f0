package org.gbabsf.http.client;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A UE's view of several BSF instances behind a load balancer: requests go to the current one; when
 * its connection fails or closes before the answer, or it answers 503, the request is sent again to
 * the next instance, which becomes the current one. Each request tries every instance at most once.
 * Not for concurrent requests: one request at a time, like a {@link UbClient}.
 */
public final class FailoverUbClient implements UbTransport {

  private final List<UbClient> instances;
  private final AtomicLong moves = new AtomicLong();
  private int current;
  private volatile int lastAnswered = -1;

  /** Over {@code instances}, starting with the first. */
  public FailoverUbClient(List<UbClient> instances) {
    if (instances.isEmpty()) {
      throw new IllegalArgumentException("at least one instance");
    }
    this.instances = List.copyOf(instances);
  }

  @Override
  public CompletionStage<UbClient.Response> get(String uri, Map<String, String> headers) {
    CompletableFuture<UbClient.Response> answer = new CompletableFuture<>();
    attempt(uri, headers, 0, -1, null, answer);
    return answer;
  }

  private void attempt(
      String uri,
      Map<String, String> headers,
      int tried,
      int refusedBy,
      UbClient.Response refusal,
      CompletableFuture<UbClient.Response> answer) {
    UbClient instance;
    int index;
    synchronized (this) {
      index = current;
      instance = instances.get(index);
    }
    instance
        .get(uri, headers)
        .whenComplete(
            (response, error) -> {
              boolean moveOn = error != null || response.status() == 503;
              if (!moveOn || tried + 1 >= instances.size()) {
                if (error == null) {
                  lastAnswered = index;
                  answer.complete(response);
                } else if (refusal != null) {
                  lastAnswered = refusedBy;
                  answer.complete(refusal);
                } else {
                  lastAnswered = -1;
                  answer.completeExceptionally(error);
                }
                return;
              }
              boolean refused = error == null;
              synchronized (this) {
                if (instances.get(current) == instance) {
                  current = (current + 1) % instances.size();
                }
              }
              moves.incrementAndGet();
              attempt(
                  uri,
                  headers,
                  tried + 1,
                  refused ? index : refusedBy,
                  refused ? response : refusal,
                  answer);
            });
  }

  /**
   * The instance (its index in the constructor's list) that answered the last request, as soon as
   * that request's stage completes (for a request that ended with a 503, the instance that refused
   * it); -1 if it got no answer (or none was sent yet).
   */
  public int lastAnswered() {
    return lastAnswered;
  }

  /** Requests sent again to another instance. */
  public long moves() {
    return moves.get();
  }

  @Override
  public void close() {
    for (UbClient c : instances) {
      c.close();
    }
  }
}
