package org.gbabsf.sba.hss;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.crypto.Milenage;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.sba.http.SbiResult;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.ProblemJson;

/**
 * Test material for the HSS and UDM codecs: a vector computed with MILENAGE from TS 35.208 test set
 * 1, answers as {@link SbiResult}s, and a one-word description of a {@link Step} for tables.
 */
public final class TestVectors {

  /** TS 35.208 §4.3 test set 1. */
  public static final String K = "465b5ce8b199b49faa5f0a2ee238a6bc";

  public static final String RAND = "23553cbe9637a89d218ae64dae47bf35";
  public static final String SQN = "ff9bb4d0b607";
  public static final String AMF = "b9b9";
  public static final String OPC = "cd63cb71954a9f4e48a5994e37a02baf";

  /** f2, f3, f4 of test set 1, and AUTN = SQN ⊕ AK ‖ AMF ‖ MAC-A. */
  public static final String RES = "a54211d5e3ba50bf";

  public static final String CK = "b40ba9a3c58b2a05bbf0d987b21bf8cb";
  public static final String IK = "f769bcd751044604127672711c6d3441";
  public static final String AUTN = "55f328b43577b9b94a9ffac354dfafb3";

  private static final URI FROM = URI.create("http://hss.example.org/x");

  private TestVectors() {}

  /** The vector of test set 1, computed by MILENAGE. */
  public static AuthenticationVector set1() {
    Milenage m = new Milenage(Hex.decode(K), Hex.decode(OPC));
    byte[] rand = Hex.decode(RAND);
    Milenage.Vector v = m.f2345(rand);
    byte[] autn = m.autn(rand, Hex.decode(SQN), Hex.decode(AMF));
    return new AuthenticationVector(Rand.of(rand), autn, v.res(), v.ck(), v.ik());
  }

  /** An answer with a body. */
  public static SbiResult.Answered answered(int status, byte[] body) {
    return new SbiResult.Answered(status, Map.of(), body, FROM);
  }

  /** An answer with a text body. */
  public static SbiResult.Answered answered(int status, String body) {
    return answered(status, body.getBytes(StandardCharsets.UTF_8));
  }

  /** A ProblemDetails answer with this cause. */
  public static SbiResult.Answered problem(int status, String cause) {
    return answered(status, ProblemJson.encode(Problem.of(status, "t", cause, "d")));
  }

  /** A transport failure. */
  public static SbiResult.Failed failed(SbiResult.Failure f) {
    return new SbiResult.Failed(f, "no answer");
  }

  /**
   * One word per outcome: {@code Vector}, {@code UserUnknown}, {@code Refused}, {@code
   * Unavailable}, or {@code Failover:<tag>}.
   */
  public static String describe(Step s) {
    if (s instanceof Step.Failover f) {
      return "Failover:" + f.tag();
    }
    HssAnswer a = ((Step.Answer) s).answer();
    return a.getClass().getSimpleName();
  }
}
