package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code loadtest ue} against a BSF serving Ub over HTTPS: as a phone, it checks the server. */
class UeCommandTlsIT {

  @TempDir Path dir;
  private TestPki pki;
  private BsfContext bsf;
  private String url;
  private final StringWriter out = new StringWriter();

  @BeforeEach
  void startBsf() throws InterruptedException {
    pki = TestPki.create(dir, "UE Trust CA");
    TestPki.Issued cert = pki.leaf("bsf.home1.net").dns("bsf.home1.net").ip("127.0.0.1").issue();
    Map<String, String> s = new HashMap<>();
    s.put("ub.listen-address", "127.0.0.1");
    s.put("ub.port", "0");
    s.put("hss.type", "simulated");
    s.put("admin.port", "0");
    s.put("zn.enabled", "false");
    s.put("ub.tls.enabled", "true");
    s.put("ub.tls.certificate", cert.certificate().toString());
    s.put("ub.tls.private-key", cert.privateKey().toString());
    bsf = BsfContext.create(ConfigLoader.load(null, Map.of(), s));
    url = "https://127.0.0.1:" + bsf.start().getPort() + "/";
  }

  @AfterEach
  void stopBsf() {
    bsf.close();
  }

  private int run(String... args) {
    CommandLine cli = new CommandLine(new LoadtestMain());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(out, true));
    return cli.execute(args);
  }

  @Test
  void should_bootstrap_over_https_when_the_bsf_certificate_leads_to_the_trusted_ca() {
    int exit =
        run("ue", "--bsf", url, "--trust", pki.caFile().toString(), "--impi", "user6@home1.net");

    assertThat(exit).isZero();
    assertThat(out.toString()).startsWith("OK    user6@home1.net B-TID ");
  }

  @Test
  void should_refuse_to_bootstrap_when_the_bsf_certificate_is_not_trusted() {
    TestPki stranger = TestPki.create(dir.resolve("s"), "Stranger CA");

    int exit =
        run(
            "ue",
            "--bsf",
            url,
            "--trust",
            stranger.caFile().toString(),
            "--impi",
            "user7@home1.net");

    assertThat(exit).isNotZero();
    assertThat(out.toString()).doesNotContain("OK ").doesNotContain("B-TID");
  }
}
