package org.gbabsf.sba.hss;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.http.Origin;

/**
 * Where the HSS (or UDM) instances are: their apiRoots in order of preference, now. A fixed list
 * ({@code n65.instances}, {@code udm.instances}) or one discovered at an NRF, which changes; {@link
 * SbiHssClient} asks at every request, and follows redirects only to the origins of the current
 * instances.
 */
public interface HssInstances {

  /** The apiRoots now, in order of preference; empty when none is known. Never blocks. */
  List<URI> current();

  /**
   * Asks to be told, on any thread, when {@link #current()} changes; a fixed list never does.
   * Called once, by the client using the instances.
   */
  default void onChange(Runnable listener) {}

  /** Whether {@code origin} is that of a current instance (a redirect may lead there). */
  default boolean hasOrigin(Origin origin) {
    for (URI root : current()) {
      if (Origin.of(root).equals(Optional.of(origin))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A fixed list.
   *
   * @throws IllegalArgumentException if it is empty
   */
  static HssInstances fixed(List<URI> apiRoots) {
    List<URI> copy = List.copyOf(apiRoots);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("no instance");
    }
    return () -> copy;
  }
}
