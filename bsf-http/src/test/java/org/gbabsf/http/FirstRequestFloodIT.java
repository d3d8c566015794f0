package org.gbabsf.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
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
    AtomicLong flooded = new AtomicLong();
    List<Thread> flooders = new ArrayList<>();
    int succeeded = 0;
    try {
      for (int f = 0; f < FLOODERS; f++) {
        Thread t = floodFrom(f, address, stop, flooded);
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
    assertThat(flooded.get()).isGreaterThan(BOUND);
  }

  /**
   * A thread that pipelines first requests for IMPIs 100 and up from 127.0.0.{2+n}, {@link
   * #RATE_EACH} a second in batches every 10 ms, until {@code stop} (at most 20,000), and reads the
   * 401s back.
   */
  private static Thread floodFrom(
      int n, InetSocketAddress bsf, AtomicBoolean stop, AtomicLong flooded) {
    return new Thread(
        () -> {
          try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0." + (2 + n)), 0));
            s.connect(bsf);
            Thread reader = drain(s.getInputStream());
            OutputStream out = s.getOutputStream();
            long start = System.nanoTime();
            for (int i = 0; i < 20_000 && !stop.get(); i++) {
              String impi = SUBSCRIBERS.impi(100 + (n * 20_000 + i) % 19_000).value();
              out.write(firstRequest(impi));
              flooded.incrementAndGet();
              if (i % (RATE_EACH / 100) == 0) {
                out.flush();
                // pacing of an open-loop sender: the next batch is due 10 ms after this one
                java.util.concurrent.locks.LockSupport.parkNanos(
                    start + (i / (RATE_EACH / 100) + 1) * 10_000_000L - System.nanoTime());
              }
            }
            out.flush();
            s.shutdownOutput();
            reader.join(TimeUnit.SECONDS.toMillis(20));
          } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("flooder " + n + " failed", e);
          }
        },
        "flooder-" + n);
  }

  private static Thread drain(InputStream in) {
    Thread t =
        new Thread(
            () -> {
              byte[] buffer = new byte[64 * 1024];
              try {
                while (in.read(buffer) >= 0) {
                  // the 401s are not the point: only that they are read
                }
              } catch (IOException closed) {
                // the connection ends with the test
              }
            });
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static byte[] firstRequest(String impi) {
    return ("GET / HTTP/1.1\r\nHost: "
            + NAME
            + "\r\nUser-Agent: flood 3gpp-gba\r\nAuthorization: Digest username=\""
            + impi
            + "\", realm=\""
            + NAME
            + "\", nonce=\"\", uri=\"/\", response=\"\"\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }
}
