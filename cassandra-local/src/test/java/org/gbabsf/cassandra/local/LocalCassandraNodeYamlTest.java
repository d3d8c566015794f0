package org.gbabsf.cassandra.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LocalCassandraNodeYamlTest {

  private static final Path DIR = Path.of("/tmp/bsf-yaml-test/127.0.0.7");

  private static LocalCassandraNode.Spec spec() {
    return new LocalCassandraNode.Spec("127.0.0.7", "datacenter1", "rack1", "127.0.0.7", 512, DIR);
  }

  @Test
  void should_render_no_client_encryption_when_the_node_has_no_client_tls() {
    String yaml = new LocalCassandraNode(spec()).yaml();

    assertThat(yaml)
        .contains("rpc_address: 127.0.0.7")
        .contains("authenticator: AllowAllAuthenticator")
        .doesNotContain("client_encryption_options");
    assertThat(spec().clientTls()).isEmpty();
  }

  @Test
  void should_render_tls_only_client_encryption_with_client_auth_when_mutual_tls_is_asked() {
    ClientTls tls =
        ClientTls.mutual(
            Path.of("/pki/node.p12"), "node-secret", Path.of("/pki/trust.p12"), "trust-secret");

    String yaml = new LocalCassandraNode(spec().withPasswordAuth().withClientTls(tls)).yaml();

    assertThat(yaml)
        .contains("authenticator: PasswordAuthenticator")
        .contains(
            "client_encryption_options:\n"
                + "  enabled: true\n"
                + "  optional: false\n"
                + "  keystore: '/pki/node.p12'\n"
                + "  keystore_password: 'node-secret'\n"
                + "  store_type: PKCS12\n"
                + "  require_client_auth: true\n"
                + "  truststore: '/pki/trust.p12'\n"
                + "  truststore_password: 'trust-secret'\n"
                + "  protocol: TLS\n"
                + "  accepted_protocols: [TLSv1.3, TLSv1.2]\n")
        .endsWith("accepted_protocols: [TLSv1.3, TLSv1.2]\n");
  }

  @Test
  void should_render_no_truststore_and_no_client_auth_when_only_the_node_presents_a_certificate() {
    String yaml =
        new LocalCassandraNode(
                spec().withClientTls(ClientTls.serverOnly(Path.of("/pki/node.p12"), "it's")))
            .yaml();

    assertThat(yaml)
        .contains("  require_client_auth: false\n")
        .contains("  keystore_password: 'it''s'\n")
        .doesNotContain("truststore");
  }

  @Test
  void should_keep_client_tls_when_password_auth_is_added_after_it() {
    ClientTls tls = ClientTls.serverOnly(Path.of("/pki/node.p12"), "x");

    LocalCassandraNode.Spec both = spec().withClientTls(tls).withPasswordAuth();

    assertThat(both.passwordAuth()).isTrue();
    assertThat(both.clientTls()).contains(tls);
  }

  @Test
  void should_refuse_client_auth_when_there_is_no_truststore() {
    assertThatThrownBy(
            () -> new ClientTls(Path.of("/pki/node.p12"), "x", Optional.empty(), "", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trust store");
  }

  @Test
  void should_leave_passwords_out_when_printed() {
    ClientTls tls =
        ClientTls.mutual(
            Path.of("/pki/node.p12"), "node-secret", Path.of("/pki/trust.p12"), "trust-secret");

    assertThat(tls.toString())
        .contains("/pki/node.p12")
        .contains("client certificates required")
        .doesNotContain("secret");
  }
}
