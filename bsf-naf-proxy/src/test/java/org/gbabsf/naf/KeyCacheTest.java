package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

class KeyCacheTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
  private final AtomicInteger queries = new AtomicInteger();
  private CompletableFuture<KeyAnswer> next = new CompletableFuture<>();

  private final KeyCache cache =
      new KeyCache(
          (btid, naf, protocol) -> {
            queries.incrementAndGet();
            return next;
          },
          2,
          clock);

  private KeyAnswer.Key key(Duration life) {
    return new KeyAnswer.Key(new byte[32], clock.instant().plus(life), List.of("sip:a@h"));
  }

  @Test
  void should_ask_the_bsf_once_when_requests_for_a_key_overlap_or_follow() {
    CompletableFuture<KeyAnswer> a =
        cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture();
    CompletableFuture<KeyAnswer> b =
        cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture();
    next.complete(key(Duration.ofMinutes(10)));

    assertThat(a.join()).isSameAs(b.join());
    assertThat(cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join())
        .isSameAs(a.join());
    assertThat(queries).hasValue(1);
  }

  @Test
  void should_ask_again_when_the_key_expired_or_the_answer_was_not_a_key() {
    next.complete(key(Duration.ofMinutes(1)));
    cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    clock.advance(Duration.ofMinutes(1));
    next = CompletableFuture.completedFuture(new KeyAnswer.Unknown());

    assertThat(cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join())
        .isInstanceOf(KeyAnswer.Unknown.class);
    cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    assertThat(queries).hasValue(3);
  }

  @Test
  void should_stay_within_its_bound_when_many_btids_are_asked() {
    next.complete(key(Duration.ofMinutes(10)));
    for (int i = 0; i < 10; i++) {
      cache.fetch("b" + i, "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    }

    assertThat(cache.size()).isLessThanOrEqualTo(2);
  }

  @Test
  void should_drop_only_the_oldest_key_when_full_and_keep_none_of_a_flood_of_unknown_btids() {
    next.complete(key(Duration.ofMinutes(10)));
    cache.fetch("old", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    cache.fetch("recent", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    next = CompletableFuture.completedFuture(new KeyAnswer.Unknown());
    for (int i = 0; i < 100; i++) {
      cache.fetch("made-up-" + i, "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    }
    next = CompletableFuture.completedFuture(key(Duration.ofMinutes(10)));
    cache.fetch("new", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();

    assertThat(cache.held("old", "naf", UaProtocol.HTTP_DIGEST)).as("the oldest").isEmpty();
    assertThat(cache.held("recent", "naf", UaProtocol.HTTP_DIGEST)).isPresent();
    assertThat(cache.held("new", "naf", UaProtocol.HTTP_DIGEST)).isPresent();
  }

  @Test
  void should_keep_apart_the_keys_of_two_ua_protocols_when_one_btid_uses_both() {
    next.complete(key(Duration.ofMinutes(10)));
    cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    cache
        .fetch("b1", "naf", UaProtocol.overTls("TLS_AES_128_GCM_SHA256"))
        .toCompletableFuture()
        .join();

    assertThat(queries).hasValue(2);
  }

  @Test
  void should_turn_a_failed_query_into_unavailable_when_the_source_fails() {
    next.completeExceptionally(new IllegalStateException("boom"));

    assertThat(cache.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join())
        .isInstanceOf(KeyAnswer.Unavailable.class);
  }

  /** A cache of 2 whose source answers each B-TID with a fresh key of the life given for it. */
  private KeyCache freshKeys(java.util.Map<String, Duration> lives) {
    return new KeyCache(
        (btid, naf, protocol) -> {
          queries.incrementAndGet();
          return CompletableFuture.completedFuture(
              key(lives.getOrDefault(btid, Duration.ofMinutes(10))));
        },
        2,
        clock);
  }

  @Test
  void should_keep_its_queue_within_twice_its_bound_when_one_key_is_fetched_again_and_again() {
    KeyCache c = freshKeys(java.util.Map.of("a-kid", Duration.ofMinutes(1)));
    for (int i = 0; i < 50; i++) {
      c.fetch("a-kid", "af", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
      clock.advance(Duration.ofMinutes(2)); // expired: the next fetch asks again
    }

    assertThat(queries).hasValue(50);
    assertThat(c.size()).isLessThanOrEqualTo(2);
    assertThat(c.queued()).isLessThanOrEqualTo(4);
  }

  @Test
  void should_evict_the_oldest_held_key_not_a_fresh_one_when_its_old_entry_was_stale() {
    KeyCache c = freshKeys(java.util.Map.of("b1", Duration.ofMinutes(1)));
    c.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    c.fetch("b2", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join();
    clock.advance(Duration.ofMinutes(2));
    c.fetch("b1", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join(); // fresh b1

    c.fetch("b3", "naf", UaProtocol.HTTP_DIGEST).toCompletableFuture().join(); // full: evicts

    assertThat(c.held("b1", "naf", UaProtocol.HTTP_DIGEST)).as("the fresh b1 stays").isPresent();
    assertThat(c.held("b2", "naf", UaProtocol.HTTP_DIGEST)).as("b2 is the oldest").isEmpty();
    assertThat(c.held("b3", "naf", UaProtocol.HTTP_DIGEST)).isPresent();
  }
}
