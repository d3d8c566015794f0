package org.gbabsf.diameter;

import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jdiameter.api.Configuration;
import org.jdiameter.api.IllegalDiameterStateException;
import org.jdiameter.api.InternalException;
import org.jdiameter.api.OverloadException;
import org.jdiameter.api.app.StateEvent;
import org.jdiameter.client.api.IMessage;
import org.jdiameter.client.api.fsm.EventTypes;
import org.jdiameter.client.api.fsm.IContext;
import org.jdiameter.client.api.io.TransportException;
import org.jdiameter.client.impl.fsm.FsmState;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.jdiameter.common.api.statistic.IStatisticManager;
import org.jdiameter.server.impl.fsm.PeerFSMImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * jdiameter's peer state machine (RFC 6733 §5.6), with a peer's application traffic taken on the
 * caller's thread while the peer is open, instead of through the FSM's event queue and thread.
 *
 * <p>jdiameter puts every message, sent or received, in the peer's event queue, for the FSM thread
 * to take. In the open state (I-Open/R-Open, jdiameter's OKAY) that thread does nothing with a
 * request to send but write it, and nothing with an answer received but restart the watchdog timer
 * (RFC 3539 §3.4.1: any message received counts) and hand it to the waiting request. Each message
 * then cost a thread wake-up, two a bootstrap (docs/benchmarks.md, "Where a bootstrap's CPU goes"),
 * and a caller whose queue was full waited up to the watchdog interval in {@code offer}.
 *
 * <p>Here, while the peer is open, a message to send is written by the thread that sends it, and an
 * answer received is handed over by the transport's I/O thread that read it, doing exactly what the
 * open state does. Everything else keeps jdiameter's path and order: requests received (a peer's
 * first request after the CEA must be taken after the CER, see {@code PeerFSMThreadCount}), the
 * base protocol's messages, every event outside the open state, timers.
 *
 * <p>Leaving the open state waits for traffic under way to finish, and no new traffic starts
 * directly once it has begun: jdiameter then clears the peer's statistics, which traffic reads.
 */
final class DirectTrafficFsm extends PeerFSMImpl {

  private static final Logger log = LoggerFactory.getLogger(DirectTrafficFsm.class);

  private final ReadWriteLock openLock = new ReentrantReadWriteLock();
  private volatile boolean open;

  DirectTrafficFsm(
      IContext context,
      IConcurrentFactory concurrentFactory,
      Configuration config,
      IStatisticManager statistics) {
    super(context, concurrentFactory, config, statistics);
  }

  @Override
  public boolean handleEvent(StateEvent event) throws InternalError, OverloadException {
    Enum<?> type = event.getType();
    // Only these two carry a message: the others' data may be anything (a STOP_EVENT's is the
    // disconnect cause), so it is read only once the type is known.
    if (open
        && (type == EventTypes.SEND_MSG_EVENT || type == EventTypes.RECEIVE_MSG_EVENT)
        && event.getData() instanceof IMessage message
        && (type == EventTypes.SEND_MSG_EVENT || !message.isRequest())
        && takeDirectly(type == EventTypes.SEND_MSG_EVENT, message)) {
      return true;
    }
    return super.handleEvent(event);
  }

  /** False if the peer left the open state meanwhile: the event then takes jdiameter's path. */
  private boolean takeDirectly(boolean send, IMessage message) {
    if (!openLock.readLock().tryLock()) {
      return false; // the FSM thread is taking the peer out of the open state
    }
    try {
      if (!open) {
        return false;
      }
      if (send) {
        send(message);
      } else {
        setInActiveTimer();
        context.receiveMessage(message);
      }
      return true;
    } finally {
      openLock.readLock().unlock();
    }
  }

  /** As jdiameter's open state sends: a failure takes the connection down. */
  private void send(IMessage message) {
    try {
      context.sendMessage(message);
    } catch (TransportException | OverloadException failed) {
      log.debug("Diameter: cannot send to {}: {}", context.getPeerDescription(), failed.toString());
      try {
        // The transport reports the close, and the FSM thread takes the peer down from there.
        context.disconnect();
      } catch (InternalException | IllegalDiameterStateException closing) {
        log.debug("Diameter: disconnect after a failed send: {}", closing.toString());
      }
    }
  }

  @Override
  protected void switchToNextState(FsmState next) {
    if (next != FsmState.OKAY && open) {
      openLock.writeLock().lock(); // waits for traffic under way to finish
      try {
        open = false;
      } finally {
        openLock.writeLock().unlock();
      }
    }
    super.switchToNextState(next);
    if (next == FsmState.OKAY) {
      open = true;
    }
  }
}
