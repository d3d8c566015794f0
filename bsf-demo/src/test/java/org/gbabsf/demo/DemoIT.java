package org.gbabsf.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.gbabsf.server.Main;
import org.junit.jupiter.api.Test;

/** The README's first command, run in-process: the demo on the embedded defaults. */
class DemoIT {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.execute(
        args,
        java.util.Map.of(),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void should_bootstrap_every_ue_and_exit_zero_when_demo_runs_on_defaults() {
    int exit = run("demo", "--bootstraps", "4");

    assertThat(exit).isZero();
    assertThat(stdout())
        .contains("Demo: 11 of 11 checks passed: PASS")
        .contains("presented its TMPI ")
        .contains(
            "through the NAF proxy (Ua, Digest with its GBA key): 401 then 200, rspauth verified")
        .contains("the XCAP server saw X-3GPP-Asserted-Identity: \"sip:user0@home1.net\"")
        .contains("NAF key agreed with UE: yes")
        .contains("HSS over Diameter Zh (hss1.home1.net=127.0.0.1:")
        .contains("bootstrapped with the BSF on N65 (gbaUEAU and gbaSDM at once)")
        .contains(
            "NAF naf5g.home1.net asked the BSF on Nbsp_GBA (HTTP/2, NRF access token) for"
                + " user0@home1.net's key: NAF key agreed with UE: yes")
        .contains("(after 1 AUTS resynchronisation)")
        .containsPattern(
            "PASS  AKMA: AUSF registered imsi-001010000000001's K_AKMA, A-KID \\S+; AF af.home1.net"
                + " got K_AF from the AAnF \\(Naanf_AKMA, HTTP/2\\): AF key agreed with UE: yes")
        .contains("unknown to the HSS: answered 403")
        .containsPattern("PASS  user0@home1.net +B-TID [A-Za-z0-9+/]{22}==@bsf.home1.net")
        .containsPattern("lifetime \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ")
        .doesNotContain("FAIL");
  }

  @Test
  void should_send_the_servers_log_lines_to_a_named_file_when_demo_runs() throws Exception {
    int exit = run("demo", "--bootstraps", "1");

    assertThat(exit).isZero();
    java.util.regex.Matcher named =
        java.util.regex.Pattern.compile("The servers' log lines: (\\S+)").matcher(stdout());
    assertThat(named.find()).as(stdout()).isTrue();
    assertThat(stdout()).doesNotContain(" INFO ").doesNotContain(" WARN ");
    assertThat(java.nio.file.Files.readString(java.nio.file.Path.of(named.group(1))))
        .contains("INFO")
        .contains("Ub server listening on");
  }

  @Test
  void should_use_the_configured_name_in_btids_when_bsf_name_is_overridden() {
    int exit = run("demo", "--bootstraps", "1", "--set", "bsf.name=bsf.operator.example");

    assertThat(exit).isZero();
    assertThat(stdout()).contains("@bsf.operator.example").contains("realm bsf.operator.example");
  }

  @Test
  void should_exit_2_and_list_every_problem_when_configuration_is_invalid() {
    int exit = run("demo", "--set", "ub.max-failures=0", "--set", "ub.hss-timeout=soon");

    assertThat(exit).isEqualTo(Main.EXIT_CONFIG);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Invalid configuration (2 problems)")
        .contains("ub.max-failures")
        .contains("ub.hss-timeout");
  }

  @Test
  void should_reject_a_bootstrap_count_beyond_the_population_when_asked_for_too_many() {
    int exit = run("demo", "--bootstraps", "5", "--set", "hss.simulated.generated-count=2");

    assertThat(exit).isNotZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--bootstraps must be between 1");
  }

  @Test
  void should_bootstrap_the_csv_subscribers_when_a_subscriber_file_is_configured(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path csv = dir.resolve("subscribers.csv");
    java.nio.file.Files.writeString(
        csv,
        "impi,k,opc,amf,sqn\n"
            + "user1_private@home1.net,465b5ce8b199b49faa5f0a2ee238a6bc,"
            + "cd63cb71954a9f4e48a5994e37a02baf,b9b9,ff9bb4d0b607\n"
            + "user2_private@home1.net,0396eb317b6d1c36f19c1c84cd6ffd16,"
            + "53c15671c60a4b731c55b4a441c0bde2,af17,20\n");

    int exit = run("demo", "--bootstraps", "2", "--set", "hss.simulated.subscribers-csv=" + csv);

    assertThat(exit).isZero();
    assertThat(stdout())
        .contains("PASS  user1_private@home1.net")
        .contains("PASS  user2_private@home1.net")
        .contains("Demo: 9 of 9 checks passed: PASS");
  }
}
