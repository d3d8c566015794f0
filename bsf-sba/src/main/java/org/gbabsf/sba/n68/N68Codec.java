package org.gbabsf.sba.n68;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.hss.AkaJson;
import org.gbabsf.sba.hss.SbiAnswers;
import org.gbabsf.sba.hss.Step;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.json.SbiJson;

/**
 * N68 (TS 29.503 Nudm_UEAU, GenerateGbaAv) as pure functions, both ways:
 * GbaAuthenticationInfoRequest and GbaAuthenticationInfoResult (§6.3.6.2.x).
 */
public final class N68Codec {

  /** {@code authType} for GBA over Ub. */
  public static final String DIGEST_AKAV1_MD5 = "DIGEST_AKAV1_MD5";

  private N68Codec() {}

  /** The GbaAuthenticationInfoRequest, with RAND and AUTS for a resync. */
  public static byte[] request(Optional<AkaJson.Resync> resync) {
    ObjectNode o = SbiJson.object();
    o.put("authType", DIGEST_AKAV1_MD5);
    resync.ifPresent(r -> o.set("resynchronizationInfo", AkaJson.resynchronizationInfo(r)));
    return SbiJson.bytes(o);
  }

  /** The GbaAuthenticationInfoResult a UDM answers (simulator). Key material: never logged. */
  public static byte[] result(AuthenticationVector v) {
    ObjectNode o = SbiJson.object();
    o.set("3gAkaAv", AkaJson.encode(v));
    return SbiJson.bytes(o);
  }

  /** The step of a generate-av answer; the GUSS is {@code guss}, as N68 has none. */
  public static Step step(SbiResult r, Guss guss) {
    if (!(r instanceof SbiResult.Answered a) || a.status() != 200) {
      return SbiAnswers.notOk(r, "generate-av");
    }
    Optional<AuthenticationVector> v =
        SbiJson.parseObject(a.body()).flatMap(o -> AkaJson.decode(o.get("3gAkaAv")));
    if (v.isEmpty()) {
      return new Step.Failover("generate-av: no valid 3gAkaAv in the answer", "malformed");
    }
    return new Step.Answer(new HssAnswer.Vector(v.get(), guss));
  }
}
