package org.gbabsf.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.http.client.FailoverUbClient;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.http.server.UbServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The generator's load-balancer behaviour over real sockets: a request moves to the next instance
 * when the current one refuses the connection or answers 503.
 */
class FailoverUbClientIT {

  private static final String NAME = "bsf.home1.net";
  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(10, "home1.net");

  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable c : closing) {
      c.close();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** A Ub server; with {@code maxInFlight} 0 it answers every request 503. */
  private InetSocketAddress server(int maxInFlight) throws InterruptedException {
    Clock clock = Clock.systemUTC();
    BootstrappingService service =
        new BootstrappingService(
            new SimulatedHss(SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(20)), Duration.ZERO),
            new InMemoryChallengeStore(100, clock),
            new InMemorySessionStore(100, clock),
            UbPolicy.defaults(NAME),
            clock);
    UbServer.Settings s = UbServer.Settings.loopback();
    UbServer server =
        new UbServer(
            service,
            new UbServer.Settings(
                s.address(),
                s.port(),
                s.ioThreads(),
                s.maxHeaderSize(),
                maxInFlight,
                s.idleTimeout(),
                s.retryAfter()),
            new SimpleMeterRegistry());
    closing.add(server);
    return server.start();
  }

  private FailoverUbClient over(InetSocketAddress... instances) {
    List<UbClient> clients = new ArrayList<>();
    for (InetSocketAddress a : instances) {
      clients.add(new UbClient(loops, a));
    }
    FailoverUbClient client = new FailoverUbClient(clients);
    closing.add(client);
    return client;
  }

  private static GbaUe.Result bootstrap(FailoverUbClient client, int subscriber) throws Exception {
    SimulatedUsim usim = new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(subscriber)).get());
    return new GbaUe(client, new UeAuthenticator(usim, "/"), NAME, "/")
        .bootstrap()
        .toCompletableFuture()
        .get(20, TimeUnit.SECONDS);
  }

  @Test
  void should_bootstrap_on_the_next_instance_when_the_first_answers_503() throws Exception {
    FailoverUbClient client = over(server(0), server(100));

    GbaUe.Result result = bootstrap(client, 1);

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(client.moves()).isEqualTo(1);
    assertThat(client.lastAnswered()).as("the second instance answered").isEqualTo(1);
  }

  @Test
  void should_bootstrap_on_the_next_instance_when_the_first_refuses_connections() throws Exception {
    InetSocketAddress closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = new InetSocketAddress("127.0.0.1", s.getLocalPort());
    }
    FailoverUbClient client = over(closed, server(100));

    GbaUe.Result first = bootstrap(client, 2);
    GbaUe.Result second = bootstrap(client, 3);

    assertThat(first).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(second).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(client.moves()).as("the second stays on the instance that answered").isEqualTo(1);
    assertThat(client.lastAnswered()).isEqualTo(1);
  }

  @Test
  void should_name_no_instance_when_no_instance_answers() throws Exception {
    InetSocketAddress closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = new InetSocketAddress("127.0.0.1", s.getLocalPort());
    }
    FailoverUbClient client = over(closed, closed);

    GbaUe.Result result = bootstrap(client, 5);

    assertThat(result).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(client.lastAnswered()).isEqualTo(-1);
  }

  @Test
  void should_give_the_last_answer_when_every_instance_answers_503() throws Exception {
    FailoverUbClient client = over(server(0), server(0));

    GbaUe.Result result = bootstrap(client, 4);

    assertThat(result).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(((GbaUe.Result.Failed) result).status()).isEqualTo(503);
    assertThat(client.moves()).isEqualTo(1);
  }

  @Test
  void should_give_the_503_when_the_other_instances_refuse_connections() throws Exception {
    InetSocketAddress closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = new InetSocketAddress("127.0.0.1", s.getLocalPort());
    }
    FailoverUbClient client = over(server(0), closed, closed);

    GbaUe.Result result = bootstrap(client, 6);

    assertThat(result).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(((GbaUe.Result.Failed) result).status())
        .as("the refusal, not the dead instances' connection failures")
        .isEqualTo(503);
    assertThat(client.lastAnswered()).as("the instance that refused").isEqualTo(0);
    assertThat(client.moves()).isEqualTo(2);
  }
}
