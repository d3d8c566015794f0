package org.gbabsf.sba.n65;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.hss.Bearer;
import org.gbabsf.sba.hss.HssApi;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.http.PathSegments;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.oauth.TokenSource;

/**
 * N65 toward an HSS (TS 29.562, TS 33.220 Annex N): on each request, {@code POST
 * {apiRoot}/nhss-gba-ueau/v1/impi-<IMPI>/security-information/generate-auth-data} and {@code GET
 * {apiRoot}/nhss-gba-sdm/v1/impi-<IMPI>/subscriber-data} go out at once, so a first request waits
 * for the slower of the two, not their sum; and when one fails, not for the other. With a {@link
 * TokenSource}, both carry its access token.
 */
public final class N65Api implements HssApi {

  /** The scope of the access token both calls carry (TS 29.562 securitySchemes). */
  public static final String SCOPE = "nhss-gba-ueau nhss-gba-sdm";

  private final TokenSource tokens;

  /** N65 without access tokens. */
  public N65Api() {
    this(TokenSource.none());
  }

  /** N65 whose calls carry a token of {@code tokens} (scope {@value #SCOPE}) when there is one. */
  public N65Api(TokenSource tokens) {
    this.tokens = tokens;
  }

  @Override
  public String name() {
    return "n65";
  }

  @Override
  public CompletionStage<Step> vector(
      SbiClient client, URI apiRoot, Impi impi, Optional<AkaJson.Resync> resync, Duration timeout) {
    return Bearer.then(tokens, timeout, bearer -> calls(client, apiRoot, impi, resync, bearer));
  }

  private static CompletionStage<Step> calls(
      SbiClient client, URI apiRoot, Impi impi, Optional<AkaJson.Resync> resync, Bearer bearer) {
    String ueId = PathSegments.encodeSegment("impi-" + impi.value());
    var ueau =
        client.send(
            bearer.on(
                SbiCall.postJson(
                    uri(
                        apiRoot,
                        "/nhss-gba-ueau/v1/" + ueId + "/security-information/generate-auth-data"),
                    N65Codec.authRequest(resync),
                    bearer.left())));
    var sdm =
        client.send(
            bearer.on(
                SbiCall.get(
                    uri(apiRoot, "/nhss-gba-sdm/v1/" + ueId + "/subscriber-data"), bearer.left())));
    return combine(ueau, sdm, impi.value());
  }

  /**
   * The step of both calls. A call that fails decides at once: the other is cancelled (its stream
   * reset) rather than waited for.
   */
  static CompletableFuture<Step> combine(
      CompletableFuture<SbiResult> ueau, CompletableFuture<SbiResult> sdm, String impi) {
    CompletableFuture<Step> step = new CompletableFuture<>();
    CompletableFuture<N65Codec.VectorPart> vector =
        ueau.thenApply(r -> N65Codec.vectorPart(r, impi));
    CompletableFuture<N65Codec.GussPart> guss = sdm.thenApply(N65Codec::gussPart);
    vector.thenAccept(
        v -> {
          if (v instanceof N65Codec.VectorPart.Other o) {
            // Decided first, then the other call cancelled (its completion runs these callbacks).
            step.complete(o.step());
            sdm.complete(SbiResult.Failed.cancelled());
          }
        });
    guss.thenAccept(
        g -> {
          if (g instanceof N65Codec.GussPart.Other o && !ueau.isDone()) {
            step.complete(o.step());
            ueau.complete(SbiResult.Failed.cancelled());
          }
        });
    vector.thenAcceptBoth(guss, (v, g) -> step.complete(N65Codec.combine(v, g)));
    return step;
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
