package org.gbabsf.diameter;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Poll;
import org.jdiameter.api.PeerState;
import org.jdiameter.client.api.fsm.EventTypes;
import org.jdiameter.client.api.fsm.FsmEvent;
import org.jdiameter.client.api.fsm.IContext;
import org.jdiameter.client.api.fsm.IStateMachine;
import org.jdiameter.common.api.concurrent.IConcurrentFactory;
import org.jdiameter.common.api.statistic.IStatisticManager;
import org.jdiameter.server.impl.fsm.PeerFSMImpl;
import org.jdiameter.server.impl.helpers.EmptyConfiguration;
import org.jdiameter.server.impl.helpers.Parameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A new peer's first event, handed to it before the thread its FSM started runs: jdiameter's own
 * FSM starts a second thread, ours waits for the first. The FSM threads come from a factory that
 * holds them until the test lets them run.
 */
class OneThreadFsmFactoryTest {

  private final CountDownLatch run = new CountDownLatch(1);
  private final List<Thread> started = new CopyOnWriteArrayList<>();
  private final EmptyConfiguration config = new EmptyConfiguration(true);

  {
    config.add(Parameters.PeerFSMThreadCount, 1); // as the node sets it
  }

  /** Threads that run only once {@link #run} is open. */
  private final IConcurrentFactory heldThreads =
      proxy(
          IConcurrentFactory.class,
          (method, args) -> {
            if (method.equals("getThread") && args.length == 2) {
              Runnable body = (Runnable) args[1];
              Thread t =
                  new Thread(
                      () -> {
                        try {
                          run.await();
                        } catch (InterruptedException e) {
                          return;
                        }
                        body.run();
                      },
                      (String) args[0]);
              t.setDaemon(true);
              started.add(t);
              return t;
            }
            return null;
          });

  private final IContext context =
      proxy(
          IContext.class,
          (method, args) ->
              switch (method) {
                case "getPeerDescription" -> "test-peer";
                case "isConnected", "isRestoreConnection", "receiveMessage", "processCeaMessage" ->
                    false;
                case "processCerMessage", "processDwrMessage", "processDprMessage" -> 0;
                default -> null;
              });

  private final IStatisticManager statistics =
      proxy(IStatisticManager.class, (method, args) -> null);

  @AfterEach
  void stopThreads() throws Exception {
    run.countDown();
    for (IStateMachine fsm : fsms) {
      fsm.handleEvent(new FsmEvent(EventTypes.START_EVENT)); // DOWN -> INITIAL
      // With two threads, a STOP taken before the START would be ignored in DOWN.
      assertThat(
              Poll.until(
                  () -> fsm.getState(PeerState.class) == PeerState.INITIAL, Duration.ofSeconds(5)))
          .isTrue();
      fsm.handleEvent(new FsmEvent(EventTypes.STOP_EVENT)); // INITIAL -> DOWN: the threads leave
    }
    assertThat(Poll.until(() -> started.stream().noneMatch(Thread::isAlive), Duration.ofSeconds(5)))
        .as("FSM threads left")
        .isTrue();
  }

  private final List<IStateMachine> fsms = new CopyOnWriteArrayList<>();

  @Test
  void should_start_a_second_thread_when_jdiameters_fsm_gets_an_event_before_its_thread_runs()
      throws Exception {
    IStateMachine fsm = new PeerFSMImpl(context, heldThreads, config, statistics);
    fsms.add(fsm);

    fsm.handleEvent(new FsmEvent(EventTypes.DISCONNECT_EVENT)); // ignored in DOWN

    assertThat(started).hasSize(2);
  }

  @Test
  void should_wait_for_the_started_thread_when_our_fsm_gets_an_event_before_it_runs()
      throws Exception {
    IStateMachine fsm =
        new OneThreadFsmFactory(statistics).createInstanceFsm(context, heldThreads, config);
    fsms.add(fsm);
    Thread[] caller = new Thread[1];

    CompletableFuture<Boolean> handed =
        CompletableFuture.supplyAsync(
            () -> {
              caller[0] = Thread.currentThread();
              try {
                return fsm.handleEvent(new FsmEvent(EventTypes.DISCONNECT_EVENT));
              } catch (org.jdiameter.api.OverloadException
                  | org.jdiameter.api.InternalException e) {
                throw new IllegalStateException(e);
              }
            });
    assertThat(
            Poll.until(
                () -> caller[0] != null && caller[0].getState() == Thread.State.TIMED_WAITING,
                Duration.ofSeconds(5)))
        .as("the event waits for the FSM's thread")
        .isTrue();
    run.countDown();

    assertThat(handed.get(5, TimeUnit.SECONDS)).isTrue();
    assertThat(started).hasSize(1);
  }

  /** A {@code type} answering each call with {@code answer}(method name, arguments). */
  private static <T> T proxy(
      Class<T> type, java.util.function.BiFunction<String, Object[], Object> answer) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (self, method, args) -> {
              if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                  case "hashCode" -> System.identityHashCode(self);
                  case "equals" -> self == args[0];
                  default -> type.getSimpleName() + " fake";
                };
              }
              return answer.apply(method.getName(), args == null ? new Object[0] : args);
            }));
  }
}
