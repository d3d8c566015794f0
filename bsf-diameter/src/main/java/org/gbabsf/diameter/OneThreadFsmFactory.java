package org.gbabsf.diameter;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.jdiameter.api.Configuration;
import org.jdiameter.api.OverloadException;
import org.jdiameter.api.app.StateEvent;
import org.jdiameter.client.api.fsm.IContext;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.jdiameter.common.api.statistic.IStatisticManager;
import org.jdiameter.server.api.IStateMachine;
import org.jdiameter.server.impl.fsm.FsmFactoryImpl;
import org.jdiameter.server.impl.fsm.PeerFSMImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * jdiameter's peer FSM factory (its {@code InternalPeerFsmFactory} extension point), making sure a
 * peer's events are taken by one thread, as the node configures ({@code PeerFSMThreadCount} 1).
 *
 * <p>jdiameter 1.7.1 starts a peer's FSM thread in the FSM's constructor, and again from {@code
 * handleEvent} whenever it counts no thread running. The thread counts itself only once it runs: an
 * event handed to a new peer before its thread was scheduled (jdiameter creates the peer of a NAF
 * that connects for the first time and hands it the CER at once, on the same thread) started a
 * second thread. The peer then had two threads for the life of its connection, and a request sent
 * right after the CEA could be taken by one while the other, its CEA written, had not yet moved the
 * peer to OKAY: the request was dropped unanswered ("Unknown event type RECEIVE_MSG_EVENT in state
 * DOWN"). {@code FreshConnectionIT} lost the first request of the first connection so, about once
 * in ten to twenty runs. So an event handed to a peer whose thread was started and does not run yet
 * waits for it, at most {@link #START_WAIT}.
 */
public final class OneThreadFsmFactory extends FsmFactoryImpl {

  private static final Logger log = LoggerFactory.getLogger(OneThreadFsmFactory.class);

  /** How long an event waits for the peer's starting thread, at most. */
  static final Duration START_WAIT = Duration.ofSeconds(1);

  /** Called by jdiameter's container. */
  public OneThreadFsmFactory(IStatisticManager statisticFactory) {
    super(statisticFactory);
  }

  @Override
  public IStateMachine createInstanceFsm(
      IContext context, IConcurrentFactory concurrentFactory, Configuration config) {
    return new StartedFsm(context, concurrentFactory, config, statisticFactory);
  }

  /**
   * jdiameter's server peer FSM, whose events wait for a thread it started and does not run yet.
   */
  static final class StartedFsm extends PeerFSMImpl {

    StartedFsm(
        IContext context,
        IConcurrentFactory concurrentFactory,
        Configuration config,
        IStatisticManager statisticFactory) {
      super(context, concurrentFactory, config, statisticFactory);
    }

    // Set once the superclass's constructor has run; its thread hands itself no event before.
    private final Object startLock = new Object();

    /**
     * Hands {@code event} on; while no thread runs, one caller at a time, after the starting thread
     * if there is one. jdiameter checks the count of running threads under its own lock but not the
     * start it decides on: two callers that both saw none could each start a thread (after the peer
     * had gone DOWN, say a reconnection beside an incoming CER), the second also clearing the event
     * queue, and with it the first caller's event.
     */
    @Override
    public boolean handleEvent(StateEvent event) throws InternalError, OverloadException {
      if (numberOfThreadsRunning.get() > 0) {
        return super.handleEvent(event);
      }
      synchronized (startLock) {
        awaitStartingThread();
        return super.handleEvent(event);
      }
    }

    /**
     * Waits while a thread was started ({@code mustRun}) and none counts itself running. The count
     * is read first: a leaving thread clears {@code mustRun} before it uncounts itself, so a count
     * of zero read from it makes its cleared flag visible here.
     */
    private void awaitStartingThread() {
      long deadline = System.nanoTime() + START_WAIT.toNanos();
      while (numberOfThreadsRunning.get() == 0 && mustRun) {
        if (System.nanoTime() - deadline > 0) {
          log.warn(
              "Diameter peer FSM: its thread did not start within {}; a second one may start",
              START_WAIT);
          return;
        }
        LockSupport.parkNanos(50_000L);
      }
    }
  }
}
