package org.gbabsf.sba.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.http.SbiRequest;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.n65.N65Codec;
import org.gbabsf.sba.n68.ImsiImpi;
import org.gbabsf.sba.n68.N68Codec;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * An HSS on N65 and a UDM on N68 for the demo, tests and load, over the same subscriber sources as
 * the Zh simulator: Milenage vectors and AUTS checks from {@link SimulatedHss}, GUSS from {@link
 * SimulatedGuss}. N65 knows users by {@code impi-<IMPI>}; N68 by {@code imsi-<IMSI>}, whose IMPI is
 * {@code <IMSI>@ims.mnc<MNC>.mcc<MCC>.3gppnetwork.org} in the configured home network. An optional
 * delay stands in for network latency (the kernel's is not available to tests).
 */
public final class HssSimulator {

  private static final java.util.concurrent.Executor NOW = Runnable::run;

  private final SubscriberDirectory directory;
  private final SimulatedHss hss;
  private final SimulatedGuss guss;
  private final String mcc;
  private final String mnc;
  private final Duration delay;

  /**
   * A simulator.
   *
   * @param directory the subscribers
   * @param guss their GUSS
   * @param mcc the home network's MCC (for N68's IMSIs)
   * @param mnc its MNC (2 or 3 digits)
   * @param delay time before each answer (zero: at once)
   */
  public HssSimulator(
      SubscriberDirectory directory, SimulatedGuss guss, String mcc, String mnc, Duration delay) {
    this.directory = directory;
    this.hss = new SimulatedHss(directory, guss, Duration.ZERO);
    this.guss = guss;
    this.mcc = mcc;
    this.mnc = mnc;
    this.delay = delay;
  }

  /** The vectors' HSS, e.g. to read its SQN in tests. */
  public SimulatedHss hss() {
    return hss;
  }

  /** N65 (gbaUEAU and gbaSDM) and N68 (generate-av). */
  public SbiRoutes routes() {
    return SbiRoutes.of(
        List.of(
            new SbiRoutes.Route(
                "POST",
                "/nhss-gba-ueau/v1/{ueId}/security-information/generate-auth-data",
                "nhss-gba-ueau",
                this::generateAuthData),
            new SbiRoutes.Route(
                "GET",
                "/nhss-gba-sdm/v1/{ueId}/subscriber-data",
                "nhss-gba-sdm",
                this::subscriberData),
            new SbiRoutes.Route(
                "POST",
                "/nudm-ueau/v1/{supi}/gba-security-information/generate-av",
                "nudm-ueau",
                this::generateAv)));
  }

  private CompletionStage<SbiResponse> generateAuthData(SbiRequest r) {
    Optional<Impi> impi = impiOf(r.pathParam("ueId"));
    Optional<ObjectNode> body = SbiJson.parseObject(r.body());
    if (body.isEmpty()) {
      return later(SbiResponse.problem(Problems.invalidMessageFormat("not JSON")));
    }
    String scheme = body.get().path("authenticationScheme").asText(N65Codec.DIGEST_AKAV1_MD5);
    if (!scheme.equals(N65Codec.DIGEST_AKAV1_MD5)) {
      return later(SbiResponse.problem(Problems.notImplemented("authenticationScheme " + scheme)));
    }
    if (impi.isEmpty()) {
      return later(userNotFound());
    }
    return vector(impi.get(), body.get().get("resynchronizationInfo"))
        .thenCompose(
            a ->
                later(
                    a instanceof HssAnswer.Vector v
                        ? SbiResponse.json(200, N65Codec.authResult(impi.get().value(), v.vector()))
                        : failure(a)));
  }

  private CompletionStage<SbiResponse> subscriberData(SbiRequest r) {
    Optional<Impi> impi = impiOf(r.pathParam("ueId"));
    if (impi.isEmpty() || directory.find(impi.get()).isEmpty()) {
      return later(userNotFound());
    }
    return later(SbiResponse.json(200, N65Codec.subscriberData(guss.forUser(impi.get()))));
  }

  private CompletionStage<SbiResponse> generateAv(SbiRequest r) {
    Optional<ObjectNode> body = SbiJson.parseObject(r.body());
    if (body.isEmpty() || !body.get().has("authType")) {
      return later(
          SbiResponse.problem(
              Problems.mandatoryIeMissing(
                  List.of(new Problem.InvalidParam("/authType", "missing")))));
    }
    String supi = r.pathParam("supi");
    if (!supi.matches("^imsi-[0-9]{5,15}$")) {
      return later(userNotFound());
    }
    Impi impi = ImsiImpi.impi(supi.substring(5), mcc, mnc);
    return vector(impi, body.get().get("resynchronizationInfo"))
        .thenCompose(
            a ->
                later(
                    a instanceof HssAnswer.Vector v
                        ? SbiResponse.json(200, N68Codec.result(v.vector()))
                        : failure(a)));
  }

  private CompletionStage<HssAnswer> vector(Impi impi, JsonNode resync) {
    if (resync == null) {
      return hss.fetchVector(impi);
    }
    Optional<AkaJson.Resync> rs = AkaJson.readResync(resync);
    if (rs.isEmpty()) {
      return CompletableFuture.completedFuture(
          new HssAnswer.Refused("malformed resynchronizationInfo"));
    }
    return hss.resynchronise(impi, rs.get().rand(), rs.get().auts());
  }

  private static SbiResponse failure(HssAnswer a) {
    if (a instanceof HssAnswer.UserUnknown) {
      return userNotFound();
    }
    if (a instanceof HssAnswer.Refused r) {
      return SbiResponse.problem(
          Problem.of(403, "Forbidden", "AUTHENTICATION_REJECTED", r.reason()));
    }
    return SbiResponse.problem(Problems.systemFailure("no vector"));
  }

  private static SbiResponse userNotFound() {
    return SbiResponse.problem(
        Problem.of(404, "Not Found", "USER_NOT_FOUND", "no such subscriber"));
  }

  private static Optional<Impi> impiOf(String ueId) {
    if (!ueId.startsWith("impi-") || !Impi.isValid(ueId.substring(5))) {
      return Optional.empty();
    }
    return Optional.of(new Impi(ueId.substring(5)));
  }

  private CompletionStage<SbiResponse> later(SbiResponse r) {
    if (delay.isZero()) {
      return CompletableFuture.completedFuture(r);
    }
    return CompletableFuture.supplyAsync(
        () -> r, CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS, NOW));
  }
}
