package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SchemaTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "SimpleStrategy:1 | {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "simplestrategy:3 | {'class': 'SimpleStrategy', 'replication_factor': 3}",
        "NetworkTopologyStrategy:dc1=3 | {'class': 'NetworkTopologyStrategy', 'dc1': 3}",
        "NetworkTopologyStrategy: dc1=3, dc2=2 | {'class': 'NetworkTopologyStrategy', 'dc1': 3,"
            + " 'dc2': 2}"
      })
  void should_render_the_cql_replication_map_when_the_spec_is_valid(String spec, String map) {
    assertThat(Schema.replicationMap(spec)).isEqualTo(map);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SimpleStrategy",
        "SimpleStrategy:0",
        "SimpleStrategy:x",
        "NetworkTopologyStrategy:dc1",
        "NetworkTopologyStrategy:dc1=0",
        "NetworkTopologyStrategy:dc1=3;drop",
        "EverywhereStrategy:1"
      })
  void should_refuse_the_spec_when_replication_is_invalid(String spec) {
    assertThatThrownBy(() -> Schema.replicationMap(spec))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_render_ttls_gc_grace_and_twcs_when_given_the_policy() {
    Schema schema =
        Schema.render("bsf", "SimpleStrategy:1", Duration.ofMinutes(5), Duration.ofHours(1));

    assertThat(schema.cql())
        .contains("CREATE KEYSPACE IF NOT EXISTS bsf")
        .contains("default_time_to_live = 300")
        .contains("default_time_to_live = 3600")
        .contains("gc_grace_seconds = 10800")
        .contains("TimeWindowCompactionStrategy")
        .doesNotContain("${");
    assertThat(schema.statements())
        .hasSize(7)
        .allSatisfy(s -> assertThat(s).startsWith("CREATE").doesNotContain("--"));
  }

  @Test
  void should_create_both_akma_tables_when_rendered() {
    Schema schema =
        Schema.render("bsf", "SimpleStrategy:1", Duration.ofMinutes(5), Duration.ofHours(1));

    assertThat(schema.statements())
        .anySatisfy(
            s ->
                assertThat(s)
                    .startsWith("CREATE TABLE IF NOT EXISTS bsf.akma_context_by_akid")
                    .contains("a_kid         text PRIMARY KEY", "k_akma        blob"))
        .anySatisfy(
            s ->
                assertThat(s)
                    .startsWith("CREATE TABLE IF NOT EXISTS bsf.akma_context_by_supi")
                    .contains("supi       text PRIMARY KEY", "a_kid      text"));
    assertThat(CassandraStores.TABLES).contains("akma_context_by_akid", "akma_context_by_supi");
  }

  @Test
  void should_create_the_tmpi_table_with_windows_of_a_24th_of_the_tmpi_lifetime_when_rendered() {
    Schema schema =
        Schema.render(
            "bsf",
            "SimpleStrategy:1",
            Duration.ofMinutes(5),
            Duration.ofHours(1),
            Duration.ofDays(7));

    assertThat(schema.statements())
        .anySatisfy(
            s ->
                assertThat(s)
                    .startsWith("CREATE TABLE IF NOT EXISTS bsf.impi_by_tmpi")
                    .contains(
                        "tmpi       text PRIMARY KEY",
                        "impi       blob",
                        "expires_at timestamp",
                        "gc_grace_seconds = 10800",
                        "TimeWindowCompactionStrategy",
                        "'compaction_window_size': '420'")
                    .doesNotContain("default_time_to_live"));
    assertThat(CassandraStores.TABLES).contains("impi_by_tmpi");
  }

  @Test
  void should_keep_gc_grace_at_least_the_ttl_when_sessions_live_long() {
    Schema schema =
        Schema.render("bsf", "SimpleStrategy:1", Duration.ofMinutes(5), Duration.ofHours(24));

    assertThat(schema.cql()).contains("gc_grace_seconds = 86400");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Bsf", "1bsf", "bsf;drop", "", "bsf-x"})
  void should_refuse_the_keyspace_when_it_is_not_a_plain_identifier(String keyspace) {
    assertThatThrownBy(
            () ->
                Schema.render(
                    keyspace, "SimpleStrategy:1", Duration.ofMinutes(5), Duration.ofHours(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
