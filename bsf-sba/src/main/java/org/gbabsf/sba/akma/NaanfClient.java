package org.gbabsf.sba.akma;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.ProblemJson;

/**
 * A consumer's side of Naanf_AKMA (the AUSF simulator, the AF client, the demo, the load
 * generator): posts to an AAnF and reads the answer. Never completes exceptionally.
 */
public final class NaanfClient {

  /** What the AAnF answered. */
  public sealed interface Result {
    /** 200 to a registration. */
    record Registered() implements Result {}

    /** 200 with K_AF. */
    record Key(NaanfCodec.KeyData data) implements Result {}

    /** 204: no context (retrieve-applicationkey), or the context removed (remove-context). */
    record NoContent() implements Result {}

    /** A refusal, with its status and ProblemDetails (empty if the body had none). */
    record Refused(int status, Optional<Problem> problem) implements Result {}

    /** No usable answer: transport failure, timeout, or a success that is not a valid body. */
    record Failed(String reason) implements Result {}
  }

  private final SbiClient client;
  private final String apiRoot;
  private final Optional<String> bearerToken;
  private final Duration timeout;

  /**
   * A client of the AAnF at {@code apiRoot}.
   *
   * @param bearerToken an access token sent as {@code Authorization: Bearer}, if any
   */
  public NaanfClient(
      SbiClient client, URI apiRoot, Optional<String> bearerToken, Duration timeout) {
    this.client = client;
    String root = apiRoot.toString();
    this.apiRoot = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
    this.bearerToken = bearerToken;
    this.timeout = timeout;
  }

  /** Naanf_AKMA_AnchorKey_Register (the AUSF's). */
  public CompletableFuture<Result> register(AnchorService.Registration registration) {
    return post(NaanfService.REGISTER, NaanfCodec.encodeRegistration(registration));
  }

  /** Naanf_AKMA_ApplicationKey_Get, or AnonUser_Get when {@code request.anonymous()}. */
  public CompletableFuture<Result> retrieve(NaanfCodec.KeyRequest request) {
    return post(NaanfService.RETRIEVE, NaanfCodec.encodeKeyRequest(request));
  }

  /** Naanf_AKMA_Context_Remove (the AUSF's). */
  public CompletableFuture<Result> remove(Supi supi) {
    return post(NaanfService.REMOVE, NaanfCodec.encodeRemove(supi));
  }

  private CompletableFuture<Result> post(String path, byte[] json) {
    SbiCall call = SbiCall.postJson(URI.create(apiRoot + path), json, timeout);
    if (bearerToken.isPresent()) {
      call = call.withHeader("authorization", "Bearer " + bearerToken.get());
    }
    return client.send(call).thenApply(r -> read(path, r));
  }

  private static Result read(String path, SbiResult r) {
    if (r instanceof SbiResult.Failed f) {
      return new Result.Failed(f.failure().tag() + ": " + f.detail());
    }
    SbiResult.Answered a = (SbiResult.Answered) r;
    if (a.status() == 204) {
      return new Result.NoContent();
    }
    if (a.status() != 200) {
      return new Result.Refused(a.status(), ProblemJson.decode(a.status(), a.body()));
    }
    if (path.equals(NaanfService.REGISTER)) {
      return new Result.Registered();
    }
    return NaanfCodec.decodeKeyData(a.body())
        .<Result>map(Result.Key::new)
        .orElse(new Result.Failed("200 without a valid AkmaAfKeyData"));
  }
}
