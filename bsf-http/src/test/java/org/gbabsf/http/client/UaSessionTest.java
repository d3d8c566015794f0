package org.gbabsf.http.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.http.codec.DigestHeader;
import org.junit.jupiter.api.Test;

/** The UE's side of Ua: which challenges a session takes, and what it answers with. */
class UaSessionTest {

  private static final String AF = "xcap.home1.net";
  private static final String AKID = "0.0123456789abcdef@akma.mnc001.mcc001.3gppnetwork.org";
  private static final byte[] K_AF = new byte[32];

  private static String challenge(String realm) {
    return "Digest realm=\"" + realm + "\", nonce=\"n1\", algorithm=MD5, qop=\"auth-int,auth\"";
  }

  @Test
  void should_take_only_its_afs_akma_realm_when_the_session_is_akma() {
    assertThat(UaSession.akma(AKID, K_AF, AF).onChallenge(challenge("3GPP-bootstrapping@" + AF)))
        .as("a GBA realm")
        .isFalse();
    assertThat(
            UaSession.akma(AKID, K_AF, AF)
                .onChallenge(challenge("3GPP-bootstrapping-akma@other.home1.net")))
        .as("another AF's FQDN (TS 33.535 Annex B step 4)")
        .isFalse();
    assertThat(
            UaSession.akma(AKID, K_AF, AF).onChallenge(challenge("3GPP-bootstrapping-akma@" + AF)))
        .isTrue();
    assertThat(
            UaSession.withKey("btid@bsf", K_AF)
                .onChallenge(challenge("3GPP-bootstrapping-akma@" + AF)))
        .as("a GBA session does not take an AKMA realm")
        .isFalse();
  }

  @Test
  void should_answer_with_the_a_kid_and_base64_of_k_af_when_the_session_is_akma() {
    UaSession s = UaSession.akma(AKID, K_AF, AF);
    s.onChallenge(challenge("3GPP-bootstrapping-akma@" + AF));

    String authorization = s.authorization("GET", "/doc", new byte[0], "auth");

    DigestHeader.Parsed.Params p = (DigestHeader.Parsed.Params) DigestHeader.parse(authorization);
    assertThat(p.get("username")).isEqualTo(AKID);
    assertThat(p.get("realm")).isEqualTo("3GPP-bootstrapping-akma@" + AF);
    String ha1 =
        DigestAka.ha1(AKID, "3GPP-bootstrapping-akma@" + AF, Base64.getEncoder().encode(K_AF));
    assertThat(p.get("response"))
        .isEqualTo(
            DigestAka.response(
                ha1, "n1", p.get("nc"), p.get("cnonce"), "auth", "GET", "/doc", null));
  }
}
