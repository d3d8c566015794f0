package org.gbabsf.core.akma;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.gbabsf.core.port.PortCalls;

/**
 * What the AAnF does for the AUSF (TS 33.535 §6.1): keep the anchor key it registers as the SUPI's
 * only context, for {@code contextLifetime} at most (K_AKMA lives until the next primary
 * authentication replaces it; the operator bounds how long an unrefreshed one is served), and
 * remove a SUPI's context on Context_Remove. Asynchronous; the stage never completes exceptionally.
 */
public final class AnchorService {

  private final AkmaContextStore contexts;
  private final Clock clock;
  private final Duration storeTimeout;
  private final Duration contextLifetime;

  /**
   * An anchor key registration.
   *
   * @param aKid the A-KID
   * @param supi the SUPI, when the AUSF sent one
   * @param gpsi the GPSI, when the AUSF sent one
   * @param kAkma K_AKMA, 32 octets (key material)
   */
  public record Registration(AKid aKid, Optional<Supi> supi, Optional<String> gpsi, byte[] kAkma) {
    /** Copies the key. */
    public Registration {
      kAkma = kAkma.clone();
    }

    /** A copy of K_AKMA. */
    @Override
    public byte[] kAkma() {
      return kAkma.clone();
    }

    /** Without K_AKMA or the identities. */
    @Override
    public String toString() {
      return "Registration[" + aKid + "]";
    }
  }

  /**
   * A service over {@code contexts}, each store call bounded by {@code storeTimeout}, keeping a
   * context {@code contextLifetime} at most.
   */
  public AnchorService(
      AkmaContextStore contexts, Clock clock, Duration storeTimeout, Duration contextLifetime) {
    if (contextLifetime.isNegative() || contextLifetime.isZero()) {
      throw new IllegalArgumentException("the AKMA context lifetime must be positive");
    }
    this.contexts = contexts;
    this.clock = clock;
    this.storeTimeout = storeTimeout;
    this.contextLifetime = contextLifetime;
  }

  /** Naanf_AKMA_AnchorKey_Register. */
  public CompletionStage<AnchorOutcome> register(Registration r) {
    if (r.supi().isEmpty()) {
      return CompletableFuture.completedFuture(new AnchorOutcome.SupiRequired());
    }
    Instant now = clock.instant();
    AkmaContext context =
        new AkmaContext(
            r.aKid(), r.supi().get(), r.gpsi(), r.kAkma(), now, now.plus(contextLifetime));
    return bounded(
        () -> contexts.register(context),
        registration ->
            switch (registration) {
              case REGISTERED -> new AnchorOutcome.Registered(false);
              case REPLACED -> new AnchorOutcome.Registered(true);
              case A_KID_OF_ANOTHER_SUPI -> new AnchorOutcome.AKidOfAnotherSupi();
            });
  }

  /** Naanf_AKMA_Context_Remove. */
  public CompletionStage<AnchorOutcome> remove(Supi supi) {
    return bounded(() -> contexts.remove(supi), AnchorOutcome.Removed::new);
  }

  private <T> CompletionStage<AnchorOutcome> bounded(
      java.util.function.Supplier<CompletionStage<T>> call, Function<T, AnchorOutcome> outcome) {
    return PortCalls.within(storeTimeout, call)
        .handle((v, e) -> e != null ? new AnchorOutcome.StoreUnavailable() : outcome.apply(v));
  }
}
