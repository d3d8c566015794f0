package org.gbabsf.sba.n65;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.hss.SbiAnswers;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.nbsp.UssJson;

/**
 * N65 (TS 29.562) as pure functions, both ways: Nhss_gbaUEAU's AuthenticationInfoRequest and
 * AuthenticationInfoResult (§6.3.6.2.2–3) and Nhss_gbaSDM's GbaSubscriberData (§6.4.6.2.2), and the
 * combination of the two answers into the one {@link Step} a Zh MAA would give.
 */
public final class N65Codec {

  /** {@code authenticationScheme} for GBA over Ub (TS 29.562 §6.3.6.3.3). */
  public static final String DIGEST_AKAV1_MD5 = "DIGEST_AKAV1_MD5";

  private N65Codec() {}

  /** What the generate-auth-data answer gave. */
  public sealed interface VectorPart {
    /** A vector. */
    record Found(AuthenticationVector vector) implements VectorPart {}

    /** Anything else, as the step it makes. */
    record Other(Step step) implements VectorPart {}
  }

  /** What the subscriber-data answer gave. */
  public sealed interface GussPart {
    /** A GUSS (empty when the HSS has none for the user). */
    record Found(Guss guss) implements GussPart {}

    /** Anything else, as the step it makes. */
    record Other(Step step) implements GussPart {}
  }

  /** The AuthenticationInfoRequest: DIGEST_AKAV1_MD5, with RAND and AUTS for a resync. */
  public static byte[] authRequest(Optional<AkaJson.Resync> resync) {
    ObjectNode o = SbiJson.object();
    o.put("authenticationScheme", DIGEST_AKAV1_MD5);
    resync.ifPresent(r -> o.set("resynchronizationInfo", AkaJson.resynchronizationInfo(r)));
    return SbiJson.bytes(o);
  }

  /** The AuthenticationInfoResult an HSS answers (simulator). Key material: never logged. */
  public static byte[] authResult(String impi, AuthenticationVector v) {
    ObjectNode o = SbiJson.object();
    o.put("impi", impi);
    o.set("3gAkaAv", AkaJson.encode(v));
    return SbiJson.bytes(o);
  }

  /** The GbaSubscriberData of {@code guss} (simulator). */
  public static byte[] subscriberData(Guss guss) {
    ObjectNode o = SbiJson.object();
    ObjectNode g = o.putObject("guss");
    ObjectNode info = g.putObject("bsfInfo");
    info.put("uiccType", guss.uiccType().name());
    guss.lifetime().ifPresent(l -> info.put("lifeTime", l.toSeconds()));
    var uss = UssJson.encode(guss.ussList());
    if (!uss.isEmpty()) {
      g.set("ussList", uss);
    }
    return SbiJson.bytes(o);
  }

  /**
   * Reads the answer to generate-auth-data for {@code impi}; an answer naming another IMPI is no
   * answer.
   */
  public static VectorPart vectorPart(SbiResult r, String impi) {
    if (!(r instanceof SbiResult.Answered a) || a.status() != 200) {
      return new VectorPart.Other(SbiAnswers.notOk(r, "generate-auth-data"));
    }
    Optional<ObjectNode> body = SbiJson.parseObject(a.body());
    JsonNode named = body.map(o -> o.get("impi")).orElse(null);
    if (named != null && !named.asText().equalsIgnoreCase(impi)) {
      return new VectorPart.Other(
          new Step.Failover("generate-auth-data: the answer is for another IMPI", "malformed"));
    }
    Optional<AuthenticationVector> v = body.flatMap(o -> AkaJson.decode(o.get("3gAkaAv")));
    if (v.isEmpty()) {
      return new VectorPart.Other(
          new Step.Failover("generate-auth-data: no valid 3gAkaAv in the answer", "malformed"));
    }
    return new VectorPart.Found(v.get());
  }

  /**
   * Reads the answer to subscriber-data. A 404 with cause {@code USER_NOT_FOUND} is an unknown
   * user; with {@code DATA_NOT_FOUND}, a user without GBA data: an empty GUSS, as a MAA without
   * GBA-UserSecSettings. Any other 404 is no answer (a wrong apiRoot must not pass as "no GUSS",
   * which would let every NAF have the user's keys).
   */
  public static GussPart gussPart(SbiResult r) {
    if (r instanceof SbiResult.Answered a && a.status() == 404) {
      String cause = SbiAnswers.cause(a).orElse("");
      if (cause.equals("DATA_NOT_FOUND")) {
        return new GussPart.Found(Guss.empty());
      }
    }
    if (!(r instanceof SbiResult.Answered a) || a.status() != 200) {
      return new GussPart.Other(SbiAnswers.notOk(r, "subscriber-data"));
    }
    Optional<Guss> g = SbiJson.parseObject(a.body()).flatMap(N65Codec::guss);
    if (g.isEmpty()) {
      return new GussPart.Other(
          new Step.Failover("subscriber-data: malformed GbaSubscriberData", "malformed"));
    }
    return new GussPart.Found(g.get());
  }

  /**
   * The step of the two answers: a vector with its GUSS; else the vector's outcome first (an
   * unknown user there is one even if subscriber-data failed), then subscriber-data's.
   */
  public static Step combine(VectorPart v, GussPart g) {
    if (v instanceof VectorPart.Other o) {
      return o.step();
    }
    if (g instanceof GussPart.Other o) {
      return o.step();
    }
    return new Step.Answer(
        new HssAnswer.Vector(((VectorPart.Found) v).vector(), ((GussPart.Found) g).guss()));
  }

  /** Reads GbaSubscriberData {guss {bsfInfo, ussList}}; empty if malformed. */
  static Optional<Guss> guss(JsonNode data) {
    JsonNode g = data.get("guss");
    if (g == null) {
      return Optional.of(Guss.empty());
    }
    if (!g.isObject()) {
      return Optional.empty();
    }
    JsonNode info = g.path("bsfInfo");
    // TS 29.562's UiccType is an open enumeration: an absent one is GBA, any other text UNKNOWN,
    // which Ub refuses (docs/ub-conformance.md) rather than serve as GBA.
    JsonNode type = info.get("uiccType");
    UiccType uicc = type == null ? UiccType.GBA : UiccType.named(type.asText());
    Optional<Duration> lifetime = Optional.empty();
    JsonNode life = info.get("lifeTime");
    if (life != null) {
      if (!life.isIntegralNumber() || life.asLong() <= 0) {
        return Optional.empty();
      }
      lifetime = Optional.of(Duration.ofSeconds(life.asLong()));
    }
    List<UserSecuritySetting> uss = List.of();
    JsonNode list = g.get("ussList");
    if (list != null) {
      Optional<List<UserSecuritySetting>> read = UssJson.decode(list);
      if (read.isEmpty()) {
        return Optional.empty();
      }
      uss = read.get();
    }
    return Optional.of(new Guss("", uicc, lifetime, uss));
  }
}
