package org.gbabsf.diameter;

import org.jdiameter.api.Configuration;
import org.jdiameter.client.api.fsm.IContext;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.jdiameter.common.api.statistic.IStatisticManager;
import org.jdiameter.server.api.IStateMachine;
import org.jdiameter.server.impl.fsm.FsmFactoryImpl;

/**
 * Makes each peer's state machine a {@link DirectTrafficFsm}. jdiameter's container builds it by
 * class name ({@code ExtensionPoint.InternalPeerFsmFactory}), hence public.
 */
public final class DirectTrafficFsmFactory extends FsmFactoryImpl {

  /** Called by jdiameter's container. */
  public DirectTrafficFsmFactory(IStatisticManager statistics) {
    super(statistics);
  }

  @Override
  public IStateMachine createInstanceFsm(
      IContext context, IConcurrentFactory concurrentFactory, Configuration config) {
    return new DirectTrafficFsm(context, concurrentFactory, config, statisticFactory);
  }
}
