package org.gbabsf.sba.openapi;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gbabsf.sba.http.SbiRequest;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;

/**
 * Routes whose every exchange is checked against the committed 3GPP YAML: each request a route
 * receives and each answer it gives. Violations are collected for the test to assert on, so that a
 * simulator in a call-flow test checks what the BSF sends it (N65, N68, the NRF's operations) and
 * what it answers.
 */
public final class ContractRoutes {

  private static final Map<String, String> FILES =
      Map.of(
          "nbsp-gba", OpenApiContract.NBSP_GBA,
          "nhss-gba-ueau", OpenApiContract.NHSS_GBA_UEAU,
          "nhss-gba-sdm", OpenApiContract.NHSS_GBA_SDM,
          "nudm-ueau", OpenApiContract.NUDM_UEAU,
          "nnrf-nfm", OpenApiContract.NNRF_NFM,
          "nnrf-disc", OpenApiContract.NNRF_DISC,
          "nnrf-oauth2", OpenApiContract.NNRF_ACCESS_TOKEN);

  private ContractRoutes() {}

  /**
   * {@code routes} with each exchange checked; violations (and the count of exchanges checked, as
   * entries of {@code checked}) are added to the lists.
   */
  public static SbiRoutes checked(SbiRoutes routes, List<String> violations, List<String> checked) {
    List<SbiRoutes.Route> out = new ArrayList<>();
    for (SbiRoutes.Route r : routes.routes()) {
      String file = FILES.get(r.api());
      if (file == null) {
        throw new IllegalArgumentException("no YAML for API " + r.api());
      }
      out.add(
          new SbiRoutes.Route(
              r.method(),
              r.template(),
              r.api(),
              request ->
                  r.service()
                      .handle(request)
                      .thenApply(
                          response -> {
                            check(file, request, response, violations);
                            checked.add(request.method() + " " + request.path());
                            return response;
                          }),
              r.otherMediaTypes()));
    }
    return SbiRoutes.of(out);
  }

  /** The decoded query parameters as a query string again ("" when there are none). */
  private static String query(Map<String, List<String>> parameters) {
    StringBuilder q = new StringBuilder();
    parameters.forEach(
        (name, values) -> {
          for (String value : values) {
            q.append(q.length() == 0 ? '?' : '&').append(encode(name)).append('=');
            q.append(encode(value));
          }
        });
    return q.toString();
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static void check(
      String file, SbiRequest request, SbiResponse response, List<String> violations) {
    OpenApiContract c = OpenApiContract.shared();
    byte[] body = request.body();
    violations.addAll(
        c.requestErrors(
            file,
            request.method(),
            request.path() + query(request.query()),
            body.length == 0 ? null : request.header("content-type").orElse(null),
            body));
    violations.addAll(
        c.responseErrors(
            file,
            request.method(),
            request.path(),
            response.status(),
            response.headers().get("content-type"),
            response.body()));
  }
}
