package org.gbabsf.sba.akma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.sba.openapi.OpenApiContract.NAANF_AKMA;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AfKeyOutcome;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.oauth.TokenCheck;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.gbabsf.sba.problem.Problems;
import org.junit.jupiter.api.Test;

/**
 * Every body Naanf_AKMA sends or takes, and every answer {@link NaanfAnswers} gives, checked
 * against the committed TS29535_Naanf_AKMA.yaml (and TS29522_AKMA.yaml it refers to).
 */
class NaanfContractTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();
  private static final String JSON = "application/json";
  private static final AKid A_KID = new AKid("rid0.67d8dee4@akma.mnc001.mcc001.3gppnetwork.org");
  private static final byte[] KEY =
      Hex.decode("a89042785c95e56bdce5ed364111c15a6aeaef7dcac87d51f5da66e5c6557adf");
  private static final Duration RETRY = Duration.ofSeconds(3);

  private static void assertAnswer(String path, SbiResponse r) {
    CONTRACT.assertValidResponse(
        NAANF_AKMA, "POST", path, r.status(), r.headers().get("content-type"), r.body());
  }

  @Test
  void should_match_the_yaml_when_an_ausf_registers_an_anchor_key() {
    AnchorService.Registration reg =
        new AnchorService.Registration(
            A_KID,
            Optional.of(new Supi("imsi-001010000000001")),
            Optional.of("msisdn-4917000001"),
            KEY);
    byte[] body = NaanfCodec.encodeRegistration(reg);

    CONTRACT.assertValidRequest(NAANF_AKMA, "POST", NaanfService.REGISTER, JSON, body);
    assertAnswer(
        NaanfService.REGISTER,
        NaanfAnswers.toResponse(new NaanfOutcome.Registered(reg, false), RETRY));
    assertThat(NaanfCodec.decodeRegistration(body)).isInstanceOf(NaanfCodec.Decoded.Valid.class);
  }

  @Test
  void should_match_the_yaml_when_an_af_retrieves_its_key() {
    byte[] body =
        NaanfCodec.encodeKeyRequest(new NaanfCodec.KeyRequest("af.example.com", A_KID, true));
    AfKeyOutcome.Key key =
        new AfKeyOutcome.Key(
            KEY,
            Instant.parse("2026-11-29T09:00:00Z"),
            Optional.of(new Supi("imsi-001010000000001")),
            Optional.of("msisdn-4917000001"));

    CONTRACT.assertValidRequest(NAANF_AKMA, "POST", NaanfService.RETRIEVE, JSON, body);
    SbiResponse r = NaanfAnswers.toResponse(new NaanfOutcome.Key(key), RETRY);
    assertAnswer(NaanfService.RETRIEVE, r);
    NaanfCodec.KeyData read = NaanfCodec.decodeKeyData(r.body()).orElseThrow();
    assertThat(read.kAf()).isEqualTo(KEY);
    assertThat(read.expiry()).isEqualTo(Instant.parse("2026-11-29T09:00:00Z"));
    assertThat(read.supi()).contains("imsi-001010000000001");
    assertAnswer(
        NaanfService.RETRIEVE, NaanfAnswers.toResponse(new NaanfOutcome.NoContext(), RETRY));
  }

  @Test
  void should_match_the_yaml_when_an_ausf_removes_a_context() {
    byte[] body = NaanfCodec.encodeRemove(new Supi("imsi-001010000000001"));

    CONTRACT.assertValidRequest(NAANF_AKMA, "POST", NaanfService.REMOVE, JSON, body);
    assertAnswer(NaanfService.REMOVE, NaanfAnswers.toResponse(new NaanfOutcome.Removed(), RETRY));
  }

  @Test
  void should_match_the_yaml_when_a_request_is_refused() {
    for (NaanfOutcome o :
        new NaanfOutcome[] {
          new NaanfOutcome.Invalid(Problems.invalidMessageFormat("not JSON")),
          new NaanfOutcome.TokenRefused(
              new TokenCheck.Rejected(TokenCheck.Reason.EXPIRED, "exp"), "Bearer"),
          new NaanfOutcome.ScopeMissing(NaanfService.KEYGET_SCOPE),
          new NaanfOutcome.Unidentified(),
          new NaanfOutcome.NotAnAusf(),
          new NaanfOutcome.UnknownAf(),
          new NaanfOutcome.FqdnNotAllowed(),
          new NaanfOutcome.AKidOfAnotherSupi(),
          new NaanfOutcome.StoreUnavailable()
        }) {
      SbiResponse r = NaanfAnswers.toResponse(o, RETRY);
      assertAnswer(NaanfService.RETRIEVE, r);
      assertAnswer(NaanfService.REGISTER, r);
      assertThat(r.status()).as(o.tag()).isIn(400, 401, 403, 503);
    }
  }
}
