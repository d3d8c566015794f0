package org.gbabsf.core.port;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;

/**
 * Bootstrapping sessions (security associations), keyed by B-TID and kept until their expiry time.
 * Failures complete the stage exceptionally with {@link StoreException}.
 */
public interface SessionStore {

  /** Stores {@code session} until its expiry; completes once the write is acknowledged. */
  CompletionStage<Void> put(SecurityAssociation session);

  /** The session for {@code btid}, or empty if unknown or expired. */
  CompletionStage<Optional<SecurityAssociation>> find(BTid btid);

  /**
   * False while the store knows it cannot keep a session, for example while it has not connected
   * yet: the use case then answers 503 at once, before it spends an authentication vector of the
   * HSS on a bootstrap that could not complete. A cheap read; called for every Ub request.
   */
  default boolean accepting() {
    return true;
  }
}
