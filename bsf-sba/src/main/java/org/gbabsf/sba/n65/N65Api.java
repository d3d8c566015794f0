package org.gbabsf.sba.n65;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.hss.HssApi;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.http.PathSegments;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;

/**
 * N65 toward an HSS (TS 29.562, TS 33.220 Annex N): on each request, {@code POST
 * {apiRoot}/nhss-gba-ueau/v1/impi-<IMPI>/security-information/generate-auth-data} and {@code GET
 * {apiRoot}/nhss-gba-sdm/v1/impi-<IMPI>/subscriber-data} go out at once, so a first request waits
 * for the slower of the two, not their sum.
 */
public final class N65Api implements HssApi {

  @Override
  public String name() {
    return "n65";
  }

  @Override
  public CompletionStage<Step> vector(
      SbiClient client, URI apiRoot, Impi impi, Optional<AkaJson.Resync> resync, Duration timeout) {
    String ueId = PathSegments.encodeSegment("impi-" + impi.value());
    var ueau =
        client.send(
            SbiCall.postJson(
                uri(
                    apiRoot,
                    "/nhss-gba-ueau/v1/" + ueId + "/security-information/generate-auth-data"),
                N65Codec.authRequest(resync),
                timeout));
    var sdm =
        client.send(
            SbiCall.get(uri(apiRoot, "/nhss-gba-sdm/v1/" + ueId + "/subscriber-data"), timeout));
    return ueau.thenCombine(
        sdm, (v, g) -> N65Codec.combine(N65Codec.vectorPart(v), N65Codec.gussPart(g)));
  }

  /** {@code apiRoot} (with or without a path prefix, a trailing slash or not) and a path. */
  static URI uri(URI apiRoot, String path) {
    String root = apiRoot.toString();
    if (root.endsWith("/")) {
      root = root.substring(0, root.length() - 1);
    }
    return URI.create(root + path);
  }
}
