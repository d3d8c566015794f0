package org.gbabsf.loadtest;

import java.util.ArrayDeque;
import java.util.concurrent.ThreadLocalRandom;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.http.client.UeAuthenticator;

/**
 * The simulated subscribers of a run: each has its own USIM (SQN state), and is either without a
 * session from this run (a fresh bootstrap) or holding one (a re-bootstrap). A subscriber is busy
 * while one of its calls runs, so no USIM is used twice at once.
 */
final class Population {

  /** One subscriber. */
  static final class Subscriber {
    final SimulatedUsim usim;
    final UeAuthenticator authenticator;
    boolean holdsSession;

    Subscriber(SimulatedUsim usim, String path, boolean tmpis) {
      this.usim = usim;
      this.authenticator = new UeAuthenticator(usim, path, tmpis);
    }
  }

  private final ArrayDeque<Subscriber> fresh = new ArrayDeque<>();
  private final ArrayDeque<Subscriber> holding = new ArrayDeque<>();

  /**
   * {@code count} subscribers of {@code directory}; with {@code tmpis} each announces {@code
   * 3gpp-gba-tmpi} and presents at its next bootstrap the TMPI its last one gave it.
   */
  Population(GeneratedSubscriberDirectory directory, int count, String path, boolean tmpis) {
    for (int i = 0; i < count; i++) {
      fresh.add(
          new Subscriber(
              new SimulatedUsim(directory.find(directory.impi(i)).orElseThrow()), path, tmpis));
    }
  }

  /**
   * An idle subscriber: one holding a session with probability {@code rebootstrapShare}, else one
   * without; the other kind if the wanted one has none idle; null if every subscriber is busy.
   */
  synchronized Subscriber take(double rebootstrapShare) {
    boolean wantHolding = ThreadLocalRandom.current().nextDouble() < rebootstrapShare;
    ArrayDeque<Subscriber> first = wantHolding ? holding : fresh;
    ArrayDeque<Subscriber> second = wantHolding ? fresh : holding;
    Subscriber s = first.poll();
    return s != null ? s : second.poll();
  }

  /** Gives {@code s} back, now holding a session or not. */
  synchronized void release(Subscriber s, boolean holdsSession) {
    s.holdsSession = holdsSession;
    (holdsSession ? holding : fresh).add(s);
  }
}
