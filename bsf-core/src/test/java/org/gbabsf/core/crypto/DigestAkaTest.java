package org.gbabsf.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

class DigestAkaTest {

  private static final String NONCE = "dcd98b7102dd2f0e8b11d0f600bfb0c093";
  private static final String NC = "00000001";
  private static final String CNONCE = "0a4f113b";

  private static final String MUFASA_HA1 =
      DigestAka.ha1(
          "Mufasa", "testrealm@host.com", "Circle Of Life".getBytes(StandardCharsets.UTF_8));

  private static final String BOB_HA1 =
      DigestAka.ha1("bob", "biloxi.com", "zanzibar".getBytes(StandardCharsets.UTF_8));

  private static String md5HexByHand(byte[] data) throws Exception {
    return Hex.encode(MessageDigest.getInstance("MD5").digest(data));
  }

  private static String md5HexByHand(String s) throws Exception {
    return md5HexByHand(s.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void should_match_rfc_2617_example_when_qop_is_auth() {
    assertThat(
            DigestAka.response(
                MUFASA_HA1, NONCE, NC, CNONCE, "auth", "GET", "/dir/index.html", null))
        .isEqualTo("6629fae49393a05397450978507c4ef1");
  }

  @Test
  void should_compute_ha1_when_password_is_text() {
    assertThat(BOB_HA1).isEqualTo("12af60467a33e8518da5c68bbff12b11");
  }

  @Test
  void should_match_known_sip_digest_when_qop_is_auth() {
    assertThat(
            DigestAka.response(
                BOB_HA1, NONCE, NC, CNONCE, "auth", "INVITE", "sip:bob@biloxi.com", null))
        .isEqualTo("89eb0059246c02b2f6ee02c7961d5ea3");
  }

  @Test
  void should_include_body_hash_in_a2_when_qop_is_auth_int() {
    assertThat(
            DigestAka.response(
                BOB_HA1,
                NONCE,
                NC,
                CNONCE,
                "auth-int",
                "INVITE",
                "sip:bob@biloxi.com",
                "c1ed018b8ec4a3b170c0921f5b564e48"))
        .isEqualTo("bdbeebb2da6adb6bca02599c2239e192");
  }

  @Test
  void should_use_rfc_2069_form_when_qop_is_absent() throws Exception {
    String ha2 = md5HexByHand("GET:/dir/index.html");
    String expected = md5HexByHand(MUFASA_HA1 + ":" + NONCE + ":" + ha2);

    assertThat(
            DigestAka.response(MUFASA_HA1, NONCE, NC, CNONCE, null, "GET", "/dir/index.html", null))
        .isEqualTo(expected);
    assertThat(
            DigestAka.response(MUFASA_HA1, NONCE, null, null, "", "GET", "/dir/index.html", null))
        .isEqualTo(expected);
  }

  @Test
  void should_use_raw_res_octets_as_password_when_computing_aka_digest() throws Exception {
    byte[] res = Hex.decode("a54211d5e3ba50bf");
    String username = "user1_private@home1.net";
    String realm = "bsf.home1.net";
    String uri = "/";
    byte[] prefix = (username + ":" + realm + ":").getBytes(StandardCharsets.UTF_8);
    byte[] a1 = new byte[prefix.length + res.length];
    System.arraycopy(prefix, 0, a1, 0, prefix.length);
    System.arraycopy(res, 0, a1, prefix.length, res.length);
    String ha1ByHand = md5HexByHand(a1);
    String expected =
        md5HexByHand(
            ha1ByHand
                + ":"
                + NONCE
                + ":"
                + NC
                + ":"
                + CNONCE
                + ":auth:"
                + md5HexByHand("GET:" + uri));

    String rawHa1 = DigestAka.ha1(username, realm, res);
    String hexHa1 =
        DigestAka.ha1(username, realm, Hex.encode(res).getBytes(StandardCharsets.US_ASCII));
    String raw = DigestAka.response(rawHa1, NONCE, NC, CNONCE, "auth", "GET", uri, null);
    String hex = DigestAka.response(hexHa1, NONCE, NC, CNONCE, "auth", "GET", uri, null);

    assertThat(rawHa1).isEqualTo(ha1ByHand);
    assertThat(raw).isEqualTo(expected).isNotEqualTo(hex);
  }

  @Test
  void should_leave_method_empty_in_a2_when_computing_rspauth() throws Exception {
    String expected =
        md5HexByHand(
            MUFASA_HA1
                + ":"
                + NONCE
                + ":"
                + NC
                + ":"
                + CNONCE
                + ":auth:"
                + md5HexByHand(":/dir/index.html"));

    assertThat(DigestAka.rspauth(MUFASA_HA1, NONCE, NC, CNONCE, "auth", "/dir/index.html", null))
        .isEqualTo(expected);
  }

  @Test
  void should_hash_empty_input_when_body_is_empty() {
    assertThat(DigestAka.EMPTY_BODY_MD5).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
    assertThat(DigestAka.md5Hex("abc".getBytes(StandardCharsets.US_ASCII)))
        .isEqualTo("900150983cd24fb0d6963f7d28e17f72");
  }

  @Test
  void should_reject_when_qop_is_unknown_or_auth_int_lacks_body_hash() {
    assertThatThrownBy(
            () -> DigestAka.response(MUFASA_HA1, NONCE, NC, CNONCE, "bogus", "GET", "/", null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> DigestAka.response(MUFASA_HA1, NONCE, NC, CNONCE, "auth-int", "GET", "/", null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_match_when_presented_digest_is_equal_in_any_case() {
    String expected = "6629fae49393a05397450978507c4ef1";

    assertThat(DigestAka.matches(expected, "6629fae49393a05397450978507c4ef1")).isTrue();
    assertThat(DigestAka.matches(expected, "6629FAE49393A05397450978507C4EF1")).isTrue();
  }

  @Test
  void should_not_match_when_presented_digest_differs_or_is_null() {
    String expected = "6629fae49393a05397450978507c4ef1";

    assertThat(DigestAka.matches(expected, "6629fae49393a05397450978507c4ef2")).isFalse();
    assertThat(DigestAka.matches(expected, "6629fae49393a05397450978507c4ef")).isFalse();
    assertThat(DigestAka.matches(expected, "6629fae49393a05397450978507c4ef11")).isFalse();
    assertThat(DigestAka.matches(expected, null)).isFalse();
    assertThat(DigestAka.matches(null, expected)).isFalse();
  }
}
