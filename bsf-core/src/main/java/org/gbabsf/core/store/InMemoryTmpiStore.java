package org.gbabsf.core.store;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.port.TmpiStore;

/**
 * TMPI mappings in this node's memory, for the single-node mode and for tests. Bounded; each
 * mapping disappears at its expiry. A restart loses them all: UEs then present TMPIs the BSF does
 * not know, get 403 and bootstrap again with their IMPIs (docs/ub-conformance.md).
 */
public final class InMemoryTmpiStore implements TmpiStore {

  private final BoundedExpiringMap<Tmpi, Impi> map;

  /** A store holding at most {@code maxEntries} mappings. */
  public InMemoryTmpiStore(int maxEntries, Clock clock) {
    this.map = new BoundedExpiringMap<>(maxEntries, clock);
  }

  @Override
  public CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt) {
    if (!map.put(tmpi, impi, expiresAt)) {
      return CompletableFuture.failedFuture(new StoreException("TMPI store full"));
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Optional<Impi>> find(Tmpi tmpi) {
    return CompletableFuture.completedFuture(map.get(tmpi));
  }

  @Override
  public CompletionStage<Void> remove(Tmpi tmpi) {
    map.take(tmpi);
    return CompletableFuture.completedFuture(null);
  }
}
