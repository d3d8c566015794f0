package org.gbabsf.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SourceRateLimitTest {

  private final AtomicLong now = new AtomicLong(123_456_789L);

  private static InetAddress ip(String address) throws UnknownHostException {
    return InetAddress.getByName(address);
  }

  private int allowed(SourceRateLimit limit, InetAddress source, int tries) {
    int ok = 0;
    for (int i = 0; i < tries; i++) {
      if (limit.tryAcquire(source)) {
        ok++;
      }
    }
    return ok;
  }

  @Test
  void should_allow_a_burst_then_refuse_when_a_source_sends_faster_than_the_rate()
      throws Exception {
    SourceRateLimit limit = new SourceRateLimit(10, 20, now::get);

    assertThat(allowed(limit, ip("127.0.0.2"), 100)).isEqualTo(20);
  }

  @Test
  void should_refill_at_the_rate_when_time_passes() throws Exception {
    SourceRateLimit limit = new SourceRateLimit(10, 20, now::get);
    InetAddress source = ip("127.0.0.2");
    allowed(limit, source, 100);

    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(500));
    assertThat(allowed(limit, source, 100)).isEqualTo(5);

    now.addAndGet(TimeUnit.SECONDS.toNanos(60));
    assertThat(allowed(limit, source, 100)).as("a full bucket, never more").isEqualTo(20);
  }

  @Test
  void should_keep_serving_other_sources_when_one_is_refused() throws Exception {
    SourceRateLimit limit = new SourceRateLimit(1, 2, now::get);
    allowed(limit, ip("127.0.0.2"), 1000);

    assertThat(limit.tryAcquire(ip("127.0.0.1"))).isTrue();
    assertThat(limit.tryAcquire(ip("10.1.2.3"))).isTrue();
  }

  @Test
  void should_count_an_ipv6_64_as_one_source_when_addresses_share_the_prefix() throws Exception {
    SourceRateLimit limit = new SourceRateLimit(1, 3, now::get);

    assertThat(limit.tryAcquire(ip("2001:db8:1:2::1"))).isTrue();
    assertThat(limit.tryAcquire(ip("2001:db8:1:2::2"))).isTrue();
    assertThat(limit.tryAcquire(ip("2001:db8:1:2:ffff::3"))).isTrue();
    assertThat(limit.tryAcquire(ip("2001:db8:1:2::4"))).isFalse();
    assertThat(limit.tryAcquire(ip("2001:db8:1:3::1"))).as("another /64").isTrue();
  }

  @Test
  void should_forget_the_stalest_source_when_more_sources_than_the_bound_are_seen()
      throws Exception {
    SourceRateLimit limit = new SourceRateLimit(1, 1, now::get);
    InetAddress first = ip("10.0.0.1");
    assertThat(limit.tryAcquire(first)).isTrue();
    assertThat(limit.tryAcquire(first)).isFalse();

    for (int i = 0; i < SourceRateLimit.MAX_SOURCES; i++) {
      limit.tryAcquire(
          InetAddress.getByAddress(new byte[] {11, (byte) (i >> 16), (byte) (i >> 8), (byte) i}));
    }

    assertThat(limit.tracked()).isEqualTo(SourceRateLimit.MAX_SOURCES);
    assertThat(limit.tryAcquire(first)).as("forgotten, so its bucket is full again").isTrue();
  }

  @Test
  void should_key_ipv4_addresses_apart_from_each_other_when_they_differ_in_the_last_octet()
      throws Exception {
    assertThat(SourceRateLimit.key(ip("127.0.0.2")))
        .isNotEqualTo(SourceRateLimit.key(ip("127.0.0.3")));
    assertThat(SourceRateLimit.key(ip("255.255.255.255"))).isEqualTo(0xffff_ffffL);
  }
}
