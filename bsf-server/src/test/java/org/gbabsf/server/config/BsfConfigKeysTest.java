package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BsfConfigKeysTest {

  @Test
  void should_declare_every_documented_key_in_order_when_listing_all() {
    assertThat(BsfConfigKeys.all())
        .extracting(ConfigKey::name)
        .containsExactly(
            "bsf.name",
            "io.transport",
            "ub.realm",
            "ub.listen-address",
            "ub.port",
            "ub.io-threads",
            "ub.max-header-size",
            "ub.max-in-flight",
            "ub.source-limit.rate",
            "ub.source-limit.burst",
            "ub.idle-timeout",
            "ub.overload.max-lag",
            "ub.drain-delay",
            "ub.retry-after",
            "ub.challenge-validity",
            "ub.max-failures",
            "ub.failure-window",
            "ub.hss-timeout",
            "ub.store-timeout",
            "ub.tmpi.enabled",
            "ub.tmpi.lifetime",
            "ub.tls.enabled",
            "ub.tls.certificate",
            "ub.tls.private-key",
            "session.max-lifetime",
            "admin.listen-address",
            "admin.port",
            "admin.tls.enabled",
            "admin.tls.certificate",
            "admin.tls.private-key",
            "admin.metrics-token-file",
            "store.type",
            "store.challenges",
            "store.hybrid.write-delay",
            "store.hybrid.miss-wait",
            "store.memory.max-challenges",
            "store.memory.max-sessions",
            "store.memory.max-tmpis",
            "store.seal.enabled",
            "store.seal.key-ring-file",
            "cassandra.contact-points",
            "cassandra.local-datacenter",
            "cassandra.keyspace",
            "cassandra.replication",
            "cassandra.consistency",
            "cassandra.request-timeout",
            "cassandra.max-requests-in-flight",
            "cassandra.max-queued-requests",
            "cassandra.schema.create",
            "cassandra.session-by-impi",
            "cassandra.remote-dc-failover",
            "cassandra.session-miss-wait",
            "cassandra.username",
            "cassandra.password",
            "cassandra.password-file",
            "cassandra.tls.enabled",
            "cassandra.tls.trust",
            "cassandra.tls.certificate",
            "cassandra.tls.private-key",
            "cassandra.tls.hostname-verification",
            "diameter.origin-host",
            "diameter.origin-realm",
            "diameter.listen-address",
            "diameter.listen-port",
            "diameter.watchdog-interval",
            "diameter.reconnect-interval",
            "diameter.tcp-nodelay",
            "diameter.max-message-length",
            "diameter.cer-timeout",
            "diameter.max-pending-connections",
            "diameter.max-pending-requests",
            "diameter.peer-sources",
            "diameter.tls.port",
            "diameter.tls.certificate",
            "diameter.tls.private-key",
            "diameter.tls.trust",
            "diameter.tls.peers",
            "diameter.tls.allow-wildcard-certificates",
            "zh.destination-realm",
            "zh.peers",
            "zh.request-timeout",
            "zh.peer-backoff",
            "zh.pin-destination-host",
            "zh.guss-cache.entries",
            "zh.guss-cache.max-age",
            "zn.enabled",
            "zn.nafs",
            "zn.naf-realms",
            "zn.naf-fqdns",
            "hss.type",
            "hss.simulated.subscribers-csv",
            "hss.simulated.generated-count",
            "hss.simulated.generated-domain",
            "hss.simulated.guss-lifetime",
            "hss.simulated.uss",
            "hss.simulated.delay",
            "security.reload-interval",
            "sbi.enabled",
            "sbi.listen-address",
            "sbi.port",
            "sbi.io-threads",
            "sbi.max-body",
            "sbi.max-concurrent-streams",
            "sbi.max-in-flight",
            "sbi.max-connections",
            "sbi.request-timeout",
            "sbi.idle-timeout",
            "sbi.retry-after",
            "sbi.tls.enabled",
            "sbi.tls.certificate",
            "sbi.tls.private-key",
            "sbi.tls.trust",
            "sbi.tls.client-auth",
            "sbi.tls.protocols",
            "sbi.client.request-timeout",
            "sbi.client.backoff",
            "sbi.client.connections-per-origin",
            "sbi.client.connect-timeout",
            "sbi.client.max-redirects",
            "sbi.client.tls.trust",
            "sbi.client.tls.certificate",
            "sbi.client.tls.private-key",
            "nbsp.nafs",
            "nbsp.naf-fqdns",
            "nbsp.send-impi",
            "nbsp.oauth2.nrf-keys",
            "nbsp.oauth2.nf-instance-id",
            "nbsp.oauth2.clock-skew",
            "n65.instances",
            "udm.instances",
            "udm.default-uss",
            "udm.default-lifetime",
            "nrf.enabled",
            "nrf.api-root",
            "nrf.nf-instance-id",
            "nrf.register",
            "nrf.heartbeat",
            "nrf.profile.fqdn",
            "nrf.profile.ipv4",
            "nrf.discover-hss",
            "nrf.discovery-interval",
            "nrf.tokens",
            "nrf.timeout",
            "aanf.enabled",
            "aanf.nf-instance-id",
            "aanf.ausfs",
            "aanf.afs",
            "aanf.nefs",
            "aanf.af-fqdns",
            "aanf.supi-afs",
            "aanf.ua-protocol",
            "aanf.ua-protocols",
            "aanf.context-lifetime",
            "aanf.af-key-lifetime",
            "aanf.operation-scopes",
            "aanf.oauth2.nrf-keys",
            "aanf.oauth2.clock-skew",
            "aanf.routing-indicators",
            "aanf.memory.max-contexts",
            "naf-proxy.listen-address",
            "naf-proxy.port",
            "naf-proxy.io-threads",
            "naf-proxy.routes",
            "naf-proxy.tls.enabled",
            "naf-proxy.tls.certificate",
            "naf-proxy.tls.private-key",
            "naf-proxy.nonce-validity",
            "naf-proxy.max-nonces",
            "naf-proxy.max-keys",
            "naf-proxy.max-body",
            "naf-proxy.idle-timeout",
            "naf-proxy.upstream-connect-timeout",
            "naf-proxy.upstream-timeout",
            "naf-proxy.upstream-connections",
            "naf-proxy.retry-after",
            "naf-proxy.forwarded-for",
            "naf-proxy.origin-host",
            "naf-proxy.origin-realm",
            "naf-proxy.diameter-address",
            "naf-proxy.diameter-port",
            "naf-proxy.bsf-peer",
            "naf-proxy.bsf-realm",
            "naf-proxy.zn-timeout",
            "naf-proxy.diameter-tls.certificate",
            "naf-proxy.diameter-tls.private-key",
            "naf-proxy.diameter-tls.trust",
            "naf-proxy.akma.enabled",
            "naf-proxy.akma.aanf-api-root",
            "naf-proxy.akma.hosts",
            "naf-proxy.akma.prefer",
            "naf-proxy.akma.ua-protocol",
            "naf-proxy.akma.assert-supi",
            "naf-proxy.akma.timeout",
            "naf-proxy.akma.token-file",
            "naf-proxy.akma.tls.certificate",
            "naf-proxy.akma.tls.private-key",
            "naf-proxy.akma.tls.trust");
  }

  @Test
  void should_give_each_key_its_own_env_var_when_names_are_mapped() {
    List<String> envVars = BsfConfigKeys.all().stream().map(ConfigKey::envVar).toList();

    assertThat(envVars).doesNotHaveDuplicates().doesNotContain(ConfigLoader.CONFIG_FILE_ENV);
  }

  @Test
  void should_mark_only_the_cassandra_password_secret_when_listing_secrets() {
    assertThat(BsfConfigKeys.all())
        .filteredOn(ConfigKey::secret)
        .extracting(ConfigKey::name)
        .containsExactly("cassandra.password");
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      value = {
        "127.0.0.1:9042 | true",
        "cass1.dc1:9042, cass2.dc1:9042 | true",
        "127.0.0.1 | false",
        "127.0.0.1:0 | false",
        "127.0.0.1:70000 | false",
        ":9042 | false",
        "a:9042,, | false"
      })
  void should_judge_contact_points_when_validating(String value, boolean valid) {
    assertThat(CassandraConfig.CONTACT_POINTS.parse(value).ok()).isEqualTo(valid);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      value = {
        "SimpleStrategy:1 | true",
        "NetworkTopologyStrategy:dc1=3,dc2=3 | true",
        "NetworkTopologyStrategy: dc1=3 , dc2=2 | true",
        "SimpleStrategy:0 | false",
        "NetworkTopologyStrategy:dc1 | false",
        "LocalStrategy:1 | false"
      })
  void should_judge_replication_when_validating(String value, boolean valid) {
    assertThat(CassandraConfig.REPLICATION.parse(value).ok()).isEqualTo(valid);
  }

  @Test
  void should_reject_modification_when_all_is_returned() {
    assertThatThrownBy(() -> BsfConfigKeys.all().add(UbConfig.PORT))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @ParameterizedTest
  @CsvSource({
    "ub.max-in-flight, BSF_UB_MAX_IN_FLIGHT",
    "bsf.name, BSF_BSF_NAME",
    "hss.simulated.subscribers-csv, BSF_HSS_SIMULATED_SUBSCRIBERS_CSV",
  })
  void should_upper_case_and_underscore_the_name_when_deriving_the_env_var(
      String name, String envVar) {
    assertThat(ConfigKey.envVarFor(name)).isEqualTo(envVar);
  }

  @ParameterizedTest
  @CsvSource({"Ub.port", "ub", "ub..port", "ub.port-", "ub.max_in_flight", "1ub.port"})
  void should_refuse_to_declare_a_key_when_its_name_is_malformed(String name) {
    assertThatThrownBy(() -> ConfigKey.of(name, ValueTypes.integer(0, 1), "0", "Demo."))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(name);
  }

  @Test
  void should_refuse_to_declare_a_key_when_its_default_does_not_parse() {
    assertThatThrownBy(() -> ConfigKey.of("demo.port", ValueTypes.integer(1, 10), "11", "Demo."))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("demo.port: default \"11\" is not an integer in 1..10");
  }

  @Test
  void should_refuse_a_validator_when_the_default_breaks_it() {
    ConfigKey<java.time.Duration> key =
        ConfigKey.of("demo.timeout", ValueTypes.positiveDuration(), "1h", "Demo.");

    assertThatThrownBy(() -> key.withValidator(Validators.atMost(java.time.Duration.ofMinutes(1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("demo.timeout: default \"1h\" must be at most 1m");
  }

  @Test
  void should_describe_type_and_validator_when_asked_for_the_expectation() {
    assertThat(UbConfig.CHALLENGE_VALIDITY.expectation())
        .isEqualTo("a positive duration such as 500ms, 2s, 5m, 1h, 1d or PT5M; at most 30m");
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      value = {
        "hss1.home1.net=127.0.0.1:3868 | true",
        "hss1.home1.net=10.0.0.1:3868:2, hss2.home1.net=10.0.0.2:3868:1 | true",
        "hss1.home1.net=127.0.0.1 | false",
        "=127.0.0.1:3868 | false",
        "hss1.home1.net=127.0.0.1:99999 | false",
        "hss1.home1.net=127.0.0.1:3868:x | false",
        "bad host=127.0.0.1:3868 | false"
      })
  void should_judge_zh_peers_when_validating(String value, boolean valid) {
    assertThat(ZhConfig.PEERS.parse(value).ok()).isEqualTo(valid);
  }
}
