package org.gbabsf.sba.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.sba.oauth.TestTokens.pem;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.security.testing.TestPki;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NrfKeysTest {

  static final KeyPair EC = TestTokens.ec("secp256r1");
  static final KeyPair EC2 = TestTokens.ec("secp256r1");
  static final KeyPair RSA = TestTokens.rsa(2048);

  @TempDir static Path pkiDir;
  static TestPki pki;

  @TempDir Path dir;

  @BeforeAll
  static void pki() {
    pki = TestPki.create(pkiDir, "NRF Test CA");
  }

  @Test
  void should_load_one_key_as_its_file_name_and_the_default_when_given_a_pem_file()
      throws Exception {
    Path file = Files.writeString(dir.resolve("nrf-2026.pem"), pem(EC.getPublic()));

    NrfKeys keys = NrfKeys.load(file);

    assertThat(keys.kids()).containsExactly("nrf-2026");
    assertThat(keys.find(Optional.of("nrf-2026"))).contains(EC.getPublic());
    assertThat(keys.find(Optional.empty())).contains(EC.getPublic());
    assertThat(keys.find(Optional.of("other"))).isEmpty();
  }

  @Test
  void should_take_the_public_key_of_the_first_certificate_when_the_file_holds_a_chain()
      throws Exception {
    TestPki.Issued ec = pki.leaf("nrf.example.org").issue();
    TestPki.Issued rsa = pki.leaf("nrf-rsa.example.org").rsa().issue();
    String chain = Files.readString(ec.certificate()) + Files.readString(pki.caFile());

    assertThat(NrfKeys.publicKey(chain)).isEqualTo(ec.cert().getPublicKey());
    assertThat(NrfKeys.load(rsa.certificate()).find(Optional.empty()))
        .contains(rsa.cert().getPublicKey());
  }

  @Test
  void should_key_every_pem_file_by_name_when_given_a_directory() throws Exception {
    Files.writeString(dir.resolve("ec.pem"), pem(EC.getPublic()));
    Files.writeString(dir.resolve("rsa.pem"), "comment line\n" + pem(RSA.getPublic()));
    Files.writeString(dir.resolve("notes.txt"), "not a key");
    Files.writeString(dir.resolve(".hidden.pem"), "not a key either");
    Files.createDirectories(dir.resolve("..data.pem"));

    NrfKeys keys = NrfKeys.load(dir);

    assertThat(keys.kids()).containsExactlyInAnyOrder("ec", "rsa");
    assertThat(keys.find(Optional.of("rsa"))).contains(RSA.getPublic());
    assertThat(keys.hasDefault()).isFalse();
    assertThat(keys.find(Optional.empty())).isEmpty();
    assertThat(keys.toString()).isEqualTo("NrfKeys[ec, rsa]");
  }

  @Test
  void should_make_default_pem_the_default_key_when_a_directory_has_it() throws Exception {
    Files.writeString(dir.resolve("ec.pem"), pem(EC.getPublic()));
    Files.writeString(dir.resolve(NrfKeys.DEFAULT_FILE), pem(EC2.getPublic()));

    NrfKeys keys = NrfKeys.load(dir);

    assertThat(keys.find(Optional.empty())).contains(EC2.getPublic());
    assertThat(keys.find(Optional.of("ec"))).contains(EC.getPublic());
  }

  @Test
  void should_refuse_keys_too_weak_or_of_another_curve_when_loading() throws Exception {
    Path small = Files.writeString(dir.resolve("small.pem"), pem(TestTokens.rsa(1024).getPublic()));
    Path p384 =
        Files.writeString(dir.resolve("p384.pem"), pem(TestTokens.ec("secp384r1").getPublic()));

    assertThatThrownBy(() -> NrfKeys.load(small))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"small\"")
        .hasMessageContaining("2048");
    assertThatThrownBy(() -> NrfKeys.load(p384))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("P-256");
  }

  @Test
  void should_refuse_without_quoting_the_key_when_a_file_holds_a_private_key() throws Exception {
    String privatePem = TestTokens.pemPrivate(EC.getPrivate()) + pem(EC.getPublic());
    Path file = Files.writeString(dir.resolve("nrf.pem"), privatePem);
    String encoded = Base64.getEncoder().encodeToString(EC.getPrivate().getEncoded());

    assertThatThrownBy(() -> NrfKeys.load(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nrf.pem")
        .hasMessageContaining("private key")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(encoded.substring(10, 40)));
  }

  @Test
  void should_refuse_with_a_reason_when_a_file_holds_no_single_usable_public_key()
      throws Exception {
    assertThatThrownBy(() -> NrfKeys.publicKey("nothing here"))
        .hasMessageContaining("no PUBLIC KEY or CERTIFICATE");
    assertThatThrownBy(() -> NrfKeys.publicKey(pem(EC.getPublic()) + pem(EC2.getPublic())))
        .hasMessageContaining("more than one");
    assertThatThrownBy(
            () ->
                NrfKeys.publicKey(
                    "-----BEGIN RSA PUBLIC KEY-----\nAAAA\n-----END RSA PUBLIC KEY-----\n"))
        .hasMessageContaining("-RSAPublicKey_in");
    assertThatThrownBy(
            () -> NrfKeys.publicKey("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"))
        .hasMessageContaining("neither RSA nor EC");
    assertThatThrownBy(() -> NrfKeys.load(dir)).hasMessageContaining("no *.pem");
  }

  @Test
  void should_refuse_when_given_no_key_at_all() {
    assertThatThrownBy(() -> NrfKeys.of(Map.of(), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
