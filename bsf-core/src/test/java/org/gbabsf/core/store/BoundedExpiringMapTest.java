package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

class BoundedExpiringMapTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

  @Test
  void should_refuse_a_new_entry_when_full_of_live_entries() {
    BoundedExpiringMap<String, String> map = new BoundedExpiringMap<>(2, clock);
    Instant later = clock.instant().plusSeconds(60);

    assertThat(map.put("a", "1", later)).isTrue();
    assertThat(map.put("b", "2", later)).isTrue();
    assertThat(map.put("c", "3", later)).isFalse();
    assertThat(map.size()).isEqualTo(2);
  }

  @Test
  void should_make_room_by_purging_when_entries_have_expired() {
    BoundedExpiringMap<String, String> map = new BoundedExpiringMap<>(2, clock);
    map.put("a", "1", clock.instant().plusSeconds(10));
    map.put("b", "2", clock.instant().plusSeconds(10));
    clock.advance(Duration.ofSeconds(11));

    assertThat(map.put("c", "3", clock.instant().plusSeconds(10))).isTrue();
    assertThat(map.size()).isEqualTo(1);
    assertThat(map.get("c")).contains("3");
  }

  @Test
  void should_replace_the_value_when_key_exists_and_map_is_full() {
    BoundedExpiringMap<String, String> map = new BoundedExpiringMap<>(1, clock);
    map.put("a", "1", clock.instant().plusSeconds(10));

    assertThat(map.put("a", "2", clock.instant().plusSeconds(10))).isTrue();
    assertThat(map.get("a")).contains("2");
  }

  @Test
  void should_hide_an_entry_when_its_expiry_instant_is_reached() {
    BoundedExpiringMap<String, String> map = new BoundedExpiringMap<>(10, clock);
    map.put("a", "1", clock.instant().plusSeconds(10));
    clock.advance(Duration.ofSeconds(10));

    assertThat(map.get("a")).isEmpty();
    assertThat(map.take("a")).isEmpty();
  }

  @Test
  void should_refuse_without_rescanning_when_full_again_within_the_purge_interval() {
    BoundedExpiringMap<String, String> map = new BoundedExpiringMap<>(1, clock);
    map.put("a", "1", clock.instant().plusSeconds(10));
    assertThat(map.put("b", "2", clock.instant().plusSeconds(10))).isFalse();
    clock.advance(Duration.ofMillis(500));
    map.put("a", "1", clock.instant().plusMillis(100)); // now expires soon
    clock.advance(Duration.ofMillis(200));

    boolean withinInterval = map.put("c", "3", clock.instant().plusSeconds(10));
    clock.advance(BoundedExpiringMap.PURGE_INTERVAL);
    boolean afterInterval = map.put("c", "3", clock.instant().plusSeconds(10));

    assertThat(withinInterval).isFalse();
    assertThat(afterInterval).isTrue();
  }
}
