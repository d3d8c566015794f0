package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigLoaderTest {

  @TempDir Path dir;

  private Path yaml(String content) throws IOException {
    Path file = dir.resolve("bsf.yaml");
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  private static ConfigException loadFailure(
      Path file, Map<String, String> env, Map<String, String> overrides) {
    return catchThrowableOfType(
        ConfigException.class, () -> ConfigLoader.load(file, env, overrides));
  }

  @Test
  void should_use_every_default_when_no_file_env_or_override_is_given() {
    BsfConfig config = ConfigLoader.load(null, Map.of(), Map.of());

    assertThat(config.node().name()).isEqualTo("bsf.home1.net");
    assertThat(config.ub().realm()).isEqualTo("bsf.home1.net");
    assertThat(config.ub().listenAddress()).isEqualTo("0.0.0.0");
    assertThat(config.ub().port()).isEqualTo(8080);
    assertThat(config.ub().ioThreads()).isZero();
    assertThat(config.ub().maxHeaderSize()).isEqualTo(8192);
    assertThat(config.ub().maxInFlight()).isEqualTo(10_000);
    assertThat(config.ub().idleTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(config.ub().retryAfter()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.ub().challengeValidity()).isEqualTo(Duration.ofMinutes(5));
    assertThat(config.ub().maxFailures()).isEqualTo(3);
    assertThat(config.ub().failureWindow()).isEqualTo(Duration.ofMinutes(5));
    assertThat(config.ub().hssTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(config.ub().storeTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(config.store().sessionMaxLifetime()).isEqualTo(Duration.ofHours(1));
    assertThat(config.store().type()).isEqualTo("memory");
    assertThat(config.store().memoryMaxChallenges()).isEqualTo(200_000);
    assertThat(config.store().memoryMaxSessions()).isEqualTo(2_000_000);
    assertThat(config.hss().type()).isEqualTo("zh");
    assertThat(config.zh().peers())
        .containsExactly(
            new org.gbabsf.diameter.DiameterNodeConfig.PeerConfig(
                "hss1.home1.net", "127.0.0.1", 3869, 1));
    assertThat(config.diameter().originHost()).isEqualTo("bsf.home1.net");
    assertThat(config.hss().simulatedSubscribersCsv()).isEmpty();
    assertThat(config.hss().simulatedGeneratedCount()).isEqualTo(1000);
    assertThat(config.hss().simulatedGeneratedDomain()).isEqualTo("home1.net");
    assertThat(config.hss().simulatedGussLifetime()).isEqualTo(Duration.ofHours(1));
    assertThat(config.hss().simulatedDelay()).isEqualTo(Duration.ZERO);
    for (ConfigKey<?> key : BsfConfigKeys.all()) {
      assertThat(config.source(key).kind()).as(key.name()).isEqualTo(ConfigSource.Kind.DEFAULT);
    }
  }

  @Test
  void should_equal_load_with_nothing_when_defaults_is_called() {
    assertThat(ConfigLoader.defaults().describe())
        .isEqualTo(ConfigLoader.load(null, Map.of(), Map.of()).describe());
  }

  @Test
  void should_take_nested_and_dotted_values_from_the_file_when_a_file_is_given()
      throws IOException {
    Path file =
        yaml(
            "bsf:\n"
                + "  name: bsf.example.org\n"
                + "ub:\n"
                + "  port: 8443\n"
                + "  hss-timeout: 1500ms\n"
                + "ub.challenge-validity: PT2M\n"
                + "store:\n"
                + "  memory:\n"
                + "    max-sessions: 42\n");

    BsfConfig config = ConfigLoader.load(file, Map.of(), Map.of());

    assertThat(config.node().name()).isEqualTo("bsf.example.org");
    assertThat(config.ub().port()).isEqualTo(8443);
    assertThat(config.ub().hssTimeout()).isEqualTo(Duration.ofMillis(1500));
    assertThat(config.ub().challengeValidity()).isEqualTo(Duration.ofMinutes(2));
    assertThat(config.store().memoryMaxSessions()).isEqualTo(42);
    assertThat(config.source(UbConfig.PORT))
        .isEqualTo(new ConfigSource(ConfigSource.Kind.FILE, file + ":4"));
    assertThat(config.ub().storeTimeout()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void should_use_defaults_when_the_file_is_empty_or_has_empty_sections() throws IOException {
    Path file = yaml("# nothing set yet\nub:\n  # port: 9000\nhss:\n");

    BsfConfig config = ConfigLoader.load(file, Map.of(), Map.of());

    assertThat(config.ub().port()).isEqualTo(8080);
    assertThat(config.source(UbConfig.PORT).kind()).isEqualTo(ConfigSource.Kind.DEFAULT);
  }

  @Test
  void should_take_values_from_bsf_variables_when_the_environment_sets_them() {
    Map<String, String> env =
        Map.of(
            "BSF_UB_MAX_IN_FLIGHT", "500",
            "BSF_HSS_SIMULATED_DELAY", "250ms",
            "BSF_CONFIG", "/etc/bsf/bsf.yaml",
            "PATH", "/usr/bin",
            "bsf_lower_case_is_not_ours", "x");

    BsfConfig config = ConfigLoader.load(null, env, Map.of());

    assertThat(config.ub().maxInFlight()).isEqualTo(500);
    assertThat(config.hss().simulatedDelay()).isEqualTo(Duration.ofMillis(250));
    assertThat(config.source(UbConfig.MAX_IN_FLIGHT))
        .isEqualTo(ConfigSource.ofEnv("BSF_UB_MAX_IN_FLIGHT"));
  }

  @ParameterizedTest(name = "file={0} env={1} override={2} -> {3} from {4}")
  @CsvSource(
      nullValues = "-",
      value = {
        "-,    -,    -,    8080, DEFAULT",
        "1001, -,    -,    1001, FILE",
        "1001, 1002, -,    1002, ENV",
        "1001, 1002, 1003, 1003, OVERRIDE",
        "-,    1002, 1003, 1003, OVERRIDE",
        "1001, -,    1003, 1003, OVERRIDE",
      })
  void should_apply_defaults_then_file_then_env_then_overrides_when_a_key_is_set_in_several(
      String inFile,
      String inEnv,
      String inOverride,
      int expected,
      ConfigSource.Kind expectedSource)
      throws IOException {
    Path file = inFile == null ? null : yaml("ub:\n  port: " + inFile + "\n");
    Map<String, String> env = inEnv == null ? Map.of() : Map.of("BSF_UB_PORT", inEnv);
    Map<String, String> overrides = inOverride == null ? Map.of() : Map.of("ub.port", inOverride);

    BsfConfig config = ConfigLoader.load(file, env, overrides);

    assertThat(config.ub().port()).isEqualTo(expected);
    assertThat(config.source(UbConfig.PORT).kind()).isEqualTo(expectedSource);
  }

  @Test
  void should_report_every_problem_in_one_exception_when_several_sources_are_wrong()
      throws IOException {
    Path file = yaml("ub:\n  prot: 8080\n  idle-timeout: soon\nsession:\n  max-lifetime: 30s\n");
    Map<String, String> env =
        Map.of("BSF_UB_PORT", "80x", "BSF_UB_IDLE_TIMOUT", "5s", "BSF_CONFIG", "ignored");
    Map<String, String> overrides = new LinkedHashMap<>();
    overrides.put("ub.challenge-validity", "45m");
    overrides.put("store.tpye", "memory");

    ConfigException e = loadFailure(file, env, overrides);

    assertThat(e.problems())
        .containsExactly(
            "ub.prot (from file " + file + ":2): unknown key; did you mean ub.port?",
            "BSF_UB_IDLE_TIMOUT (from env): unknown variable; only BSF_CONFIG, BSF_JAVA_OPTS,"
                + " BSF_LOG_LEVEL, BSF_TEST_CASSANDRA and the variables"
                + " of known keys may start with BSF_; did you mean BSF_UB_IDLE_TIMEOUT"
                + " (ub.idle-timeout)?",
            "store.tpye (from override --set store.tpye): unknown key; did you mean store.type?",
            "ub.port (from env BSF_UB_PORT): \"80x\" is not an integer in 0..65535",
            "ub.idle-timeout (from file "
                + file
                + ":3): \"soon\" is not a positive duration such as 500ms, 2s, 5m, 1h, 1d or"
                + " PT5M",
            "ub.challenge-validity (from override --set ub.challenge-validity): \"45m\" must be"
                + " at most 30m",
            "session.max-lifetime (from file " + file + ":5): \"30s\" must be at least 1m");
    assertThat(e.getMessage())
        .startsWith("Invalid configuration (7 problems):\n  ub.prot (from file ")
        .contains("\n  ub.port (from env BSF_UB_PORT): \"80x\" is not an integer in 0..65535");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ub:\\n  prot: 1         | ub.prot        | unknown key; did you mean ub.port?",
        "ub.max-inflight: 5      | ub.max-inflight | unknown key; did you mean ub.max-in-flight?",
        "port: 8080              | port           | unknown key; did you mean ub.port?",
        "hss:\\n  simulated:\\n    dealy: 1s | hss.simulated.dealy | unknown key; did you mean"
            + " hss.simulated.delay?",
        "completely-unrelated: 1 | completely-unrelated | unknown key",
        "ub: 8080                | ub             | is a section, not a key; put keys under it,"
            + " such as ub.realm",
      })
  void should_reject_with_a_suggestion_when_the_file_has_an_unknown_key(
      String content, String name, String problem) throws IOException {
    Path file = yaml(content.replace("\\n", "\n"));

    ConfigException e = loadFailure(file, Map.of(), Map.of());

    assertThat(e.problems()).hasSize(1);
    assertThat(e.problems().get(0)).startsWith(name + " (from file " + file).endsWith(problem);
  }

  @Test
  void should_reject_when_an_unknown_bsf_variable_is_set() {
    ConfigException e = loadFailure(null, Map.of("BSF_SOMETHING_ELSE", "1"), Map.of());

    assertThat(e.problems())
        .containsExactly(
            "BSF_SOMETHING_ELSE (from env): unknown variable; only BSF_CONFIG, BSF_JAVA_OPTS,"
                + " BSF_LOG_LEVEL, BSF_TEST_CASSANDRA and the variables"
                + " of known keys may start with BSF_");
  }

  @Test
  void should_default_the_realm_to_the_bsf_name_when_the_realm_is_not_set() {
    BsfConfig config = ConfigLoader.load(null, Map.of("BSF_BSF_NAME", "bsf.op.example"), Map.of());

    assertThat(config.ub().realm()).isEqualTo("bsf.op.example");
    assertThat(config.describe())
        .contains("ub.realm = bsf.op.example  (default, same as bsf.name)");
  }

  @Test
  void should_default_the_realm_to_the_bsf_name_when_the_realm_is_set_empty() throws IOException {
    Path file = yaml("bsf:\n  name: bsf.op.example\nub:\n  realm:\n");

    BsfConfig config = ConfigLoader.load(file, Map.of(), Map.of());

    assertThat(config.ub().realm()).isEqualTo("bsf.op.example");
  }

  @Test
  void should_keep_an_explicit_realm_when_the_realm_is_set() {
    BsfConfig config =
        ConfigLoader.load(
            null, Map.of("BSF_BSF_NAME", "bsf.op.example"), Map.of("ub.realm", "Operator Realm"));

    assertThat(config.node().name()).isEqualTo("bsf.op.example");
    assertThat(config.ub().realm()).isEqualTo("Operator Realm");
  }

  @Test
  void should_reject_a_realm_when_it_contains_a_quote() {
    ConfigException e = loadFailure(null, Map.of(), Map.of("ub.realm", "a\"b"));

    assertThat(e.problems())
        .containsExactly(
            "ub.realm (from override --set ub.realm): \"a\"b\" must not contain quotes,"
                + " backslashes or control characters");
  }

  @ParameterizedTest
  @CsvSource({
    "ub.challenge-validity, 30m, true",
    "ub.challenge-validity, 31m, false",
    "ub.challenge-validity, PT30M0.001S, false",
    "session.max-lifetime, 1m, true",
    "session.max-lifetime, 59s, false",
    "ub.retry-after, 1s, true",
    "ub.retry-after, 1500ms, false",
    "ub.retry-after, 0s, false",
    "hss.simulated.delay, 0ms, true",
    "ub.hss-timeout, 0ms, false",
  })
  void should_enforce_the_bounds_of_a_duration_key_when_a_value_is_at_or_past_them(
      String key, String value, boolean accepted) {
    Map<String, String> overrides = Map.of(key, value);

    if (accepted) {
      assertThat(ConfigLoader.load(null, Map.of(), overrides).source(keyNamed(key)).kind())
          .isEqualTo(ConfigSource.Kind.OVERRIDE);
    } else {
      assertThat(loadFailure(null, Map.of(), overrides).problems())
          .singleElement()
          .asString()
          .startsWith(key + " (from override --set " + key + "): \"" + value + "\" ");
    }
  }

  @Test
  void should_accept_a_subscribers_csv_when_it_names_a_readable_file() throws IOException {
    Path csv = Files.writeString(dir.resolve("subs.csv"), "impi,k,opc,amf,sqn\n");

    BsfConfig config =
        ConfigLoader.load(
            null, Map.of("BSF_HSS_SIMULATED_SUBSCRIBERS_CSV", csv.toString()), Map.of());

    assertThat(config.hss().simulatedSubscribersCsv()).isEqualTo(Optional.of(csv));
  }

  @Test
  void should_reject_a_subscribers_csv_when_the_file_does_not_exist() {
    Path missing = dir.resolve("missing.csv");

    ConfigException e =
        loadFailure(null, Map.of(), Map.of("hss.simulated.subscribers-csv", missing.toString()));

    assertThat(e.problems())
        .containsExactly(
            "hss.simulated.subscribers-csv (from override --set hss.simulated.subscribers-csv): \""
                + missing
                + "\" is not a readable file (file cannot be read)");
  }

  @Test
  void should_report_only_the_effective_value_when_a_bad_file_value_is_overridden()
      throws IOException {
    Path file = yaml("ub:\n  port: not-a-port\n");

    BsfConfig config = ConfigLoader.load(file, Map.of("BSF_UB_PORT", "9000"), Map.of());

    assertThat(config.ub().port()).isEqualTo(9000);
  }

  @Test
  void should_ignore_surrounding_white_space_when_a_value_is_padded() {
    BsfConfig config = ConfigLoader.load(null, Map.of("BSF_UB_PORT", " 9000 "), Map.of());

    assertThat(config.ub().port()).isEqualTo(9000);
  }

  @Test
  void should_keep_the_text_as_written_when_yaml_would_read_it_as_a_number() throws IOException {
    Path file = yaml("ub:\n  port: 0x1F90\n  max-in-flight: 1e3\n");

    ConfigException e = loadFailure(file, Map.of(), Map.of());

    assertThat(e.problems())
        .containsExactly(
            "ub.port (from file " + file + ":2): \"0x1F90\" is not an integer in 0..65535",
            "ub.max-in-flight (from file " + file + ":3): \"1e3\" is not an integer in 1..1000000");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "ub:\\n  port: [1, 2]            | ub.port (from file {}:2): a list is not an integer in"
            + " 0..65535",
        "ub:\\n  port: 1\\nub.port: 2    | ub.port (from file {}:3): set twice in the file (first"
            + " at line 2)",
        "- ub.port                       | config file {}: must be a YAML mapping of keys to"
            + " values, like \"ub: {port: 8080}\"",
        "ub: {port: 1}\\n---\\nub: {port: 2} | config file {}: holds more than one YAML document;"
            + " only one is supported",
      })
  void should_reject_the_file_when_its_structure_is_not_supported(String content, String problem)
      throws IOException {
    Path file = yaml(content.replace("\\n", "\n"));

    ConfigException e = loadFailure(file, Map.of(), Map.of());

    assertThat(e.problems()).containsExactly(problem.replace("{}", file.toString()));
  }

  @Test
  void should_report_the_line_when_the_file_is_not_valid_yaml() throws IOException {
    Path file = yaml("ub:\n  port: 1\n  realm: \"unterminated\n");

    ConfigException e = loadFailure(file, Map.of(), Map.of());

    assertThat(e.problems())
        .singleElement()
        .asString()
        .startsWith("config file " + file + ":")
        .contains(": is not valid YAML: ");
  }

  @Test
  void should_report_a_missing_file_together_with_other_problems_when_the_file_does_not_exist() {
    Path missing = dir.resolve("nope.yaml");

    ConfigException e = loadFailure(missing, Map.of("BSF_UB_PORT", "-1"), Map.of());

    assertThat(e.problems())
        .containsExactly(
            "config file " + missing + ": does not exist (file cannot be read)",
            "ub.port (from env BSF_UB_PORT): \"-1\" is not an integer in 0..65535");
  }

  @Test
  void should_name_the_single_problem_when_there_is_only_one() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), Map.of("ub.port", "")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid configuration (1 problem):\n"
                + "  ub.port (from override --set ub.port): \"\" is not an integer in 0..65535");
  }

  private static ConfigKey<?> keyNamed(String name) {
    return BsfConfigKeys.all().stream()
        .filter(key -> key.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void should_refuse_a_naf_entry_when_it_names_an_hss_of_zh_peers() {
    ConfigException e =
        loadFailure(
            null,
            Map.of(),
            Map.of(
                "zh.peers", "hss1.home1.net=127.0.0.1:3869",
                "zn.nafs", "naf.home1.net=default,HSS1.home1.net=default"));

    assertThat(e.problems())
        .containsExactly(
            "zn.nafs (override --set zn.nafs): HSS1.home1.net is an HSS of zh.peers; a NAF may"
                + " never take an HSS's identity");
  }

  @Test
  void should_parse_peer_sources_once_when_they_are_literal_networks() {
    BsfConfig config =
        ConfigLoader.load(
            null,
            Map.of(),
            Map.of(
                "diameter.peer-sources",
                "hss1.home1.net=192.0.2.0/24|2001:db8::1, partner.net=203.0.113.7",
                "zn.naf-realms",
                "partner.net=partners"));

    assertThat(config.diameter().peerSources())
        .containsOnlyKeys("hss1.home1.net", "partner.net")
        .hasEntrySatisfying(
            "hss1.home1.net",
            nets ->
                assertThat(nets)
                    .map(Object::toString)
                    .containsExactly("192.0.2.0/24", "2001:db8:0:0:0:0:0:1/128"));
  }

  @Test
  void should_refuse_peer_sources_when_an_identity_is_no_configured_peer_or_naf() {
    ConfigException e =
        loadFailure(null, Map.of(), Map.of("diameter.peer-sources", "naf.hom1.net=10.1.0.0/16"));

    assertThat(e.problems())
        .containsExactly(
            "diameter.peer-sources (override --set diameter.peer-sources): naf.hom1.net is no"
                + " host of zh.peers or zn.nafs, nor a realm of zn.naf-realms");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hss1.home1.net=hss1.dns", "=10.0.0.0/8", "x=10.0.0.0/33", "x=10.0.0.1|"})
  void should_refuse_peer_sources_when_an_entry_is_not_a_literal_network(String value) {
    ConfigException e = loadFailure(null, Map.of(), Map.of("diameter.peer-sources", value));

    assertThat(e.problems()).singleElement().asString().startsWith("diameter.peer-sources");
  }

  @Test
  void should_require_a_key_ring_when_the_cassandra_store_seals_keys() {
    ConfigException e = loadFailure(null, Map.of(), Map.of("store.type", "cassandra"));

    assertThat(e.problems())
        .containsExactly(
            "store.seal.key-ring-file: required with store.type=cassandra, which seals every key"
                + " it stores (docs/security.md); make one with 'bsf keyring new > FILE', or set"
                + " store.seal.enabled=false to store keys in clear");
    assertThat(
            ConfigLoader.load(
                    null,
                    Map.of(),
                    Map.of("store.type", "cassandra", "store.seal.enabled", "false"))
                .store()
                .type())
        .isEqualTo("cassandra");
  }

  @Test
  void should_refuse_a_tmpi_lifetime_that_does_not_outlive_the_session_when_tmpis_are_on() {
    ConfigException failure =
        loadFailure(null, Map.of(), Map.of("ub.tmpi.lifetime", "1h", "session.max-lifetime", "2h"));

    assertThat(failure.problems()).hasSize(1);
    assertThat(failure.problems().get(0))
        .startsWith("ub.tmpi.lifetime (")
        .contains("1h must exceed session.max-lifetime (2h)");
    assertThat(
            ConfigLoader.load(
                    null,
                    Map.of(),
                    Map.of(
                        "ub.tmpi.enabled", "false",
                        "ub.tmpi.lifetime", "1h",
                        "session.max-lifetime", "2h"))
                .ub()
                .tmpiEnabled())
        .isFalse();
  }

  @Test
  void should_allocate_tmpis_for_seven_days_when_nothing_is_configured() {
    BsfConfig c = ConfigLoader.load(null, Map.of(), Map.of());

    assertThat(c.ub().tmpiEnabled()).isTrue();
    assertThat(c.ub().tmpiLifetime()).isEqualTo(java.time.Duration.ofDays(7));
    assertThat(c.store().memoryMaxTmpis()).isEqualTo(2_000_000);
  }

  @Test
  void should_refuse_a_miss_wait_shorter_than_the_write_delay_or_beyond_the_store_budget() {
    ConfigException tooShort =
        loadFailure(
            null,
            Map.of(),
            Map.of("store.hybrid.write-delay", "500ms", "store.hybrid.miss-wait", "520ms"));
    ConfigException tooLong =
        loadFailure(
            null, Map.of(), Map.of("store.hybrid.miss-wait", "2s", "ub.store-timeout", "2s"));

    assertThat(tooShort.problems())
        .containsExactly(
            "store.hybrid.miss-wait: 520ms is shorter than store.hybrid.write-delay + 50ms (550ms);"
                + " an answer reaching another instance could miss its challenge");
    assertThat(tooLong.problems())
        .containsExactly("store.hybrid.miss-wait: 2s must be below ub.store-timeout (2s)");
    assertThat(
            loadFailure(
                    null,
                    Map.of(),
                    Map.of("cassandra.session-miss-wait", "3s", "ub.store-timeout", "2s"))
                .problems())
        .containsExactly("cassandra.session-miss-wait: 3s must be below ub.store-timeout (2s)");
    BsfConfig noReread = ConfigLoader.load(null, Map.of(), Map.of("store.hybrid.miss-wait", "0s"));
    assertThat(noReread.store().hybridMissWait()).isZero();
    assertThat(ConfigLoader.load(null, Map.of(), Map.of()).store().hybridWriteDelay())
        .isEqualTo(java.time.Duration.ofMillis(250));
  }

  @Test
  void should_list_every_missing_tls_file_when_tls_is_asked_without_them() throws IOException {
    Path cert = Files.writeString(dir.resolve("cert.pem"), "x");
    Map<String, String> overrides = new LinkedHashMap<>();
    overrides.put("ub.tls.enabled", "true");
    overrides.put("admin.tls.certificate", cert.toString());
    overrides.put("diameter.tls.port", "5868");
    overrides.put("cassandra.password", "p");
    overrides.put("cassandra.password-file", cert.toString());

    ConfigException e = loadFailure(null, Map.of(), overrides);

    assertThat(e.problems())
        .containsExactlyInAnyOrder(
            "ub.tls.certificate: required with ub.tls.enabled=true",
            "admin.tls.private-key: required with admin.tls.certificate (override --set"
                + " admin.tls.certificate)",
            "diameter.tls.certificate: required with diameter.tls.port 5868 (Diameter TLS is"
                + " mutual: RFC 6733 §13.1)",
            "diameter.tls.trust: required with diameter.tls.port 5868 (Diameter TLS is mutual:"
                + " RFC 6733 §13.1)",
            "cassandra.password-file (override --set cassandra.password-file): set together with"
                + " cassandra.password; give the password once");
  }

  @Test
  void should_refuse_the_tls_port_when_it_equals_the_plain_one() throws IOException {
    Path pem = Files.writeString(dir.resolve("any.pem"), "x");

    ConfigException e =
        loadFailure(
            null,
            Map.of(),
            Map.of(
                "diameter.tls.port", "3868",
                "diameter.tls.certificate", pem.toString(),
                "diameter.tls.private-key", pem.toString(),
                "diameter.tls.trust", pem.toString()));

    assertThat(e.problems())
        .containsExactly(
            "diameter.tls.port (override --set diameter.tls.port): must differ from"
                + " diameter.listen-port");
  }

  @Test
  void should_report_a_malformed_peer_list_alone_when_the_tls_rules_depend_on_it() {
    ConfigException e =
        loadFailure(
            null,
            Map.of(),
            Map.of(
                "diameter.tls.port", "3868",
                "diameter.tls.certificate", "",
                "diameter.tls.peers", "hss1.home1.net, not a host"));

    assertThat(e.problems())
        .containsExactly(
            "diameter.tls.peers (from override --set diameter.tls.peers): \"hss1.home1.net, not a"
                + " host\" must be *, or Origin-Hosts separated by commas");
  }
}
