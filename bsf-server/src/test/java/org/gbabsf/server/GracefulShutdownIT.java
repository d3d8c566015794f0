package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A graceful restart under load: two instances on Cassandra in the default (hybrid) mode, UEs
 * spread over both by a client that moves to the other instance when a connection closes or a 503
 * arrives, as a load balancer or a retrying UE would; one instance is stopped the way SIGTERM stops
 * it. No bootstrap is lost, and {@code /ready} turns 503 while Ub still serves.
 */
@ExtendWith(CassandraExtension.class)
class GracefulShutdownIT {

  private static final int WORKERS = 8;

  private final TestBsf bsfs = new TestBsf();
  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
  private final LongAdder bootstrapped = new LongAdder();
  private final LongAdder lost = new LongAdder();
  private final LongAdder movedToOther = new LongAdder();
  private final LongAdder challengedAgain = new LongAdder();
  private final AtomicInteger nextUe = new AtomicInteger();

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** The answer, or null if the connection failed or closed before it. */
  private static UbClient.Response send(UbClient client, String authorization) {
    try {
      return TestBsf.send(client, authorization);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException) {
        return null;
      }
      throw new AssertionError(e);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static boolean movesOn(UbClient.Response r) {
    return r == null || r.status() == 503;
  }

  /** One UE's bootstrap, moving to the other instance as a load balancer would. */
  private boolean bootstrap(UbClient[] instances, int ueNumber) {
    UeAuthenticator ue = TestBsf.ue(1 + ueNumber % 999);
    int target = ueNumber % 2;
    for (int attempt = 0; attempt < 8; attempt++) {
      UbClient.Response challenge = send(instances[target], ue.initialAuthorization(REALM));
      if (movesOn(challenge)) {
        movedToOther.increment();
        target ^= 1;
        continue;
      }
      assertThat(challenge.status()).isEqualTo(401);
      UeAuthenticator.Step.Respond respond =
          (UeAuthenticator.Step.Respond)
              ue.onChallenge(challenge.header("WWW-Authenticate"), "GET");
      UbClient.Response ok = send(instances[target], respond.authorization());
      if (movesOn(ok)) {
        // The answer goes to the other instance: the challenge is in Cassandra too.
        movedToOther.increment();
        target ^= 1;
        ok = send(instances[target], respond.authorization());
      }
      if (ok != null && ok.status() == 200) {
        return true;
      }
      challengedAgain.increment();
    }
    return false;
  }

  private static boolean accepting(InetSocketAddress address) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", address.getPort()), 1000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  @Test
  void should_lose_no_bootstrap_and_turn_unready_before_closing_when_one_instance_stops_under_load(
      CassandraEndpoint cassandra) throws Exception {
    Map<String, String> settings = TestBsf.onCassandra(cassandra, "bsf_drain_it", "hybrid");
    settings.put("ub.drain-delay", "2s");
    BsfContext leaving = bsfs.start(settings);
    BsfContext staying = bsfs.start(settings);
    InetSocketAddress leavingUb = leaving.ubAddress();
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
    List<Future<?>> done = new ArrayList<>();
    for (int w = 0; w < WORKERS; w++) {
      done.add(
          workers.submit(
              () -> {
                UbClient[] instances = {bsfs.client(leaving), bsfs.client(staying)};
                while (running.get()) {
                  if (bootstrap(instances, nextUe.getAndIncrement())) {
                    bootstrapped.increment();
                  } else {
                    lost.increment();
                  }
                }
              }));
    }
    assertThat(Poll.until(() -> bootstrapped.sum() >= 200, Duration.ofSeconds(30))).isTrue();

    // What the SIGTERM hook of 'bsf serve' runs.
    CompletableFuture<Void> stopping = CompletableFuture.runAsync(leaving::drainAndClose);
    boolean unready = Poll.until(() -> !leaving.readiness().ready(), Duration.ofSeconds(5));
    boolean stillServingWhenUnready = accepting(leavingUb);
    UbClient fresh = bsfs.client(leaving);
    boolean bootstrapsWhileDraining = bootstrap(new UbClient[] {fresh, fresh}, 0);
    long beforeStop = bootstrapped.sum();
    stopping.get(30, TimeUnit.SECONDS);
    boolean closedAfter = !accepting(leavingUb);
    assertThat(Poll.until(() -> bootstrapped.sum() >= beforeStop + 200, Duration.ofSeconds(30)))
        .as("the staying instance serves everyone")
        .isTrue();
    running.set(false);
    for (Future<?> f : done) {
      f.get(60, TimeUnit.SECONDS);
    }
    workers.shutdown();

    assertThat(unready).as("/ready turned 503").isTrue();
    assertThat(leaving.readiness().whyDown("ub")).hasValue("draining: shutting down");
    assertThat(stillServingWhenUnready).as("listener still open when /ready said 503").isTrue();
    assertThat(bootstrapsWhileDraining).as("a bootstrap served while draining").isTrue();
    assertThat(closedAfter).as("listener closed after the drain").isTrue();
    assertThat(lost.sum()).as("bootstraps lost").isZero();
    assertThat(movedToOther.sum()).as("requests moved to the other instance").isPositive();
    assertThat(staying.readiness().ready()).isTrue();
    System.out.printf(
        "GracefulShutdownIT: %d bootstraps, 0 lost, %d requests moved to the other instance,"
            + " %d challenged again%n",
        bootstrapped.sum(), movedToOther.sum(), challengedAgain.sum());
  }
}
