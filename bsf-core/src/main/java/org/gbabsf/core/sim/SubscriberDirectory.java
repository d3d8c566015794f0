package org.gbabsf.core.sim;

import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.Impi;

/** Where simulators look up subscribers; the HSS and the UE simulators must share one. */
public interface SubscriberDirectory {

  /** The subscriber with this IMPI, if provisioned. */
  Optional<Subscriber> find(Impi impi);

  /** Up to {@code limit} provisioned IMPIs, in a stable order (for demos and load tests). */
  List<Impi> impis(int limit);
}
