package org.gbabsf.naf;

import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * NAF keys by (B-TID, NAF_Id), kept until their Key-ExpiryTime (TS 24.109 §7: the AP may reuse a
 * key while it is valid), so that a UE's second request costs no Zn query; one query at a time per
 * key (concurrent requests wait for the same answer). Only keys are kept: an unknown B-TID is asked
 * again next time. Bounded: when full, the oldest keys are dropped, one per key added, so a flood
 * of made-up B-TIDs (which are never kept) cannot push out the keys of real UEs wholesale. The
 * proxy keeps a second one for AKMA: K_AF by (A-KID, AF FQDN, Ua* protocol) until its expiry, an
 * A-KID the AAnF does not know (204) never kept.
 */
public final class KeyCache implements NafKeySource {

  private record Id(String btid, String nafFqdn, UaProtocol protocol) {}

  /** A key held, as queued: stale once its id maps to another future (expired, fetched again). */
  private record Held(Id id, CompletableFuture<KeyAnswer> answer) {}

  private final NafKeySource source;
  private final Clock clock;
  private final int max;
  private final ConcurrentHashMap<Id, CompletableFuture<KeyAnswer>> entries =
      new ConcurrentHashMap<>();
  // Keys in the order they arrived: the oldest goes first when the cache is full. A key fetched
  // again after it expired is queued again, its old item left stale: stale items are skipped when
  // polled, and swept when the queue reaches twice the bound (an A-KID's K_AF is fetched again
  // every af-key-lifetime), so the queue stays within 2 × max.
  private final ConcurrentLinkedQueue<Held> order = new ConcurrentLinkedQueue<>();
  private final java.util.concurrent.atomic.AtomicInteger queued =
      new java.util.concurrent.atomic.AtomicInteger();
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();

  /** A cache of at most {@code max} keys in front of {@code source}. */
  public KeyCache(NafKeySource source, int max, Clock clock) {
    this.source = source;
    this.max = max;
    this.clock = clock;
  }

  @Override
  public CompletionStage<KeyAnswer> fetch(String btid, String nafFqdn, UaProtocol protocol) {
    Id id = new Id(btid, nafFqdn, protocol);
    CompletableFuture<KeyAnswer> cached = entries.get(id);
    if (cached != null && (!cached.isDone() || usable(cached.join()))) {
      hits.incrementAndGet();
      return cached;
    }
    if (cached != null) {
      entries.remove(id, cached);
    }
    while (entries.size() >= max) {
      Held oldest = order.poll();
      if (oldest == null) {
        break; // every entry is a query in flight: bounded by the Zn queries outstanding
      }
      queued.decrementAndGet();
      entries.remove(oldest.id(), oldest.answer()); // a stale item evicts nothing
    }
    CompletableFuture<KeyAnswer> mine = new CompletableFuture<>();
    CompletableFuture<KeyAnswer> raced = entries.putIfAbsent(id, mine);
    if (raced != null) {
      hits.incrementAndGet();
      return raced;
    }
    misses.incrementAndGet();
    source
        .fetch(btid, nafFqdn, protocol)
        .whenComplete(
            (answer, error) -> {
              KeyAnswer a = error != null ? new KeyAnswer.Unavailable(error.toString()) : answer;
              if (a instanceof KeyAnswer.Key) {
                order.add(new Held(id, mine));
                if (queued.incrementAndGet() > 2 * max) {
                  sweep();
                }
              } else {
                entries.remove(id, mine);
              }
              mine.complete(a);
            });
    return mine;
  }

  /** Drops the queue's stale items (at most once per {@code max} keys added: amortised O(1)). */
  private synchronized void sweep() {
    if (queued.get() <= 2 * max) {
      return; // another thread swept
    }
    int dropped = 0;
    for (java.util.Iterator<Held> it = order.iterator(); it.hasNext(); ) {
      Held h = it.next();
      if (entries.get(h.id()) != h.answer()) {
        it.remove();
        dropped++;
      }
    }
    queued.addAndGet(-dropped);
  }

  /** Items queued, stale ones included: at most 2 × max after each addition. */
  int queued() {
    return queued.get();
  }

  /** The key of {@code btid} for this NAF_Id if it is held and valid; never asks the BSF. */
  public java.util.Optional<KeyAnswer.Key> held(String btid, String nafFqdn, UaProtocol protocol) {
    CompletableFuture<KeyAnswer> cached = entries.get(new Id(btid, nafFqdn, protocol));
    if (cached != null && cached.isDone() && usable(cached.join())) {
      return java.util.Optional.of((KeyAnswer.Key) cached.join());
    }
    return java.util.Optional.empty();
  }

  private boolean usable(KeyAnswer a) {
    return a instanceof KeyAnswer.Key k && clock.instant().isBefore(k.expiresAt());
  }

  /** Answers served from the cache (or a query in flight). */
  public long hits() {
    return hits.get();
  }

  /** Zn queries made. */
  public long misses() {
    return misses.get();
  }

  /** Keys held. */
  public int size() {
    return entries.size();
  }
}
