package org.gbabsf.core.store;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.StoreException;

/**
 * Bootstrapping sessions in this node's memory, for the documented single-node mode and for tests.
 * Bounded; each session disappears at its expiry time. A restart loses every session, and NAFs then
 * answer UEs with a request to bootstrap again.
 */
public final class InMemorySessionStore implements SessionStore {

  private final BoundedExpiringMap<BTid, SecurityAssociation> map;

  /** A store holding at most {@code maxSessions}. */
  public InMemorySessionStore(int maxSessions, Clock clock) {
    this.map = new BoundedExpiringMap<>(maxSessions, clock);
  }

  @Override
  public CompletionStage<Void> put(SecurityAssociation session) {
    if (!map.put(session.btid(), session, session.expiresAt())) {
      return CompletableFuture.failedFuture(new StoreException("session store full"));
    }
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
    return CompletableFuture.completedFuture(map.get(btid));
  }

  /** Sessions held (including expired ones not yet purged). */
  public int size() {
    return map.size();
  }
}
