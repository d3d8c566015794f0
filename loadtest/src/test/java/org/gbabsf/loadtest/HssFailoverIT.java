package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.http.client.BootstrapLoop;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.config.ConfigLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * HSS failures under load, with the HSS simulators in their own processes: the BSF fails over to a
 * second HSS when the first is killed, and reconnects to an HSS that restarts.
 */
class HssFailoverIT {

  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(1000, "home1.net");

  private final List<AutoCloseable> resources = new ArrayList<>();
  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

  @AfterEach
  void stop() throws Exception {
    for (int i = resources.size() - 1; i >= 0; i--) {
      resources.get(i).close();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  private <T extends AutoCloseable> T track(T resource) {
    resources.add(resource);
    return resource;
  }

  private BsfContext bsf(String peers) throws Exception {
    Map<String, String> s = new HashMap<>();
    s.put("ub.listen-address", "127.0.0.1");
    s.put("ub.port", "0");
    s.put("admin.port", "0");
    s.put("hss.type", "zh");
    s.put("zh.peers", peers);
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    s.put("diameter.reconnect-interval", "1s");
    s.put("zh.request-timeout", "1s");
    s.put("ub.hss-timeout", "3s");
    BsfContext bsf = track(BsfContext.create(ConfigLoader.load(null, Map.of(), s)));
    bsf.start();
    return bsf;
  }

  private GbaUe ue(BsfContext bsf, int n) {
    InetSocketAddress a = bsf.ubAddress();
    UbClient client = track(new UbClient(loops, new InetSocketAddress("127.0.0.1", a.getPort())));
    return new GbaUe(
        client,
        new UeAuthenticator(
            new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(n)).orElseThrow()), "/"),
        "bsf.home1.net",
        "/");
  }

  @Test
  void should_continue_on_the_second_hss_when_the_first_is_killed_mid_run() throws Exception {
    HssProcess first = track(new HssProcess("hss1.home1.net", Ports.free())).start();
    HssProcess second = track(new HssProcess("hss2.home1.net", Ports.free())).start();
    BsfContext bsf = bsf(first.peerSpec(2) + "," + second.peerSpec(1));
    assertThat(
            Poll.until(
                () -> isUp(bsf, "hss1.home1.net") && isUp(bsf, "hss2.home1.net"),
                Duration.ofSeconds(30)))
        .as("both HSS peers up")
        .isTrue();

    int ues = 3;
    List<GbaUe> clients = new ArrayList<>();
    for (int u = 0; u < ues; u++) {
      clients.add(ue(bsf, u));
    }
    BootstrapLoop load = new BootstrapLoop(clients).start();
    assertThat(Poll.until(() -> load.bootstrapped() >= 100, Duration.ofSeconds(60))).isTrue();
    first.kill();
    load.mark();
    double secondAtKill = served(bsf, "hss2.home1.net");
    assertThat(Poll.until(() -> load.bootstrappedSinceMark() >= 300, Duration.ofSeconds(60)))
        .as("bootstraps continue after the kill")
        .isTrue();
    load.stop();

    double onSecond = served(bsf, "hss2.home1.net") - secondAtKill;
    System.out.printf(
        "[hss-failover] bootstraps %d (after the kill: %d, served by hss2: %.0f), failures: %s%n",
        load.bootstrapped(),
        load.bootstrappedSinceMark(),
        onSecond,
        load.failures().isEmpty() ? "none" : load.failures());
    assertThat(onSecond)
        .as("bootstraps after the kill got their vectors from hss2")
        .isGreaterThanOrEqualTo(load.bootstrappedSinceMark() - ues);
    assertThat(load.failureCount())
        .as("only requests in flight on the killed HSS's connection may fail")
        .isLessThanOrEqualTo(ues);
  }

  @Test
  void should_reconnect_and_recover_without_restart_when_the_hss_restarts() throws Exception {
    int port = Ports.free();
    HssProcess hss = track(new HssProcess("hss1.home1.net", port)).start();
    BsfContext bsf = bsf(hss.peerSpec(1));
    assertThat(Poll.until(() -> bsf.zh().orElseThrow().isAvailable(), Duration.ofSeconds(30)))
        .isTrue();
    GbaUe ue = ue(bsf, 10);
    assertThat(ue.bootstrap().toCompletableFuture().get(10, TimeUnit.SECONDS))
        .isInstanceOf(GbaUe.Result.Bootstrapped.class);

    hss.kill();
    assertThat(Poll.until(() -> !bsf.zh().orElseThrow().isAvailable(), Duration.ofSeconds(30)))
        .isTrue();
    GbaUe.Result whileDown = ue.bootstrap().toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(whileDown).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(((GbaUe.Result.Failed) whileDown).status()).isEqualTo(503);

    HssProcess restarted = track(new HssProcess("hss1.home1.net", port)).start();
    assertThat(Poll.until(() -> bsf.zh().orElseThrow().isAvailable(), Duration.ofSeconds(30)))
        .as("BSF reconnected to the restarted HSS")
        .isTrue();
    GbaUe.Result after = ue(bsf, 11).bootstrap().toCompletableFuture().get(10, TimeUnit.SECONDS);
    System.out.printf("[hss-restart] while down: %s; after restart: %s%n", whileDown, after);
    assertThat(after).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    restarted.close();
  }

  private static double served(BsfContext bsf, String host) {
    var counter =
        bsf.meterRegistry().find("bsf.zh.answers").tags("peer", host, "result", "2001").counter();
    return counter == null ? 0 : counter.count();
  }

  private static boolean isUp(BsfContext bsf, String host) {
    return bsf.zh().orElseThrow().isUp(host);
  }
}
