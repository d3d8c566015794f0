package org.gbabsf.sba.nbsp;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.ProblemJson;

/**
 * A NAF's side of Nbsp_GBA (the NAF simulator, the demo, the load generator): posts a
 * BootstrappingInfoRequest to a BSF and reads the answer. Never completes exceptionally.
 */
public final class NbspClient {

  /** What the BSF answered. */
  public sealed interface Result {
    /** Keys. */
    record Keys(NbspCodec.Answer answer) implements Result {}

    /** A refusal, with its status and ProblemDetails (empty if the body had none). */
    record Refused(int status, Optional<Problem> problem) implements Result {}

    /** No usable answer: transport failure, timeout, or a 200 that is not a valid response. */
    record Failed(String reason) implements Result {}
  }

  private final SbiClient client;
  private final URI apiRoot;
  private final Optional<String> bearerToken;
  private final Duration timeout;

  /**
   * A client of the BSF at {@code apiRoot}.
   *
   * @param bearerToken an access token sent as {@code Authorization: Bearer}, if any
   */
  public NbspClient(SbiClient client, URI apiRoot, Optional<String> bearerToken, Duration timeout) {
    this.client = client;
    String root = apiRoot.toString();
    this.apiRoot = URI.create(root.endsWith("/") ? root.substring(0, root.length() - 1) : root);
    this.bearerToken = bearerToken;
    this.timeout = timeout;
  }

  /** Asks for the keys of {@code btid} for {@code nafId}. */
  public CompletableFuture<Result> fetch(
      BTid btid, NafId nafId, boolean gbaUAware, List<Long> gsIds) {
    SbiCall call =
        SbiCall.postJson(
            URI.create(apiRoot + NbspService.BOOTSTRAPPING_INFO),
            NbspCodec.encodeRequest(btid, nafId, gbaUAware, gsIds),
            timeout);
    if (bearerToken.isPresent()) {
      call = call.withHeader("authorization", "Bearer " + bearerToken.get());
    }
    return client.send(call).thenApply(NbspClient::read);
  }

  private static Result read(SbiResult r) {
    if (r instanceof SbiResult.Failed f) {
      return new Result.Failed(f.failure().tag() + ": " + f.detail());
    }
    SbiResult.Answered a = (SbiResult.Answered) r;
    if (a.status() != 200) {
      return new Result.Refused(a.status(), ProblemJson.decode(a.status(), a.body()));
    }
    return NbspCodec.decodeResponse(a.body())
        .<Result>map(Result.Keys::new)
        .orElse(new Result.Failed("200 without a valid BootstrappingInfoResponse"));
  }
}
