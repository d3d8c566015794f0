package org.gbabsf.sba.sim;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.sba.akma.NaanfClient;

/**
 * An AUSF toward the AAnF (TS 33.535 §6.1): after a (simulated) primary authentication of a UE, it
 * derives K_AKMA and the A-KID from K_AUSF and registers them with Naanf_AKMA_AnchorKey_Register;
 * it removes the context with Context_Remove. For the tests, the demo and the load generator.
 */
public final class SimulatedAusf {

  private final NaanfClient aanf;

  /** An AUSF registering at {@code aanf}. */
  public SimulatedAusf(NaanfClient aanf) {
    this.aanf = aanf;
  }

  /** Registers the anchor key of {@code ue}'s primary authentication; never fails exceptionally. */
  public CompletableFuture<NaanfClient.Result> authenticated(AkmaSubscriber ue) {
    return aanf.register(
        new AnchorService.Registration(
            ue.aKid(), Optional.of(ue.supi()), Optional.empty(), ue.kAkma()));
  }

  /** Removes {@code ue}'s context; never fails exceptionally. */
  public CompletableFuture<NaanfClient.Result> removed(AkmaSubscriber ue) {
    return aanf.remove(ue.supi());
  }
}
