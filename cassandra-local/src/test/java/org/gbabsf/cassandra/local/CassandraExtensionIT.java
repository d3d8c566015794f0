package org.gbabsf.cassandra.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(CassandraExtension.class)
class CassandraExtensionIT {

  @Test
  void should_serve_cql_from_a_real_cassandra_5_when_a_test_asks_for_an_endpoint(
      CassandraEndpoint endpoint) {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoints(endpoint.contactPoints())
            .withLocalDatacenter(endpoint.localDatacenter())
            .build()) {
      Row row = session.execute("SELECT release_version, data_center FROM system.local").one();

      assertThat(row).isNotNull();
      assertThat(row.getString("release_version")).startsWith("5.0");
      assertThat(row.getString("data_center")).isEqualTo(endpoint.localDatacenter());
    }
  }

  private static CassandraEndpoint first;

  @Test
  void should_hand_every_test_the_same_node_when_asked_twice(CassandraEndpoint endpoint) {
    assertThat(endpoint.contactPoints()).hasSize(1);
    if (first == null) {
      first = endpoint;
    }
    assertThat(endpoint).isEqualTo(first);
  }

  @Test
  void should_hand_the_second_test_the_node_of_the_first_when_run_in_one_jvm(
      CassandraEndpoint endpoint) {
    if (first == null) {
      first = endpoint;
    }
    assertThat(endpoint).isEqualTo(first);
  }
}
