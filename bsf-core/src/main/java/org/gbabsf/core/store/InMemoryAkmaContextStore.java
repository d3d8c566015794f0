package org.gbabsf.core.store;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AkmaContext;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.port.StoreException;

/**
 * AKMA contexts in this node's memory, for the single-node mode and for tests. Bounded; a context
 * is served until its expiry. Lookups by A-KID take no lock; registrations and removals (one per
 * primary authentication) take one, so that a SUPI never has two contexts and a replaced A-KID is
 * never found again once the registration has completed.
 */
public final class InMemoryAkmaContextStore implements AkmaContextStore {

  private final Map<AKid, AkmaContext> byAkid = new ConcurrentHashMap<>();
  private final Map<Supi, AkmaContext> bySupi = new HashMap<>(); // guarded by this
  private final int maxContexts;
  private final Clock clock;
  private long lastPurgeMillis = Long.MIN_VALUE / 2; // guarded by this

  /** A store holding at most {@code maxContexts} live contexts. */
  public InMemoryAkmaContextStore(int maxContexts, Clock clock) {
    if (maxContexts < 1) {
      throw new IllegalArgumentException("maxContexts must be at least 1");
    }
    this.maxContexts = maxContexts;
    this.clock = clock;
  }

  @Override
  public synchronized CompletionStage<Registration> register(AkmaContext context) {
    AkmaContext holder = byAkid.get(context.aKid());
    if (holder != null && !holder.supi().equals(context.supi()) && live(holder)) {
      return CompletableFuture.completedFuture(Registration.A_KID_OF_ANOTHER_SUPI);
    }
    AkmaContext previous = bySupi.get(context.supi());
    if (previous == null && bySupi.size() >= maxContexts) {
      // A full store scans for expired contexts at most once per PURGE_INTERVAL: an AUSF that
      // keeps registering new SUPIs into a store full of live contexts is refused at once, not
      // with a scan of every context under the lock each time (BoundedExpiringMap's rule).
      long now = clock.millis();
      if (now - lastPurgeMillis >= BoundedExpiringMap.PURGE_INTERVAL.toMillis()) {
        lastPurgeMillis = now;
        purgeExpired();
      }
      if (bySupi.size() >= maxContexts) {
        return CompletableFuture.failedFuture(new StoreException("AKMA context store full"));
      }
    }
    if (previous != null) {
      byAkid.remove(previous.aKid(), previous);
    }
    if (holder != null) {
      bySupi.remove(holder.supi(), holder); // an expired context of another SUPI held the A-KID
    }
    bySupi.put(context.supi(), context);
    byAkid.put(context.aKid(), context);
    return CompletableFuture.completedFuture(
        previous == null || !live(previous) ? Registration.REGISTERED : Registration.REPLACED);
  }

  @Override
  public CompletionStage<Optional<AkmaContext>> find(AKid aKid) {
    AkmaContext context = byAkid.get(aKid);
    return CompletableFuture.completedFuture(
        context != null && live(context) ? Optional.of(context) : Optional.empty());
  }

  @Override
  public synchronized CompletionStage<Boolean> remove(Supi supi) {
    AkmaContext removed = bySupi.remove(supi);
    if (removed != null) {
      byAkid.remove(removed.aKid(), removed);
    }
    return CompletableFuture.completedFuture(removed != null && live(removed));
  }

  /** Contexts held, live or not yet purged. */
  public synchronized int size() {
    return bySupi.size();
  }

  private boolean live(AkmaContext context) {
    return context.expiresAt().isAfter(clock.instant());
  }

  private void purgeExpired() {
    bySupi
        .values()
        .removeIf(
            context -> {
              if (live(context)) {
                return false;
              }
              byAkid.remove(context.aKid(), context);
              return true;
            });
  }
}
