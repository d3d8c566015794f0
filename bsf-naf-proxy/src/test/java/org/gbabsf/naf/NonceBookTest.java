package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.gbabsf.core.testing.MutableClock;
import org.junit.jupiter.api.Test;

class NonceBookTest {

  private final MutableClock clock =
      new MutableClock(java.time.Instant.parse("2026-11-25T10:00:00Z"));

  @Test
  void should_take_each_nonce_count_once_and_only_increasing_when_used() {
    NonceBook book = new NonceBook(Duration.ofMinutes(5), 10, clock);
    String n = book.issue("xcap.home1.net");

    assertThat(book.use(n, "xcap.home1.net", 1)).isEqualTo(NonceBook.Use.FRESH);
    assertThat(book.use(n, "xcap.home1.net", 1)).isEqualTo(NonceBook.Use.REPLAYED);
    assertThat(book.use(n, "xcap.home1.net", 3)).isEqualTo(NonceBook.Use.FRESH);
    assertThat(book.use(n, "xcap.home1.net", 2)).isEqualTo(NonceBook.Use.REPLAYED);
  }

  @Test
  void should_not_know_a_nonce_when_expired_made_up_or_for_another_host() {
    NonceBook book = new NonceBook(Duration.ofMinutes(5), 10, clock);
    String n = book.issue("xcap.home1.net");

    assertThat(book.use(n, "other.home1.net", 1)).isEqualTo(NonceBook.Use.UNKNOWN);
    assertThat(book.use("made-up", "xcap.home1.net", 1)).isEqualTo(NonceBook.Use.UNKNOWN);
    clock.advance(Duration.ofMinutes(5));
    assertThat(book.use(n, "xcap.home1.net", 1)).isEqualTo(NonceBook.Use.UNKNOWN);
  }

  @Test
  void should_drop_the_oldest_nonce_and_count_it_when_full() {
    NonceBook book = new NonceBook(Duration.ofMinutes(5), 2, clock);
    String first = book.issue("h");
    String second = book.issue("h");
    String third = book.issue("h");

    assertThat(book.size()).isEqualTo(2);
    assertThat(book.evicted()).isEqualTo(1);
    assertThat(book.use(first, "h", 1)).isEqualTo(NonceBook.Use.UNKNOWN);
    assertThat(book.use(second, "h", 1)).isEqualTo(NonceBook.Use.FRESH);
    assertThat(book.use(third, "h", 1)).isEqualTo(NonceBook.Use.FRESH);
  }
}
