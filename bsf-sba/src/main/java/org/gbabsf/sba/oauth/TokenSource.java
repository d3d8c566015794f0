package org.gbabsf.sba.oauth;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where a consumer takes the access token of its outgoing calls (TS 33.501 §13.4.1.1: obtained from
 * the NRF, sent as {@code Authorization: Bearer}). The token is key material: never logged.
 */
@FunctionalInterface
public interface TokenSource {

  /**
   * The token to send now; empty when there is none (the call then goes without, and a producer
   * that requires one answers 401). Never completes exceptionally and never blocks; each caller
   * gets its own future, which it may complete or time out without affecting others.
   */
  CompletableFuture<Optional<String>> token();

  /** No token: calls go without. */
  static TokenSource none() {
    return () -> CompletableFuture.completedFuture(Optional.empty());
  }
}
