package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UaDigestTest {

  private static final byte[] KEY = new byte[32];
  private static final String BTID = "cmFuZG9tcmFuZG9tcmFuZA==@bsf.home1.net";
  private static final String REALM = "3GPP-bootstrapping@xcap.home1.net";
  private static final String URI = "/xcap-root/doc.xml";

  static {
    for (int i = 0; i < 32; i++) {
      KEY[i] = (byte) i;
    }
  }

  private static UaDigest.Credentials credentials(String qop, String response) {
    return (UaDigest.Credentials)
        UaDigest.parse(
            "Digest username=\""
                + BTID
                + "\", realm=\""
                + REALM
                + "\", nonce=\"bm9uY2U\", uri=\""
                + URI
                + "\", qop="
                + qop
                + ", nc=00000001, cnonce=\"0a4f113b\", response=\""
                + response
                + "\", algorithm=MD5");
  }

  /**
   * Vectors computed by a second implementation (Python's hashlib) with password =
   * base64(Ks_ext_NAF) (TS 24.109 §5.2.2) over RFC 7616 §3.4.1 (auth, auth-int) and §3.5 (rspauth).
   */
  @Test
  void should_verify_the_responses_of_an_independent_implementation_when_given_its_inputs() {
    assertThat(
            UaDigest.verifies(
                credentials("auth", "9403e4863cb22f1ba8774a7adc76f974"), KEY, "GET", null))
        .isTrue();
    assertThat(
            UaDigest.verifies(
                credentials("auth-int", "4771bc75ac5d71e3aeda4193ec724b0a"),
                KEY,
                "PUT",
                UaDigest.bodyMd5("<simservs/>".getBytes(StandardCharsets.UTF_8))))
        .isTrue();
    assertThat(
            UaDigest.authenticationInfo(
                credentials("auth", "9403e4863cb22f1ba8774a7adc76f974"), KEY, null, "next"))
        .isEqualTo(
            "nextnonce=\"next\", qop=auth, rspauth=\"d18a140a4d0e249199ca0629b10b26b2\","
                + " cnonce=\"0a4f113b\", nc=00000001");
  }

  @Test
  void should_not_verify_when_key_method_or_body_differ() {
    UaDigest.Credentials auth = credentials("auth", "9403e4863cb22f1ba8774a7adc76f974");
    UaDigest.Credentials authInt = credentials("auth-int", "4771bc75ac5d71e3aeda4193ec724b0a");

    assertThat(UaDigest.verifies(auth, new byte[32], "GET", null)).isFalse();
    assertThat(UaDigest.verifies(auth, KEY, "PUT", null)).isFalse();
    assertThat(UaDigest.verifies(authInt, KEY, "PUT", UaDigest.bodyMd5(new byte[] {1}))).isFalse();
  }

  @Test
  void should_offer_the_gba_realm_both_qops_and_md5_when_challenging() {
    assertThat(UaDigest.challenge("xcap.home1.net", "n1", "o1", false))
        .isEqualTo(
            "Digest realm=\"3GPP-bootstrapping@xcap.home1.net\", nonce=\"n1\", opaque=\"o1\","
                + " algorithm=MD5, qop=\"auth-int,auth\"");
    assertThat(UaDigest.challenge("xcap.home1.net", "n1", "o1", true)).endsWith(", stale=true");
  }

  @Test
  void should_offer_the_akma_realm_of_the_host_when_challenging_for_akma() {
    assertThat(UaDigest.challenge("xcap.home1.net", "n1", "o1", false, Keying.AKMA))
        .isEqualTo(
            "Digest realm=\"3GPP-bootstrapping-akma@xcap.home1.net\", nonce=\"n1\","
                + " opaque=\"o1\", algorithm=MD5, qop=\"auth-int,auth\"");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "3gpp-akma|true",
        "xcap-client/2.1 3gpp-akma|true",
        "xcap-client/2.1 (Android 14) 3GPP-AKMA/1.0 3gpp-gba|true",
        "xcap-client/2.1\t3gpp-akma|true",
        "xcap-client/2.1 (3gpp-akma)|false",
        "xcap-client/2.1 (a (nested 3gpp-akma) comment) 3gpp-gba|false",
        "3gpp-akma-like/1|false",
        "x3gpp-akma|false",
        "''|false",
      })
  void should_find_the_akma_product_only_outside_comments_when_reading_user_agent(
      String userAgent, boolean found) {
    assertThat(UaDigest.hasProduct(userAgent.replace("\\t", "\t"), "3gpp-akma")).isEqualTo(found);
  }

  @Test
  void should_find_no_product_when_there_is_no_user_agent() {
    assertThat(UaDigest.hasProduct(null, "3gpp-gba")).isFalse();
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "Digest realm=\"r\", nonce=\"n\", uri=\"/\", response=\"00000000000000000000000000000000\""
            + "|Digest credentials without username",
        "Digest username=\"u\", realm=\"r\", nonce=\"n\", uri=\"/\", response=\"00000000000000000000000000000000\""
            + "|qop must be auth or auth-int",
        "Digest username=\"u\", realm=\"r\", nonce=\"n\", uri=\"/\", qop=auth, nc=1, cnonce=\"c\","
            + " response=\"00000000000000000000000000000000\"|nc must be eight hex digits",
        "Digest username=\"u\", realm=\"r\", nonce=\"n\", uri=\"/\", qop=auth, nc=00000001,"
            + " response=\"00000000000000000000000000000000\"|cnonce required with qop",
        "Digest username=\"u\", realm=\"r\", nonce=\"n\", uri=\"/\", qop=auth, nc=00000001,"
            + " cnonce=\"c\", algorithm=SHA-256, response=\"00000000000000000000000000000000\""
            + "|algorithm must be MD5",
        "Digest username=\"u\", realm=\"r\", nonce=\"n\", uri=\"/\", qop=auth, nc=00000001,"
            + " cnonce=\"c\", response=\"xyz\"|response must be 32 hex digits",
        "Digest username=\"u|malformed Digest credentials",
      })
  void should_refuse_credentials_with_a_reason_when_they_are_incomplete(
      String header, String reason) {
    assertThat(UaDigest.parse(header)).isEqualTo(new UaDigest.Malformed(reason));
  }

  @Test
  void should_ask_for_digest_when_another_scheme_is_sent() {
    assertThat(UaDigest.parse("Basic dXNlcjpwYXNz")).isInstanceOf(UaDigest.OtherScheme.class);
  }

  @Test
  void should_not_print_the_btid_when_credentials_are_logged() {
    assertThat(credentials("auth", "9403e4863cb22f1ba8774a7adc76f974").toString())
        .doesNotContain("cmFuZG9t");
  }
}
