package org.gbabsf.sba.n68;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.hss.Bearer;
import org.gbabsf.sba.hss.HssApi;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.http.PathSegments;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.oauth.TokenSource;

/**
 * N68 toward a UDM (TS 29.503, TS 33.220 Annex N), for operators without an N65-capable HSS: {@code
 * POST {apiRoot}/nudm-ueau/v1/<SUPI>/gba-security-information/generate-av}, with the SUPI of the
 * IMPI ({@link ImsiImpi}); an IMPI that is not IMSI-derived is refused without asking. N68 carries
 * no GUSS: {@code defaultGuss} gives each user's.
 */
public final class N68Api implements HssApi {

  /** The scope of the access token the call carries (TS 29.503 securitySchemes). */
  public static final String SCOPE = "nudm-ueau";

  private final Function<Impi, Guss> defaultGuss;
  private final TokenSource tokens;

  /** An API whose users get {@code defaultGuss}, without access tokens. */
  public N68Api(Function<Impi, Guss> defaultGuss) {
    this(defaultGuss, TokenSource.none());
  }

  /**
   * An API whose calls carry a token of {@code tokens} (scope {@value #SCOPE}) when there is one.
   */
  public N68Api(Function<Impi, Guss> defaultGuss, TokenSource tokens) {
    this.defaultGuss = defaultGuss;
    this.tokens = tokens;
  }

  @Override
  public String name() {
    return "n68";
  }

  @Override
  public CompletionStage<Step> vector(
      SbiClient client, URI apiRoot, Impi impi, Optional<AkaJson.Resync> resync, Duration timeout) {
    Optional<String> supi = ImsiImpi.supi(impi);
    if (supi.isEmpty()) {
      return CompletableFuture.completedFuture(
          new Step.Answer(
              new HssAnswer.Refused("the IMPI is not derived from an IMSI (TS 23.003 §13.3)")));
    }
    String root = apiRoot.toString();
    if (root.endsWith("/")) {
      root = root.substring(0, root.length() - 1);
    }
    URI uri =
        URI.create(
            root
                + "/nudm-ueau/v1/"
                + PathSegments.encodeSegment(supi.get())
                + "/gba-security-information/generate-av");
    Guss guss = defaultGuss.apply(impi);
    return Bearer.then(
        tokens,
        timeout,
        bearer ->
            client
                .send(bearer.on(SbiCall.postJson(uri, N68Codec.request(resync), bearer.left())))
                .thenApply(r -> N68Codec.step(r, guss)));
  }
}
