package org.gbabsf.sba.nrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.sba.openapi.OpenApiContract.NNRF_ACCESS_TOKEN;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.openapi.OpenApiContract;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.junit.jupiter.api.Test;

/** Nnrf_AccessToken: the BSF's token request and what it takes from the NRF's answer. */
class AccessTokenCodecTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();
  private static final String ID = UUID.randomUUID().toString();
  private static final String PATH = "/oauth2/token";
  private static final String JSON = "application/json";
  private static final String TOKEN =
      new SimulatedNrf(Clock.systemUTC()).token(ID, "HSS", "nhss-gba-ueau", Duration.ofHours(1));

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void should_write_a_valid_form_when_requesting_a_token_for_the_hss() {
    byte[] form =
        AccessTokenCodec.form(
            new AccessTokenCodec.TokenRequest(ID, "GBA_BSF", "HSS", "nhss-gba-ueau nhss-gba-sdm"));

    CONTRACT.assertValidRequest(NNRF_ACCESS_TOKEN, "POST", PATH, AccessTokenCodec.FORM, form);
    assertThat(new String(form, StandardCharsets.US_ASCII))
        .isEqualTo(
            "grant_type=client_credentials&nfInstanceId="
                + ID
                + "&nfType=GBA_BSF&targetNfType=HSS&scope=nhss-gba-ueau+nhss-gba-sdm");
  }

  @Test
  void should_report_a_form_when_it_lacks_a_required_member_or_breaks_a_pattern() {
    String base = "grant_type=client_credentials&nfInstanceId=" + ID;

    assertThat(
            CONTRACT.requestErrors(
                NNRF_ACCESS_TOKEN, "POST", PATH, AccessTokenCodec.FORM, bytes(base)))
        .anyMatch(e -> e.contains("scope"));
    assertThat(
            CONTRACT.requestErrors(
                NNRF_ACCESS_TOKEN,
                "POST",
                PATH,
                AccessTokenCodec.FORM,
                bytes(base + "&scope=nhss-gba-ueau++x")))
        .isNotEmpty();
  }

  @Test
  void should_refuse_a_token_request_when_its_values_are_wrong() {
    assertThatThrownBy(() -> new AccessTokenCodec.TokenRequest("x", "GBA_BSF", "HSS", "s"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AccessTokenCodec.TokenRequest(ID, "GBA_BSF", "HSS", "a  b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new AccessTokenCodec.TokenRequest(ID, "gba", "HSS", "a"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_read_the_token_and_its_lifetime_when_the_nrf_issues_one() {
    byte[] answer =
        SbiJson.bytes(
            SbiJson.object()
                .put("access_token", TOKEN)
                .put("token_type", "Bearer")
                .put("expires_in", 3600)
                .put("scope", "nhss-gba-ueau"));
    CONTRACT.assertValidResponse(NNRF_ACCESS_TOKEN, "POST", PATH, 200, JSON, answer);

    AccessTokenCodec.IssuedToken t =
        AccessTokenCodec.answer(answer, Duration.ofMinutes(1)).orElseThrow();

    assertThat(t.token()).isEqualTo(TOKEN);
    assertThat(t.lifetime()).isEqualTo(Duration.ofHours(1));
    assertThat(t.toString()).doesNotContain(TOKEN).doesNotContain(TOKEN.substring(0, 20));
  }

  @Test
  void should_take_the_default_lifetime_when_the_answer_has_no_expires_in() {
    byte[] answer = bytes("{\"access_token\":\"" + TOKEN + "\",\"token_type\":\"bearer\"}");

    assertThat(AccessTokenCodec.answer(answer, Duration.ofMinutes(1)).orElseThrow().lifetime())
        .isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void should_cut_the_lifetime_to_a_day_when_the_nrf_grants_more() {
    byte[] answer =
        bytes(
            "{\"access_token\":\"" + TOKEN + "\",\"token_type\":\"Bearer\",\"expires_in\":999999}");

    assertThat(AccessTokenCodec.answer(answer, Duration.ofMinutes(1)).orElseThrow().lifetime())
        .isEqualTo(Duration.ofDays(1));
  }

  @Test
  void should_refuse_the_answer_when_the_token_or_its_type_cannot_be_used() {
    for (String body :
        List.of(
            "",
            "[]",
            "{\"token_type\":\"Bearer\"}",
            "{\"access_token\":\"abc\"}",
            "{\"access_token\":\"abc\",\"token_type\":\"mac\"}",
            "{\"access_token\":\"a b\",\"token_type\":\"Bearer\"}",
            "{\"access_token\":\"a\\r\\nX-Evil: 1\",\"token_type\":\"Bearer\"}",
            "{\"access_token\":\"\",\"token_type\":\"Bearer\"}",
            "{\"access_token\":7,\"token_type\":\"Bearer\"}",
            "{\"access_token\":\"abc\",\"token_type\":\"Bearer\",\"expires_in\":0}",
            "{\"access_token\":\"abc\",\"token_type\":\"Bearer\",\"expires_in\":\"60\"}",
            "{\"access_token\":\"" + "a".repeat(8 * 1024 + 1) + "\",\"token_type\":\"Bearer\"}")) {
      assertThat(AccessTokenCodec.answer(bytes(body), Duration.ofMinutes(1))).as(body).isEmpty();
    }
  }

  @Test
  void should_read_the_error_code_when_the_nrf_refuses() {
    byte[] answer = bytes("{\"error\":\"invalid_scope\",\"error_description\":\"no\"}");
    CONTRACT.assertValidResponse(NNRF_ACCESS_TOKEN, "POST", PATH, 400, JSON, answer);

    assertThat(AccessTokenCodec.error(answer)).contains("invalid_scope");
    assertThat(AccessTokenCodec.error(bytes("{\"error\":\"<script>\"}"))).isEmpty();
    assertThat(AccessTokenCodec.error(bytes("not json"))).isEmpty();
  }
}
