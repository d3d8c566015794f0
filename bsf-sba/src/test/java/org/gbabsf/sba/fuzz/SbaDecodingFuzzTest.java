package org.gbabsf.sba.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.sba.akma.NaanfCodec;
import org.gbabsf.sba.http.PathSegments;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.n65.N65Codec;
import org.gbabsf.sba.nbsp.NbspCodec;
import org.gbabsf.sba.oauth.AccessTokenVerifier;
import org.gbabsf.sba.oauth.NrfKeys;
import org.gbabsf.sba.oauth.TokenCheck;
import org.gbabsf.sba.problem.Problem;

/**
 * Fuzz targets of what SBA peers send (docs/fuzzing.md): a NAF's BootstrappingInfoRequest and
 * bearer token, an AUSF's, AF's or NEF's Naanf_AKMA body (and an AAnF's answer, as an AF reads it),
 * a request path, an HSS's N65 answers, a BSF's answer as a NAF reads it. The property: every input
 * becomes a value (what it says, or the refusal), never an exception.
 */
class SbaDecodingFuzzTest {

  private static final AccessTokenVerifier TOKENS = verifier();

  private static AccessTokenVerifier verifier() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec("secp256r1"));
      KeyPair keys = g.generateKeyPair();
      return AccessTokenVerifier.forNbspGba(
          NrfKeys.of(Map.of("nrf", keys.getPublic()), Optional.of(keys.getPublic())),
          "3fa85f64-5717-4562-b3fc-2c963f66afa6",
          Clock.systemUTC(),
          Duration.ofSeconds(30));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  @FuzzTest
  void should_decode_into_a_value_when_any_nbsp_request_arrives(byte[] data) {
    NbspCodec.Decoded d = NbspCodec.decodeRequest(data);
    assertThat(d).isNotNull();
    if (d instanceof NbspCodec.Decoded.Invalid invalid) {
      Problem p = invalid.problem();
      assertThat(p.status()).isEqualTo(400);
      assertThat(p.invalidParams()).hasSizeLessThanOrEqualTo(5 + 16);
    }
  }

  @FuzzTest
  void should_decode_into_a_value_when_any_naanf_request_arrives(byte[] data) {
    for (NaanfCodec.Decoded<?> d :
        List.of(
            NaanfCodec.decodeRegistration(data),
            NaanfCodec.decodeKeyRequest(data),
            NaanfCodec.decodeRemove(data))) {
      assertThat(d).isNotNull();
      if (d instanceof NaanfCodec.Decoded.Invalid<?> invalid) {
        assertThat(invalid.problem().status()).isEqualTo(400);
        assertThat(invalid.problem().invalidParams()).hasSizeLessThanOrEqualTo(4);
      }
    }
    assertThat(NaanfCodec.decodeKeyData(data)).isNotNull();
  }

  @FuzzTest
  void should_check_into_a_value_when_any_authorization_arrives(byte[] data) {
    TokenCheck c = TOKENS.verify(new String(data, StandardCharsets.ISO_8859_1));
    assertThat(c).isNotNull();
  }

  @FuzzTest
  void should_split_into_a_value_when_any_path_arrives(byte[] data) {
    assertThat(PathSegments.decode(new String(data, StandardCharsets.ISO_8859_1))).isNotNull();
  }

  @FuzzTest
  void should_read_into_a_value_when_any_n65_answer_arrives(byte[] data) {
    SbiResult.Answered a =
        new SbiResult.Answered(200, Map.of(), data, URI.create("http://hss.example.org/"));
    assertThat(N65Codec.vectorPart(a, "user@home1.net")).isNotNull();
    assertThat(N65Codec.gussPart(a)).isNotNull();
    assertThat(NbspCodec.decodeResponse(data)).isNotNull();
  }
}
