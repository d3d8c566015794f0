package org.gbabsf.sba.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Method and path template to an operation. */
class SbiRoutesTest {

  private static final SbiService A =
      r -> CompletableFuture.completedFuture(SbiResponse.empty(200));
  private static final SbiService B =
      r -> CompletableFuture.completedFuture(SbiResponse.empty(204));

  private static final SbiRoutes.Route GENERATE =
      new SbiRoutes.Route(
          "POST", "/nhss-gba-ueau/v1/{ueId}/security-information/generate-auth-data", "ueau", A);
  private static final SbiRoutes.Route SDM_GET =
      new SbiRoutes.Route("GET", "/nhss-gba-sdm/v1/{ueId}/subscriber-data", "sdm", A);
  private static final SbiRoutes.Route SDM_PUT =
      new SbiRoutes.Route("PUT", "/nhss-gba-sdm/v1/{ueId}/subscriber-data", "sdm", B);
  private static final SbiRoutes.Route SUBSCRIPTION =
      new SbiRoutes.Route(
          "DELETE", "/nhss-gba-sdm/v1/{ueId}/subscriptions/{subscriptionId}", "sdm", B);
  private static final SbiRoutes.Route BOOTSTRAP =
      new SbiRoutes.Route("POST", "/nbsp-gba/v1/bootstrapping-info-retrieval", "nbsp-gba", B);

  private static final SbiRoutes ROUTES =
      SbiRoutes.of(List.of(GENERATE, SDM_GET, SDM_PUT))
          .and(SbiRoutes.of(List.of(SUBSCRIPTION, BOOTSTRAP)));

  private static SbiRoutes.Match match(String method, String path) {
    return ROUTES.match(method, PathSegments.decode(path).orElseThrow());
  }

  @Test
  void should_find_the_route_with_its_decoded_parameters_when_method_and_path_match() {
    assertThat(
            match(
                "POST",
                "/nhss-gba-ueau/v1/impi-user%40home1.net/security-information/generate-auth-data"))
        .isEqualTo(new SbiRoutes.Match.Found(GENERATE, Map.of("ueId", "impi-user@home1.net")));
    assertThat(match("DELETE", "/nhss-gba-sdm/v1/impi-a%2Fb/subscriptions/42"))
        .isEqualTo(
            new SbiRoutes.Match.Found(
                SUBSCRIPTION, Map.of("ueId", "impi-a/b", "subscriptionId", "42")));
    assertThat(match("POST", "/nbsp-gba/v1/bootstrapping-info-retrieval"))
        .isEqualTo(new SbiRoutes.Match.Found(BOOTSTRAP, Map.of()));
  }

  @Test
  void should_pick_the_route_of_the_method_when_two_routes_share_a_path() {
    SbiRoutes.Match m = match("PUT", "/nhss-gba-sdm/v1/impi-x/subscriber-data");

    assertThat(m).isEqualTo(new SbiRoutes.Match.Found(SDM_PUT, Map.of("ueId", "impi-x")));
    assertThat(((SbiRoutes.Match.Found) m).route().service()).isSameAs(B);
  }

  @Test
  void should_say_wrong_method_with_the_allowed_methods_when_only_the_path_matches() {
    assertThat(match("POST", "/nhss-gba-sdm/v1/impi-x/subscriber-data"))
        .isEqualTo(new SbiRoutes.Match.WrongMethod(Set.of("GET", "PUT")));
    assertThat(match("get", "/nbsp-gba/v1/bootstrapping-info-retrieval"))
        .isEqualTo(new SbiRoutes.Match.WrongMethod(Set.of("POST")));
    assertThat(
            ((SbiRoutes.Match.WrongMethod) match("PATCH", "/nhss-gba-sdm/v1/x/subscriber-data"))
                .allowed())
        .containsExactly("GET", "PUT");
  }

  @Test
  void should_say_no_resource_when_the_path_is_longer_or_shorter_than_every_template() {
    assertThat(match("POST", "/nbsp-gba/v1/bootstrapping-info-retrieval/x"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("POST", "/nbsp-gba/v1/bootstrapping-info-retrieval/"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("GET", "/nhss-gba-sdm/v1/impi-x")).isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("GET", "/nhss-gba-sdm/v1/impi-x/subscriber-data/more"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("GET", "/")).isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("POST", "/nbsp-gba/v2/bootstrapping-info-retrieval"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
  }

  @Test
  void should_say_no_resource_when_a_parameter_segment_is_empty() {
    assertThat(match("GET", "/nhss-gba-sdm/v1//subscriber-data"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("DELETE", "/nhss-gba-sdm/v1/impi-x/subscriptions/"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
  }

  @Test
  void should_match_literal_segments_exactly_when_they_differ_in_case_or_encoding() {
    assertThat(match("POST", "/NBSP-GBA/v1/bootstrapping-info-retrieval"))
        .isEqualTo(new SbiRoutes.Match.NoResource());
    assertThat(match("POST", "/nbsp-gba/v1/bootstrapping%2Dinfo-retrieval"))
        .isEqualTo(new SbiRoutes.Match.Found(BOOTSTRAP, Map.of()));
  }

  @Test
  void should_list_every_route_when_tables_are_joined() {
    assertThat(ROUTES.routes())
        .containsExactly(GENERATE, SDM_GET, SDM_PUT, SUBSCRIPTION, BOOTSTRAP);
    assertThat(SbiRoutes.of(List.of()).match("GET", List.of("x")))
        .isEqualTo(new SbiRoutes.Match.NoResource());
  }
}
