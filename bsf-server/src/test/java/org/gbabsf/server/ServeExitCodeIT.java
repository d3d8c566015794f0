package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bsf serve} ends with one line on stderr and a distinct exit code for each problem an
 * operator must mend (docs/operations.md, "Exit codes"), never with a stack trace alone.
 */
class ServeExitCodeIT {

  private final ServeCommand bsf = new ServeCommand();

  private int serve(String... options) throws Exception {
    return bsf.run(List.of(options));
  }

  private String stderr() {
    return bsf.stderr();
  }

  private static final String[] SMALL_BSF = {
    "hss.type=simulated",
    "zn.enabled=false",
    "store.memory.max-sessions=1000",
    "store.memory.max-challenges=1000",
    "ub.listen-address=127.0.0.1",
    "admin.listen-address=127.0.0.1"
  };

  private static String[] with(String... more) {
    List<String> all = new ArrayList<>(List.of(SMALL_BSF));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  private static ServerSocket taken() throws IOException {
    return new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
  }

  @Test
  void should_exit_4_naming_the_port_when_the_ub_port_is_taken() throws Exception {
    try (ServerSocket busy = taken()) {
      int exit = serve(with("ub.port=" + busy.getLocalPort(), "admin.port=0"));

      assertThat(exit).isEqualTo(ExitCode.PORT_IN_USE.code()).isEqualTo(4);
      assertThat(stderr())
          .contains("bsf: cannot serve: Ub cannot listen on 127.0.0.1:" + busy.getLocalPort())
          .contains("(exit 4: a port is already in use)")
          .doesNotContain("\tat ");
    }
  }

  @Test
  void should_exit_4_when_the_admin_port_is_taken() throws Exception {
    try (ServerSocket busy = taken()) {
      int exit = serve(with("ub.port=0", "admin.port=" + busy.getLocalPort()));

      assertThat(exit).isEqualTo(4);
      assertThat(stderr()).contains("Admin cannot listen on 127.0.0.1:" + busy.getLocalPort());
    }
  }

  @Test
  void should_exit_4_when_the_diameter_port_is_taken() throws Exception {
    try (ServerSocket busy = taken();
        ServerSocket hss = taken()) {
      int exit =
          serve(
              with(
                  "ub.port=0",
                  "admin.port=0",
                  "hss.type=zh",
                  "zh.peers=hss1.home1.net=127.0.0.1:" + hss.getLocalPort(),
                  "diameter.listen-address=127.0.0.1",
                  "diameter.listen-port=" + busy.getLocalPort()));

      assertThat(exit).isEqualTo(4);
      assertThat(stderr()).contains("Diameter cannot listen on 127.0.0.1:" + busy.getLocalPort());
    }
  }

  @Test
  void should_exit_3_when_the_config_file_cannot_be_read(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("bsf.yaml");

    int exit = serve("--config=" + missing);

    assertThat(exit).isEqualTo(ExitCode.FILE_UNREADABLE.code()).isEqualTo(3);
    assertThat(stderr()).contains("config file " + missing + ": does not exist");
  }

  @Test
  void should_exit_3_when_a_file_named_by_a_key_cannot_be_read(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("subscribers.csv");
    Files.writeString(csv, "impi,k,opc\n");
    assertThat(csv.toFile().setReadable(false)).isTrue();
    // Root reads any file whatever its mode: then the file is missing instead.
    if (Files.isReadable(csv)) {
      Files.delete(csv);
    }

    int exit = serve(with("ub.port=0", "admin.port=0", "hss.simulated.subscribers-csv=" + csv));

    assertThat(exit).isEqualTo(3);
    assertThat(stderr()).contains("hss.simulated.subscribers-csv").contains("cannot be read");
  }

  @Test
  void should_exit_2_when_a_value_is_invalid() throws Exception {
    int exit = serve(with("ub.port=http"));

    assertThat(exit).isEqualTo(ExitCode.CONFIG.code()).isEqualTo(2);
  }

  @Test
  void should_exit_3_naming_the_file_when_a_certificate_cannot_be_read(@TempDir Path dir)
      throws Exception {
    Path missing = dir.resolve("absent.pem");

    int exit =
        serve(
            with(
                "ub.port=0",
                "admin.port=0",
                "ub.tls.enabled=true",
                "ub.tls.certificate=" + missing,
                "ub.tls.private-key=" + missing));

    assertThat(exit).isEqualTo(ExitCode.FILE_UNREADABLE.code()).isEqualTo(3);
    assertThat(stderr()).contains("ub.tls.certificate").contains(missing.toString());
    assertThat(stderr()).doesNotContain("\tat ");
  }

  @Test
  void should_exit_7_with_one_line_when_a_key_does_not_match_its_certificate(@TempDir Path dir)
      throws Exception {
    var pki = org.gbabsf.security.testing.TestPki.create(dir, "Exit CA");
    var a = pki.leaf("a.home1.net").issue();
    var b = pki.leaf("b.home1.net").issue();

    int exit =
        serve(
            with(
                "ub.port=0",
                "admin.port=0",
                "ub.tls.enabled=true",
                "ub.tls.certificate=" + a.certificate(),
                "ub.tls.private-key=" + b.privateKey()));

    assertThat(exit).isEqualTo(ExitCode.SECURITY_MATERIAL.code()).isEqualTo(7);
    assertThat(stderr())
        .contains(
            "bsf: cannot serve: "
                + b.privateKey()
                + ": the private key does not match the certificate's public key (exit 7:")
        .doesNotContain("\tat ");
  }

  @Test
  void should_exit_7_naming_the_line_when_the_key_ring_is_malformed(@TempDir Path dir)
      throws Exception {
    Path ring = dir.resolve("keyring");
    Files.writeString(ring, "1=c2hvcnQ=\n");

    int exit = serve(with("ub.port=0", "admin.port=0", "store.seal.key-ring-file=" + ring));

    assertThat(exit).isEqualTo(7);
    assertThat(stderr())
        .contains(ring + ": not a valid key ring: key 1 is 5 octets")
        .doesNotContain("c2hvcnQ");
  }
}
