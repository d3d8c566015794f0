package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MemoryStoreSizingTest {

  @ParameterizedTest(
      name = "{0} sessions, {1} challenges, {2} TMPIs (on: {3}), {4} MB heap -> warn {5}")
  @CsvSource({
    "2000000, 200000, 2000000, false, 512,  true",
    "2000000, 200000, 2000000, false, 4096, false",
    "2000000, 200000, 2000000, true,  4096, true",
    "2000000, 200000, 500000,  true,  4096, false",
    "200000,  100000, 40000,   true,  512,  false",
    "400000,  100000, 1,       true,  512,  true",
  })
  void should_warn_only_when_the_memory_store_bounds_do_not_fit_in_the_heap(
      long sessions, long challenges, long tmpis, boolean tmpisOn, long heapMb, boolean warns) {
    var config =
        ConfigLoader.load(
            null,
            Map.of(),
            Map.of(
                "store.memory.max-sessions", Long.toString(sessions),
                "store.memory.max-challenges", Long.toString(challenges),
                "store.memory.max-tmpis", Long.toString(tmpis),
                "ub.tmpi.enabled", Boolean.toString(tmpisOn)));

    assertThat(
            StoreContext.warnIfHeapTooSmall(StoreContext.Sections.of(config), heapMb * 1_000_000))
        .isEqualTo(warns);
  }
}
