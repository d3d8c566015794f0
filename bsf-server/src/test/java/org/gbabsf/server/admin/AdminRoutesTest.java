package org.gbabsf.server.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdminRoutesTest {

  private final AtomicBoolean hss = new AtomicBoolean(true);
  private final AtomicBoolean cassandra = new AtomicBoolean(true);
  private final AdminRoutes routes =
      new AdminRoutes(
          () -> "bsf_ub_responses_total 1.0\n",
          new Readiness().check("hss", hss::get).check("cassandra", cassandra::get));

  private static String text(AdminRoutes.Answer a) {
    return new String(a.body(), StandardCharsets.UTF_8);
  }

  @Test
  void should_answer_ready_with_every_dependency_when_all_are_up() {
    AdminRoutes.Answer a = routes.answer("GET", "/ready");

    assertThat(a.status()).isEqualTo(200);
    assertThat(text(a)).isEqualTo("READY\nhss: up\ncassandra: up\n");
  }

  @Test
  void should_answer_503_and_name_the_dependency_when_one_is_down() {
    cassandra.set(false);

    AdminRoutes.Answer a = routes.answer("GET", "/ready");

    assertThat(a.status()).isEqualTo(503);
    assertThat(text(a)).contains("NOT READY").contains("cassandra: down").contains("hss: up");
  }

  @Test
  void should_say_why_a_dependency_is_down_when_its_check_tells() {
    Readiness readiness =
        new Readiness()
            .check("cassandra", () -> false, () -> java.util.Optional.of("connecting to [/x:9042]"))
            .check("ub", () -> true, () -> java.util.Optional.of("not listening"));

    AdminRoutes.Answer a = new AdminRoutes(() -> "", readiness).answer("GET", "/ready");

    assertThat(a.status()).isEqualTo(503);
    assertThat(text(a)).isEqualTo("NOT READY\ncassandra: down (connecting to [/x:9042])\nub: up\n");
  }

  @Test
  void should_show_notes_without_counting_them_when_a_dependency_does_not_decide_readiness() {
    Readiness readiness =
        new Readiness()
            .check("hss", () -> true)
            .note("nrf", () -> "not registered (retrying in the background)");

    AdminRoutes.Answer a = new AdminRoutes(() -> "", readiness).answer("GET", "/ready");

    assertThat(a.status()).isEqualTo(200);
    assertThat(text(a))
        .isEqualTo("READY\nhss: up\n# nrf: not registered (retrying in the background)\n");
  }

  @Test
  void should_stay_healthy_when_not_ready() {
    hss.set(false);

    assertThat(routes.answer("GET", "/health").status()).isEqualTo(200);
  }

  @Test
  void should_serve_prometheus_text_when_metrics_are_scraped() {
    AdminRoutes.Answer a = routes.answer("GET", "/metrics?name=x");

    assertThat(a.status()).isEqualTo(200);
    assertThat(a.contentType()).startsWith("text/plain; version=0.0.4");
    assertThat(text(a)).contains("bsf_ub_responses_total 1.0");
  }

  @ParameterizedTest
  @CsvSource({"GET,/nope,404", "POST,/ready,405", "DELETE,/metrics,405"})
  void should_refuse_clearly_when_path_or_method_is_unknown(String method, String path, int code) {
    assertThat(routes.answer(method, path).status()).isEqualTo(code);
  }

  @Test
  void should_ask_for_the_bearer_token_and_keep_probes_open_when_metrics_need_one(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("token");
    java.nio.file.Files.writeString(file, "s3cret-token\n");
    org.gbabsf.server.security.TokenFile token = org.gbabsf.server.security.TokenFile.load(file);
    AdminRoutes guarded =
        new AdminRoutes(() -> "bsf_x 1.0\n", new Readiness().check("hss", hss::get), token::admits);

    AdminRoutes.Answer none = guarded.answer("GET", "/metrics", null);
    AdminRoutes.Answer wrong = guarded.answer("GET", "/metrics", "Bearer s3cret-tokem");
    AdminRoutes.Answer basic = guarded.answer("GET", "/metrics", "Basic czNjcmV0LXRva2Vu");
    AdminRoutes.Answer right = guarded.answer("GET", "/metrics", "bearer s3cret-token");

    assertThat(none.status()).isEqualTo(401);
    assertThat(none.challenge()).isEqualTo("Bearer realm=\"bsf-metrics\"");
    assertThat(wrong.status()).isEqualTo(401);
    assertThat(basic.status()).isEqualTo(401);
    assertThat(right.status()).isEqualTo(200);
    assertThat(text(right)).isEqualTo("bsf_x 1.0\n");
    assertThat(guarded.answer("GET", "/ready", null).status()).isEqualTo(200);
    assertThat(guarded.answer("GET", "/health", null).status()).isEqualTo(200);
  }
}
