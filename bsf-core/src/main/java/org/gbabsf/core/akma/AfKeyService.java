package org.gbabsf.core.akma;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.crypto.AkmaKdf;
import org.gbabsf.core.port.PortCalls;

/**
 * What the AAnF does for an AF that was authorised for its AF_ID's FQDN (by the same {@link
 * org.gbabsf.core.zn.NafAuthorisation} as Zn and Nbsp): find the context by A-KID (one store read),
 * derive K_AF = KDF(K_AKMA, 0x82, AF_ID) (TS 33.535 Annex A.4; K_AF is never stored), and say when
 * it expires: after {@code afKeyLifetime}, never after K_AKMA. Asynchronous; the stage never
 * completes exceptionally.
 */
public final class AfKeyService {

  private final AkmaContextStore contexts;
  private final Clock clock;
  private final Duration storeTimeout;
  private final Duration afKeyLifetime;

  /**
   * An AF key request of an authorised AF.
   *
   * @param aKid the A-KID the UE presented to the AF
   * @param afId AF_ID = FQDN ‖ Ua* security protocol identifier ({@link AkmaKdf#afId})
   * @param supi whether the answer may carry the SUPI: false for AnonUser_Get, for a caller without
   *     the {@code supi-access} grant, and always for an external AF (through the NEF)
   * @param gpsi whether the answer may carry the GPSI: false for AnonUser_Get
   */
  public record Request(AKid aKid, byte[] afId, boolean supi, boolean gpsi) {
    /** Copies the AF_ID. */
    public Request {
      afId = afId.clone();
    }

    /** A copy of the AF_ID. */
    @Override
    public byte[] afId() {
      return afId.clone();
    }
  }

  /**
   * A service reading {@code contexts}, each read bounded by {@code storeTimeout}, whose keys live
   * {@code afKeyLifetime} at most.
   */
  public AfKeyService(
      AkmaContextStore contexts, Clock clock, Duration storeTimeout, Duration afKeyLifetime) {
    if (afKeyLifetime.isNegative() || afKeyLifetime.isZero()) {
      throw new IllegalArgumentException("the AF key lifetime must be positive");
    }
    this.contexts = contexts;
    this.clock = clock;
    this.storeTimeout = storeTimeout;
    this.afKeyLifetime = afKeyLifetime;
  }

  /** Answers one request. */
  public CompletionStage<AfKeyOutcome> handle(Request request) {
    return PortCalls.within(storeTimeout, () -> contexts.find(request.aKid()))
        .handle(
            (context, error) ->
                error != null ? new AfKeyOutcome.StoreUnavailable() : key(request, context));
  }

  private AfKeyOutcome key(Request request, Optional<AkmaContext> found) {
    Instant now = clock.instant();
    if (found.isEmpty() || !now.isBefore(found.get().expiresAt())) {
      return new AfKeyOutcome.NoContext();
    }
    AkmaContext context = found.get();
    Instant limit = now.plus(afKeyLifetime);
    Instant expiresAt = limit.isBefore(context.expiresAt()) ? limit : context.expiresAt();
    byte[] kAf = AkmaKdf.kAf(context.kAkma(), request.afId());
    return new AfKeyOutcome.Key(
        kAf,
        expiresAt,
        request.supi() ? Optional.of(context.supi()) : Optional.empty(),
        request.gpsi() ? context.gpsi() : Optional.empty());
  }
}
