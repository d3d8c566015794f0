package org.gbabsf.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.client.FirstRequestFlood;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.http.server.UbServer;
import org.junit.jupiter.api.Test;

/**
 * A flood of unauthenticated first requests, for IMPIs that exist, from other source addresses
 * (127.0.0.2-4), at 2,400/s (the rate that left 13 of 120 real bootstraps succeeding before) and
 * far beyond the challenge store's bound, cannot deny a real UE: the store drops its oldest
 * challenges, and a real UE answers its 401 long before its own is the oldest. (A flood that also
 * saturates the BSF's CPU is overload, answered by the overload protection, not by this policy.)
 */
class FirstRequestFloodIT {

  private static final String NAME = "bsf.home1.net";
  private static final int BOUND = 500;

  /** First requests per second from each flooder: 2,400/s in all, as measured against main. */
  private static final int RATE_EACH = 800;

  private static final int FLOODERS = 3;
  private static final int REAL_BOOTSTRAPS = 100;
  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(20_000, "home1.net");

  @Test
  void should_keep_bootstrapping_a_real_ue_when_first_requests_flood_past_the_challenge_bound()
      throws Exception {
    Clock clock = Clock.systemUTC();
    InMemoryChallengeStore challenges = new InMemoryChallengeStore(BOUND, clock);
    BootstrappingService service =
        new BootstrappingService(
            new SimulatedHss(SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(20)), Duration.ZERO),
            challenges,
            new InMemorySessionStore(1000, clock),
            UbPolicy.defaults(NAME),
            clock);
    UbServer server =
        new UbServer(service, UbServer.Settings.loopback(), new SimpleMeterRegistry());
    InetSocketAddress address = server.start();
    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    UbClient client = new UbClient(loops, address);
    AtomicBoolean stop = new AtomicBoolean();
    List<FirstRequestFlood> floods = new ArrayList<>();
    List<Thread> flooders = new ArrayList<>();
    List<String> impis = new ArrayList<>();
    for (int i = 100; i < 20_000; i++) {
      impis.add(SUBSCRIBERS.impi(i).value());
    }
    int succeeded = 0;
    try {
      for (int f = 0; f < FLOODERS; f++) {
        FirstRequestFlood flood =
            new FirstRequestFlood(
                InetAddress.getByName("127.0.0." + (2 + f)),
                address,
                NAME,
                impis.subList(f * 6_000, (f + 1) * 6_000),
                RATE_EACH,
                20_000,
                stop);
        floods.add(flood);
        Thread t = new Thread(flood, "flooder-" + f);
        flooders.add(t);
        t.start();
      }
      for (int i = 0; i < REAL_BOOTSTRAPS; i++) {
        SimulatedUsim usim = new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(i)).orElseThrow());
        GbaUe ue = new GbaUe(client, new UeAuthenticator(usim, "/"), NAME, "/");
        GbaUe.Result r = ue.bootstrap().toCompletableFuture().get(20, TimeUnit.SECONDS);
        if (r instanceof GbaUe.Result.Bootstrapped) {
          succeeded++;
        }
      }
    } finally {
      stop.set(true);
      for (Thread t : flooders) {
        t.join(TimeUnit.SECONDS.toMillis(20));
      }
      client.close();
      server.close();
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    assertThat(succeeded).as("real bootstraps that succeeded").isGreaterThanOrEqualTo(99);
    assertThat(challenges.evicted()).as("the flood went past the bound").isPositive();
    assertThat(challenges.size()).isLessThanOrEqualTo(BOUND);
    assertThat(floods.stream().mapToLong(FirstRequestFlood::sent).sum()).isGreaterThan(BOUND);
  }
}
