package org.gbabsf.core.sim;

import java.util.Optional;
import org.gbabsf.core.domain.Impi;

/** Where simulators look up subscribers; the HSS and the UE simulators must share one. */
public interface SubscriberDirectory {

  /** The subscriber with this IMPI, if provisioned. */
  Optional<Subscriber> find(Impi impi);
}
