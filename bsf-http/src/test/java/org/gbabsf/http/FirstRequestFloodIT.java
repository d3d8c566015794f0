package org.gbabsf.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * With the optional per-source limit on, a flooding address gets 503 while other addresses are
 * served; and refusals say what is exhausted without echoing the request back.
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

  @Test
  void should_refuse_a_flooding_address_over_the_source_limit_when_other_addresses_bootstrap()
      throws Exception {
    Clock clock = Clock.systemUTC();
    UbServer server =
        new UbServer(
            service(new InMemorySessionStore(1000, clock), clock),
            UbServer.Settings.loopback().withSourceLimit(1, 10),
            new SimpleMeterRegistry());
    InetSocketAddress address = server.start();
    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    List<Response> flood;
    long floodNanos;
    List<GbaUe.Result> real = new ArrayList<>();
    try (UbClient client = new UbClient(loops, address)) {
      long start = System.nanoTime();
      try (Socket s = connectFrom("127.0.0.2", address)) {
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < 60; i++) {
          requests.append(firstRequest(SUBSCRIBERS.impi(1_000 + i).value()));
        }
        s.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
        flood = read(s.getInputStream(), 60);
      }
      floodNanos = System.nanoTime() - start;
      for (int i = 0; i < 5; i++) {
        real.add(ue(client, i).bootstrap().toCompletableFuture().get(20, TimeUnit.SECONDS));
      }
    } finally {
      server.close();
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    long challenged = flood.stream().filter(r -> r.status() == 401).count();
    List<Response> refused = flood.stream().filter(r -> r.status() == 503).toList();
    assertThat(challenged + refused.size()).isEqualTo(60);
    assertThat(challenged)
        .as("the burst, plus one a second while the flood lasted")
        .isBetween(10L, 10L + TimeUnit.NANOSECONDS.toSeconds(floodNanos) + 1);
    assertThat(refused)
        .allSatisfy(
            r -> {
              assertThat(r.body())
                  .isEqualTo("too many requests from this address (ub.source-limit.rate)\n");
              assertThat(r.headers()).containsKey("retry-after");
            });
    assertThat(real)
        .as("127.0.0.1 has its own bucket")
        .allMatch(GbaUe.Result.Bootstrapped.class::isInstance);
  }

  @Test
  void should_say_what_is_exhausted_and_echo_a_few_bytes_at_most_when_refusing() throws Exception {
    Clock clock = Clock.systemUTC();
    UbServer server =
        new UbServer(
            service(new InMemorySessionStore(1, clock), clock),
            UbServer.Settings.loopback(),
            new SimpleMeterRegistry());
    InetSocketAddress address = server.start();
    EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    GbaUe.Result first;
    GbaUe.Result second;
    Response malformed;
    String longName = "x".repeat(1_000);
    try (UbClient client = new UbClient(loops, address)) {
      first = ue(client, 0).bootstrap().toCompletableFuture().get(20, TimeUnit.SECONDS);
      second = ue(client, 1).bootstrap().toCompletableFuture().get(20, TimeUnit.SECONDS);
      try (Socket s = connectFrom("127.0.0.2", address)) {
        s.getOutputStream()
            .write(
                ("GET / HTTP/1.1\r\nHost: "
                        + NAME
                        + "\r\nUser-Agent: 3gpp-gba\r\nAuthorization: Digest "
                        + longName
                        + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        malformed = read(s.getInputStream(), 1).get(0);
      }
    } finally {
      server.close();
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    assertThat(first).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(second)
        .isInstanceOfSatisfying(
            GbaUe.Result.Failed.class,
            f -> {
              assertThat(f.status()).isEqualTo(503);
              assertThat(f.detail()).contains("session store full");
            });
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(malformed.body()).startsWith("Authorization: '=' expected after xxx");
    assertThat(malformed.body().length()).isLessThanOrEqualTo(80);
    assertThat(malformed.body()).doesNotContain("x".repeat(25));
  }

  private static BootstrappingService service(InMemorySessionStore sessions, Clock clock) {
    return new BootstrappingService(
        new SimulatedHss(SUBSCRIBERS, new SimulatedGuss(Duration.ofMinutes(20)), Duration.ZERO),
        new InMemoryChallengeStore(BOUND, clock),
        sessions,
        UbPolicy.defaults(NAME),
        clock);
  }

  private static GbaUe ue(UbClient client, int subscriber) {
    SimulatedUsim usim =
        new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(subscriber)).orElseThrow());
    return new GbaUe(client, new UeAuthenticator(usim, "/"), NAME, "/");
  }

  private static Socket connectFrom(String source, InetSocketAddress bsf) throws IOException {
    Socket s = new Socket();
    s.bind(new InetSocketAddress(InetAddress.getByName(source), 0));
    s.connect(bsf);
    s.setSoTimeout(20_000);
    return s;
  }

  private static String firstRequest(String impi) {
    return "GET / HTTP/1.1\r\nHost: "
        + NAME
        + "\r\nUser-Agent: flood 3gpp-gba\r\nAuthorization: Digest username=\""
        + impi
        + "\", realm=\""
        + NAME
        + "\", nonce=\"\", uri=\"/\", response=\"\"\r\n\r\n";
  }

  /** An HTTP response: status, lower-case header names, body as text. */
  private record Response(int status, java.util.Map<String, String> headers, String body) {}

  /** Reads {@code count} responses framed by Content-Length. */
  private static List<Response> read(InputStream raw, int count) throws IOException {
    InputStream in = new BufferedInputStream(raw);
    List<Response> responses = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      String status = line(in);
      java.util.Map<String, String> headers = new java.util.HashMap<>();
      for (String h = line(in); !h.isEmpty(); h = line(in)) {
        int colon = h.indexOf(':');
        headers.put(h.substring(0, colon).toLowerCase(Locale.ROOT), h.substring(colon + 1).strip());
      }
      byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
      responses.add(
          new Response(
              Integer.parseInt(status.split(" ")[1]),
              headers,
              new String(body, StandardCharsets.UTF_8)));
    }
    return responses;
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        throw new IOException("connection closed mid-response");
      }
      if (c != '\r') {
        b.write(c);
      }
    }
    return b.toString(StandardCharsets.US_ASCII);
  }
}
