package org.gbabsf.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.internal.core.metadata.DefaultEndPoint;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.port.StoreException;
import org.junit.jupiter.api.Test;

/**
 * The connector without a Cassandra: which failures it retries, which end the BSF, and what its
 * stores answer before a connection exists.
 */
class CassandraConnectorTest {

  private static final CassandraSettings SETTINGS =
      CassandraSettings.forLocal(
          List.of(new InetSocketAddress("127.0.0.1", 9)), "datacenter1", "bsf_unit");

  private static AuthenticationException authentication(String serverMessage) {
    return new AuthenticationException(
        new DefaultEndPoint(new InetSocketAddress("127.0.0.1", 9042)),
        "server replied with '" + serverMessage + "' to AuthResponse request");
  }

  @Test
  void should_name_the_tls_reason_when_a_node_failed_the_handshake() {
    RuntimeException driver =
        new IllegalStateException(
            "[s5|control|id: 0xe7b083c6, L:/127.0.0.1:45238 - R:/127.0.0.8:9042] Protocol"
                + " initialization request, step 1 (OPTIONS): failed to send request"
                + " (javax.net.ssl.SSLHandshakeException: No subject alternative names matching"
                + " IP address 127.0.0.8 found)",
            new javax.net.ssl.SSLHandshakeException(
                "No subject alternative names matching IP address 127.0.0.8 found"));

    assertThat(CassandraConnector.describeNodeError(driver))
        .isEqualTo(
            "TLS handshake failed: No subject alternative names matching IP address 127.0.0.8"
                + " found");
  }

  @Test
  void should_drop_the_channel_prefix_when_a_node_error_is_not_about_tls() {
    RuntimeException driver =
        new IllegalStateException(
            "[s1|control|id: 0x1b3127b6, L:/127.0.0.1:48418 - R:/127.0.0.7:9042] Protocol"
                + " initialization request, step 1 (OPTIONS): unexpected failure"
                + " (com.datastax.oss.driver.api.core.connection.ClosedConnectionException:"
                + " Unexpected error on channel)");

    assertThat(CassandraConnector.describeNodeError(driver))
        .isEqualTo(
            "Protocol initialization request, step 1 (OPTIONS): unexpected failure"
                + " (com.datastax.oss.driver.api.core.connection.ClosedConnectionException:"
                + " Unexpected error on channel)");
  }

  @Test
  void should_fail_every_store_operation_at_once_when_not_connected() {
    try (CassandraConnector c =
        CassandraConnector.start(
            SETTINGS,
            () -> {
              throw new DriverTimeoutException("no answer");
            },
            fatal -> {},
            Duration.ofHours(1))) {
      assertThat(c.sessionStore().accepting()).isFalse();
      assertThat(c.isAvailable()).isFalse();
      assertThat(c.stores()).isEmpty();
      assertThat(c.problem()).hasValueSatisfying(p -> assertThat(p).contains("1 failed attempts"));
      assertThat(c.sessionStore().find(new BTid("x@bsf.home1.net")).toCompletableFuture())
          .failsWithin(Duration.ZERO)
          .withThrowableOfType(java.util.concurrent.ExecutionException.class)
          .withCauseInstanceOf(StoreException.class)
          .withMessageContaining("cassandra not connected");
    }
  }

  @Test
  void should_throw_at_once_when_the_first_attempt_meets_refused_credentials() {
    assertThatThrownBy(
            () ->
                CassandraConnector.start(
                    SETTINGS,
                    () -> {
                      throw authentication("Provided username bsf and/or password are incorrect");
                    },
                    fatal -> {},
                    Duration.ofHours(1)))
        .isInstanceOf(CassandraStartupException.class)
        .hasMessageContaining("refused the user name or password")
        .satisfies(
            e ->
                assertThat(((CassandraStartupException) e).problem())
                    .isEqualTo(CassandraStartupException.Problem.CREDENTIALS));
  }

  @Test
  void should_retry_when_cassandra_cannot_check_credentials_yet() {
    assertThat(
            CassandraConnector.fatal(
                authentication("Unable to perform authentication: Cannot achieve consistency")))
        .isEmpty();
    assertThat(CassandraConnector.fatal(new DriverTimeoutException("slow"))).isEmpty();
  }

  @Test
  void should_hand_a_later_fatal_problem_to_the_handler_and_stop_trying_when_it_appears()
      throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<CassandraStartupException> fatal = new CompletableFuture<>();
    try (CassandraConnector c =
        CassandraConnector.start(
            SETTINGS,
            () -> {
              if (attempts.incrementAndGet() < 3) {
                throw new DriverTimeoutException("not up yet");
              }
              throw new CassandraStartupException(
                  CassandraStartupException.Problem.SCHEMA,
                  "keyspace bsf_unit does not exist",
                  null);
            },
            fatal::complete,
            Duration.ofMillis(1))) {
      CassandraStartupException reported = fatal.get(10, TimeUnit.SECONDS);

      assertThat(reported.problem()).isEqualTo(CassandraStartupException.Problem.SCHEMA);
      assertThat(attempts.get()).isEqualTo(3);
      assertThat(c.stores()).isEmpty();
    }
  }
}
