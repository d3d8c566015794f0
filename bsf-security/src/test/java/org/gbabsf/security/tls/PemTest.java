package org.gbabsf.security.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import org.gbabsf.security.testing.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemTest {

  @TempDir static Path dir;
  static TestPki pki;

  @BeforeAll
  static void pki() {
    pki = TestPki.create(dir, "Pem Test CA");
  }

  private static PrivateKey key(TestPki.Issued issued) throws Exception {
    return Pem.privateKey(Files.readString(issued.privateKey()));
  }

  @Test
  void should_read_ec_and_rsa_keys_when_written_as_pkcs8() throws Exception {
    TestPki.Issued ec = pki.leaf("ec8").issue();
    TestPki.Issued rsa = pki.leaf("rsa8").rsa().issue();

    assertThat(Files.readString(ec.privateKey())).startsWith("-----BEGIN PRIVATE KEY-----");
    assertThat(((java.security.interfaces.ECPrivateKey) key(ec)).getS())
        .isEqualTo(((java.security.interfaces.ECPrivateKey) ec.key()).getS());
    assertThat(key(rsa)).isEqualTo(rsa.key());
  }

  @Test
  void should_read_pkcs1_rsa_and_sec1_ec_keys_when_written_as_cert_manager_does() throws Exception {
    TestPki.Issued ec = pki.leaf("ec1").traditionalKey().issue();
    TestPki.Issued rsa = pki.leaf("rsa1").rsa().traditionalKey().issue();

    assertThat(Files.readString(ec.privateKey())).startsWith("-----BEGIN EC PRIVATE KEY-----");
    assertThat(Files.readString(rsa.privateKey())).startsWith("-----BEGIN RSA PRIVATE KEY-----");
    assertThat(((java.security.interfaces.ECPrivateKey) key(ec)).getS())
        .isEqualTo(((java.security.interfaces.ECPrivateKey) ec.key()).getS());
    assertThat(key(rsa).getEncoded()).isEqualTo(rsa.key().getEncoded());
  }

  @Test
  void should_read_a_chain_in_order_when_several_certificates_follow_each_other() throws Exception {
    TestPki.Issued leaf = pki.leaf("chain").issue();
    String chain = Files.readString(leaf.certificate()) + Files.readString(pki.caFile());

    assertThat(Pem.certificates(chain)).containsExactly(leaf.cert(), pki.caCertificate());
  }

  @Test
  void should_refuse_with_a_reason_when_the_pem_holds_no_usable_key() throws Exception {
    String cert = Files.readString(pki.leaf("nokey").issue().certificate());
    String key = Files.readString(pki.leaf("k").issue().privateKey());

    assertThatThrownBy(() -> Pem.privateKey(cert))
        .hasMessage("no -----BEGIN ... PRIVATE KEY----- block");
    assertThatThrownBy(() -> Pem.privateKey(key + key)).hasMessage("more than one private key");
    assertThatThrownBy(
            () ->
                Pem.privateKey(
                    "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE"
                        + " KEY-----\n"))
        .hasMessageStartingWith("the private key is encrypted");
    assertThatThrownBy(
            () ->
                Pem.privateKey(
                    "-----BEGIN EC PRIVATE KEY-----\nMAMCAQE=\n-----END EC PRIVATE KEY-----\n"))
        .hasMessage("the EC private key is malformed");
    assertThatThrownBy(() -> Pem.certificates(key))
        .hasMessage("no -----BEGIN CERTIFICATE----- block");
  }
}
