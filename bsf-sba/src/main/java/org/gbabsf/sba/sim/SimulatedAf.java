package org.gbabsf.sba.sim;

import java.security.MessageDigest;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.akma.NaanfCodec;

/**
 * An AKMA application function (TS 33.535 §6.2): given the A-KID a UE presented, it asks the AAnF
 * for K_AF (Naanf_AKMA_ApplicationKey_Get) and checks it against the key the UE derived, as a real
 * AF would by running its Ua* protocol with the UE. For the tests, the demo and the load generator.
 */
public final class SimulatedAf {

  /** What came of one retrieval. */
  public sealed interface Outcome {
    /** The AAnF's K_AF is the UE's. */
    record Agreed(NaanfCodec.KeyData data) implements Outcome {}

    /** The AAnF answered a K_AF that is not the UE's. */
    record Disagreed() implements Outcome {}

    /** The AAnF answered without a key: 204, a refusal, or a failure. */
    record NoKey(NaanfClient.Result result) implements Outcome {}
  }

  private final NaanfClient aanf;
  private final String fqdn;
  private final byte[] uaProtocolId;

  /**
   * The AF at {@code fqdn} (its afId), whose Ua* protocol is {@code uaProtocolId} (five octets),
   * asking {@code aanf}.
   */
  public SimulatedAf(NaanfClient aanf, String fqdn, byte[] uaProtocolId) {
    this.aanf = aanf;
    this.fqdn = fqdn;
    this.uaProtocolId = uaProtocolId.clone();
  }

  /** An AF of HTTP Digest (Ua* 01 00 00 00 02). */
  public static SimulatedAf httpDigest(NaanfClient aanf, String fqdn) {
    return new SimulatedAf(aanf, fqdn, Hex.decode("0100000002"));
  }

  /** Retrieves K_AF for {@code ue}'s A-KID and compares it with the UE's; never fails. */
  public CompletableFuture<Outcome> retrieve(AkmaSubscriber ue, boolean anonymous) {
    return aanf.retrieve(new NaanfCodec.KeyRequest(fqdn, ue.aKid(), anonymous))
        .thenApply(
            r -> {
              if (r instanceof NaanfClient.Result.Key k) {
                return MessageDigest.isEqual(k.data().kAf(), ue.kAf(fqdn, uaProtocolId))
                    ? new Outcome.Agreed(k.data())
                    : new Outcome.Disagreed();
              }
              return new Outcome.NoKey(r);
            });
  }
}
