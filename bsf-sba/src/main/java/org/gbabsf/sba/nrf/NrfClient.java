package org.gbabsf.sba.nrf;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.gbabsf.sba.hss.SbiAnswers;
import org.gbabsf.sba.http.PathSegments;
import org.gbabsf.sba.http.SbiCall;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiResult;

/**
 * The NRF's operations the BSF uses (TS 29.510), over an {@link SbiClient}, each giving an {@link
 * NrfOutcome}: RegisterNFInstance ({@code PUT {apiRoot}/nnrf-nfm/v1/nf-instances/{id}}), the
 * heartbeat (UpdateNFInstance, {@code PATCH} with a JSON Patch), DeregisterNFInstance ({@code
 * DELETE}), SearchNFInstances ({@code GET {apiRoot}/nnrf-disc/v1/nf-instances?…}) and the access
 * token request ({@code POST {apiRoot}/oauth2/token}). Every call is counted and logged by {@link
 * NrfMetrics}; none completes exceptionally. Stateless: {@link NrfRegistration}, {@link
 * HssDiscovery} and {@link NrfTokens} keep the state. Thread-safe.
 */
public final class NrfClient {

  /** The longest heartbeat interval taken from the NRF. */
  static final Duration MAX_HEARTBEAT = Duration.ofHours(1);

  /** The lifetime of a token whose answer has no {@code expires_in}. */
  static final Duration TOKEN_LIFETIME_WHEN_ABSENT = Duration.ofMinutes(1);

  private final SbiClient client;
  private final String root;
  private final Duration timeout;
  private final NrfMetrics metrics;

  /**
   * A client of the NRF at {@code apiRoot}.
   *
   * @param client the SBI client (its redirects should lead to the NRF's origin only)
   * @param apiRoot the NRF's apiRoot, e.g. {@code https://nrf.5gc.home1.net:443}
   * @param timeout the time each call has
   * @param registry where {@code bsf.nrf.requests} is counted
   */
  public NrfClient(SbiClient client, URI apiRoot, Duration timeout, MeterRegistry registry) {
    this.client = client;
    String r = apiRoot.toString();
    this.root = r.endsWith("/") ? r.substring(0, r.length() - 1) : r;
    this.timeout = timeout;
    this.metrics = new NrfMetrics(registry);
  }

  /** The time each call has. */
  public Duration timeout() {
    return timeout;
  }

  /** Registers (or replaces) {@code profile}; 200 or 201 give the heartbeat the NRF grants. */
  public CompletableFuture<NrfOutcome<Optional<Duration>>> register(NfProfile profile) {
    SbiCall call =
        new SbiCall(
            "PUT",
            instance(profile.nfInstanceId()),
            Map.of("content-type", SbiResponse.JSON),
            NfProfileCodec.encode(profile),
            timeout);
    return send(
        "register",
        call,
        a ->
            a.status() == 200 || a.status() == 201
                ? new NrfOutcome.Ok<>(NfProfileCodec.grantedHeartBeat(a.body(), MAX_HEARTBEAT))
                : null);
  }

  /**
   * Sends a heartbeat: 204, or 200 with the profile (whose heartBeatTimer, if any, is granted); 404
   * when the NRF no longer knows the instance.
   */
  public CompletableFuture<NrfOutcome<Optional<Duration>>> heartbeat(String nfInstanceId) {
    SbiCall call =
        new SbiCall(
            "PATCH",
            instance(nfInstanceId),
            Map.of("content-type", NfProfileCodec.JSON_PATCH),
            NfProfileCodec.heartbeat(),
            timeout);
    return send(
        "heartbeat",
        call,
        a ->
            a.status() == 204
                ? new NrfOutcome.Ok<>(Optional.<Duration>empty())
                : a.status() == 200
                    ? new NrfOutcome.Ok<>(NfProfileCodec.grantedHeartBeat(a.body(), MAX_HEARTBEAT))
                    : null);
  }

  /** Deregisters the instance (204; 404 when it is gone already). */
  public CompletableFuture<NrfOutcome<Boolean>> deregister(String nfInstanceId) {
    SbiCall call = new SbiCall("DELETE", instance(nfInstanceId), Map.of(), new byte[0], timeout);
    return send("deregister", call, a -> a.status() == 204 ? new NrfOutcome.Ok<>(true) : null);
  }

  /** Discovers the instances offering {@code target}'s service. */
  public CompletableFuture<NrfOutcome<DiscoveryCodec.Discovered>> discover(
      DiscoveryCodec.Target target, String requesterNfType, Optional<String> requesterId) {
    URI uri =
        URI.create(
            root
                + "/nnrf-disc/v1/nf-instances?"
                + DiscoveryCodec.query(target, requesterNfType, requesterId));
    return send(
        "discover",
        SbiCall.get(uri, timeout),
        a -> {
          if (a.status() != 200) {
            return null;
          }
          return DiscoveryCodec.searchResult(a.body(), target)
              .<NrfOutcome<DiscoveryCodec.Discovered>>map(NrfOutcome.Ok::new)
              .orElse(new NrfOutcome.Failed<>("malformed", "discover: no SearchResult in a 200"));
        });
  }

  /** Requests an access token. */
  public CompletableFuture<NrfOutcome<AccessTokenCodec.IssuedToken>> token(
      AccessTokenCodec.TokenRequest request) {
    SbiCall call =
        new SbiCall(
            "POST",
            URI.create(root + "/oauth2/token"),
            Map.of("content-type", AccessTokenCodec.FORM),
            AccessTokenCodec.form(request),
            timeout);
    return send(
        "token",
        call,
        a -> {
          if (a.status() == 400) {
            return new NrfOutcome.Failed<>(
                "400", "token: 400 " + AccessTokenCodec.error(a.body()).orElse("no error code"));
          }
          if (a.status() != 200) {
            return null;
          }
          return AccessTokenCodec.answer(a.body(), TOKEN_LIFETIME_WHEN_ABSENT)
              .<NrfOutcome<AccessTokenCodec.IssuedToken>>map(NrfOutcome.Ok::new)
              .orElse(new NrfOutcome.Failed<>("malformed", "token: no AccessTokenRsp in a 200"));
        });
  }

  private URI instance(String nfInstanceId) {
    return URI.create(
        root + "/nnrf-nfm/v1/nf-instances/" + PathSegments.encodeSegment(nfInstanceId));
  }

  /**
   * Sends {@code call}; {@code success} reads an answer it knows (null for any other), 404 is
   * {@link NrfOutcome.NotFound}, anything else a failure.
   */
  private <T> CompletableFuture<NrfOutcome<T>> send(
      String operation, SbiCall call, Function<SbiResult.Answered, NrfOutcome<T>> success) {
    return client
        .send(call)
        .thenApply(
            r -> {
              NrfOutcome<T> o = outcome(operation, r, success);
              metrics.record(operation, o);
              return o;
            });
  }

  private static <T> NrfOutcome<T> outcome(
      String operation, SbiResult r, Function<SbiResult.Answered, NrfOutcome<T>> success) {
    if (r instanceof SbiResult.Failed f) {
      return new NrfOutcome.Failed<>(f.failure().tag(), operation + ": " + f.detail());
    }
    SbiResult.Answered a = (SbiResult.Answered) r;
    NrfOutcome<T> known = success.apply(a);
    if (known != null) {
      return known;
    }
    if (a.status() == 404) {
      return new NrfOutcome.NotFound<>();
    }
    String cause = SbiAnswers.cause(a).orElse("no cause");
    int s = a.status();
    String tag = s >= 400 && s <= 499 ? String.valueOf(s) : s >= 500 && s <= 599 ? "5xx" : "other";
    return new NrfOutcome.Failed<>(tag, operation + ": " + s + " " + cause);
  }
}
