package org.gbabsf.diameter.zh;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.junit.jupiter.api.Test;

class GussCacheTest {

  private static final Impi ALICE = new Impi("alice@home1.net");
  private static final Impi BOB = new Impi("bob@home1.net");
  private static final Instant T1 = Instant.parse("2026-01-01T00:00:00Z");

  private final AtomicLong clock = new AtomicLong();
  private final GussCache cache = new GussCache(2, Duration.ofMinutes(10), clock::get);

  private static String guss(Optional<Instant> timestamp, int type) {
    return "<guss><bsfInfo><lifeTime>3600</lifeTime></bsfInfo>"
        + timestamp.map(t -> "<Extension><timestamp>" + t + "</timestamp></Extension>").orElse("")
        + "<ussList><uss id=\"1\" type=\""
        + type
        + "\"><uids><uid>sip:a@home1.net</uid></uids></uss></ussList></guss>";
  }

  /** A GUSS of about {@code chars} characters (one uid made long). */
  private static String gussOfLength(int chars) {
    String head = "<guss><Extension><timestamp>" + T1 + "</timestamp></Extension><ussList>";
    String tail = "</uid></uids></uss></ussList></guss>";
    String uss = "<uss id=\"1\" type=\"1\"><uids><uid>sip:";
    int pad = Math.max(1, chars - head.length() - tail.length() - uss.length());
    return head + uss + "a".repeat(pad) + tail;
  }

  private static Guss parsed(GussCache.Read read) {
    return ((GussParser.Result.Parsed) read.result()).guss();
  }

  @Test
  void should_hold_the_guss_for_its_timestamp_when_received_with_one() {
    Guss received = parsed(cache.read(ALICE, guss(Optional.of(T1), 1)));

    assertThat(cache.withTimestamp(ALICE)).containsSame(received);
    assertThat(received.timestamp()).contains(T1);
    assertThat(cache.withTimestamp(BOB)).isEmpty();
  }

  @Test
  void should_hold_nothing_to_send_when_the_guss_has_no_timestamp() {
    cache.read(ALICE, guss(Optional.empty(), 1));

    assertThat(cache.withTimestamp(ALICE)).isEmpty();
  }

  @Test
  void should_reuse_the_parse_when_the_same_text_comes_again() {
    String xml = guss(Optional.empty(), 1);
    GussCache.Read first = cache.read(ALICE, xml);

    GussCache.Read again = cache.read(ALICE, new String(xml)); // equal text, another String

    assertThat(first.reused()).isFalse();
    assertThat(again.reused()).isTrue();
    assertThat(parsed(again)).isSameAs(parsed(first));
  }

  @Test
  void should_parse_and_hold_the_new_guss_when_the_text_changes() {
    cache.read(ALICE, guss(Optional.of(T1), 1));
    Instant t2 = T1.plusSeconds(60);

    GussCache.Read changed = cache.read(ALICE, guss(Optional.of(t2), 2));

    assertThat(changed.reused()).isFalse();
    assertThat(parsed(changed).ussList().get(0).type()).isEqualTo(2);
    assertThat(cache.withTimestamp(ALICE).flatMap(Guss::timestamp)).contains(t2);
  }

  @Test
  void should_drop_the_held_guss_when_an_invalid_one_comes() {
    cache.read(ALICE, guss(Optional.of(T1), 1));

    GussCache.Read invalid = cache.read(ALICE, "<guss><ussList><uss type=\"x\"/></ussList></guss>");

    assertThat(invalid.result()).isInstanceOf(GussParser.Result.Invalid.class);
    assertThat(cache.withTimestamp(ALICE)).isEmpty();
  }

  @Test
  void should_stop_sending_the_timestamp_when_the_guss_is_older_than_max_age() {
    cache.read(ALICE, guss(Optional.of(T1), 1));

    clock.addAndGet(Duration.ofMinutes(10).toNanos() - 1);
    assertThat(cache.withTimestamp(ALICE)).isPresent();
    clock.addAndGet(1);

    assertThat(cache.withTimestamp(ALICE)).isEmpty();
    assertThat(cache.size()).isZero();
  }

  @Test
  void should_restart_the_max_age_when_the_guss_comes_again_in_full() {
    String xml = guss(Optional.of(T1), 1);
    cache.read(ALICE, xml);
    clock.addAndGet(Duration.ofMinutes(9).toNanos());

    cache.read(ALICE, xml);
    clock.addAndGet(Duration.ofMinutes(9).toNanos());

    assertThat(cache.withTimestamp(ALICE)).isPresent();
  }

  @Test
  void should_evict_the_least_recently_used_user_when_full() {
    cache.read(ALICE, guss(Optional.of(T1), 1));
    cache.read(BOB, guss(Optional.of(T1), 1));
    cache.withTimestamp(ALICE); // Bob is now the least recently used

    cache.read(new Impi("carol@home1.net"), guss(Optional.of(T1), 1));

    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.withTimestamp(ALICE)).isPresent();
    assertThat(cache.withTimestamp(BOB)).isEmpty();
  }

  @Test
  void should_forget_the_user_when_told_the_user_has_no_guss() {
    cache.read(ALICE, guss(Optional.of(T1), 1));

    cache.forget(ALICE);

    assertThat(cache.withTimestamp(ALICE)).isEmpty();
  }

  @Test
  void should_hold_nothing_and_parse_every_time_when_turned_off() {
    GussCache off = new GussCache(0, Duration.ofMinutes(10), clock::get);
    String xml = guss(Optional.of(T1), 1);

    GussCache.Read first = off.read(ALICE, xml);
    GussCache.Read again = off.read(ALICE, xml);

    assertThat(again.reused()).isFalse();
    assertThat(parsed(again)).isNotSameAs(parsed(first)).isEqualTo(parsed(first));
    assertThat(off.withTimestamp(ALICE)).isEmpty();
    assertThat(off.size()).isZero();
  }

  @Test
  void should_evict_the_least_recently_used_when_the_characters_held_exceed_the_budget() {
    // Two entries: 2 × 1,024 characters in all.
    cache.read(ALICE, gussOfLength(1_500));

    cache.read(BOB, gussOfLength(1_000));

    assertThat(cache.withTimestamp(ALICE)).isEmpty();
    assertThat(cache.withTimestamp(BOB)).isPresent();
    assertThat(cache.chars()).isEqualTo(gussOfLength(1_000).length());
  }

  @Test
  void should_not_hold_a_guss_when_it_is_longer_than_the_largest_held() {
    GussCache roomy = new GussCache(100, Duration.ofMinutes(10), clock::get);
    String large = gussOfLength(GussCache.MAX_CACHED_CHARS + 1);

    GussCache.Read read = roomy.read(ALICE, large);

    assertThat(read.result()).isInstanceOf(GussParser.Result.Parsed.class);
    assertThat(roomy.withTimestamp(ALICE)).isEmpty();
    assertThat(roomy.chars()).isZero();
  }

  @Test
  void should_count_the_characters_of_what_it_holds_when_entries_come_and_go() {
    String a = guss(Optional.of(T1), 1);
    String b = guss(Optional.of(T1), 22);
    cache.read(ALICE, a);
    cache.read(BOB, b);
    cache.read(ALICE, b); // replaced

    cache.forget(BOB);

    assertThat(cache.size()).isEqualTo(1);
    assertThat(cache.chars()).isEqualTo(b.length());
  }
}
