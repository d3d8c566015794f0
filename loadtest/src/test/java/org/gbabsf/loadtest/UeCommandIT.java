package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.util.Map;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code loadtest ue} against a real BSF on loopback. */
class UeCommandIT {

  private BsfContext bsf;
  private String url;
  private final StringWriter out = new StringWriter();

  @BeforeEach
  void startBsf() throws InterruptedException {
    bsf =
        BsfContext.create(
            ConfigLoader.load(
                null,
                Map.of(),
                Map.of(
                    "ub.listen-address",
                    "127.0.0.1",
                    "ub.port",
                    "0",
                    "hss.type",
                    "simulated",
                    "admin.port",
                    "0",
                    "zn.enabled",
                    "false")));
    InetSocketAddress address = bsf.start();
    url = "http://127.0.0.1:" + address.getPort() + "/";
  }

  @AfterEach
  void stopBsf() {
    bsf.close();
  }

  private int run(String... args) {
    CommandLine cli = new CommandLine(new LoadtestMain());
    cli.setOut(new PrintWriter(out, true));
    return cli.execute(args);
  }

  @Test
  void should_report_btid_lifetime_and_ks_fingerprint_when_bootstrapping_twice() {
    int exit = run("ue", "--bsf", url, "--impi", "user3@home1.net", "--count", "2");

    assertThat(exit).isZero();
    assertThat(out.toString().lines())
        .hasSize(2)
        .allMatch(
            l ->
                l.matches(
                    "OK    user3@home1\\.net B-TID [A-Za-z0-9+/]{22}==@bsf\\.home1\\.net lifetime"
                        + " \\S+Z Ks sha256:[0-9a-f]{16} .*"));
  }

  @Test
  void should_resynchronise_when_told_to_start_with_a_stale_sqn() {
    int exit = run("ue", "--bsf", url, "--impi", "user4@home1.net", "--resync", "--show-ks");

    assertThat(exit).isZero();
    assertThat(out.toString()).contains("1 resync").containsPattern("Ks [0-9a-f]{64} ");
  }

  @Test
  void should_fail_with_a_fresh_401_when_sending_a_wrong_response() {
    int exit = run("ue", "--bsf", url, "--impi", "user5@home1.net", "--wrong-response");

    assertThat(exit).isEqualTo(1);
    assertThat(out.toString()).contains("FAIL  user5@home1.net at answer: HTTP 401");
  }
}
