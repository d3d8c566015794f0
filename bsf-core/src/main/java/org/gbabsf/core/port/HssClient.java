package org.gbabsf.core.port;

import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;

/**
 * The BSF's view of the HSS on Zh (TS 29.109 §4): one authentication vector and the GUSS for an
 * IMPI, and resynchronisation (TS 33.102 §6.3.5). Implementations never complete exceptionally for
 * protocol outcomes; they answer {@link HssAnswer.Unavailable} instead.
 */
public interface HssClient {

  /** Fetches a fresh vector and the GUSS for {@code impi}. */
  CompletionStage<HssAnswer> fetchVector(Impi impi);

  /**
   * Asks the HSS to resynchronise SQN from RAND ‖ AUTS and to return a fresh vector (TS 29.109
   * §4.4.2: SIP-Authorization carries RAND ‖ AUTS).
   */
  CompletionStage<HssAnswer> resynchronise(Impi impi, Rand rand, byte[] auts);
}
